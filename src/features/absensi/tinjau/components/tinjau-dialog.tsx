import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { StoreMap, type MapPoint } from '../../../../components/map';
import { useMediaQuery } from '../../../../components/use-media-query';
import { VISIT_RADIUS_DEFAULT_M } from '../../../../domain/absensi/absensi';
import {
  KEMIRIPAN_LABEL,
  TINJAU_JENIS_LABEL,
  TINJAU_MESSAGES,
  type TinjauDetail,
  type TinjauItem,
  type TinjauMatch,
} from '../../../../domain/absensi/tinjau';
import { dateTimeForPeople } from '../../../../domain/dates';
import { StoredPhotoBox } from '../../components/stored-photo-box';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { useSession } from '../../../../lib/use-session';
import { decideTinjau, tinjauDetailQuery } from '../api';
import { TINJAU_TEXTS as T } from '../texts';
import { DecisionBadge, FlagBadges } from './tinjau-badges';

function Side({ item, side, matches }: { item: TinjauItem; side: 'in' | 'out'; matches: TinjauMatch[] }) {
  const s = item[side];
  const label = side === 'in' ? T.checkIn : T.checkOut;
  if (!s.jam && !s.foto) return null;
  const shownMatch = matches.find((m) => m.matched_foto !== null);
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="medium">
        {label} {s.jam ? s.jam.slice(0, 5) : '--:--'} · {s.verified === 'passkey' ? T.verified : T.notVerified}
      </Text>
      <SimpleGrid columns={shownMatch ? 2 : 1} gap="2">
        <StoredPhotoBox name={s.foto} alt={`Foto ${label.toLowerCase()} ${item.nama}`} noPhoto={T.noPhoto} />
        {/* The closest earlier photo the reviewer may see, once; the others are named below in words. */}
        {shownMatch && (
          <StoredPhotoBox
            name={shownMatch.matched_foto}
            alt={`${KEMIRIPAN_LABEL[shownMatch.kemiripan]}: ${shownMatch.matched_nama}`}
            noPhoto={T.noPhoto}
          />
        )}
      </SimpleGrid>
      {matches.map((m, i) => (
        <Text key={`${m.matched_foto ?? 'lain'}-${i}`} textStyle="xs" data-testid="photo-match">
          <strong>{KEMIRIPAN_LABEL[m.kemiripan]}</strong>:{' '}
          {T.matchOf(m.matched_nama, m.matched_nrp, m.matched_at ? dateTimeForPeople(m.matched_at) : null)}
        </Text>
      ))}
      <Text textStyle="xs" color="fg.muted">
        {s.lat !== null && s.long !== null ? T.position(s.lat, s.long, s.accuracy) : T.noPosition}
      </Text>
    </Stack>
  );
}

function mapPoints(item: TinjauItem): MapPoint[] {
  const points: MapPoint[] = [];
  if (item.store?.lat != null && item.store.long != null)
    points.push({
      lat: item.store.lat,
      long: item.store.long,
      label: `${T.mapStore}: ${item.store.nama}`,
      radiusM: item.store.radius_m ?? VISIT_RADIUS_DEFAULT_M,
      color: '#2f855a',
    });
  if (item.in.lat !== null && item.in.long !== null)
    points.push({ lat: item.in.lat, long: item.in.long, label: T.mapIn, radiusM: item.in.accuracy, color: '#2563eb' });
  if (item.out.lat !== null && item.out.long !== null)
    points.push({
      lat: item.out.lat,
      long: item.out.long,
      label: T.mapOut,
      radiusM: item.out.accuracy,
      color: '#dc2626',
    });
  return points;
}

/** Tolak asks for the internal reason; a day says it still counts, and may be marked Alpa at once. */
function TolakDialog({
  item,
  mayMarkAlpa,
  busy,
  onCancel,
  onConfirm,
}: {
  item: TinjauItem;
  mayMarkAlpa: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (alasan: string, tandaiAlpa: boolean) => void;
}) {
  const [alasan, setAlasan] = useState('');
  const [alpa, setAlpa] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!alasan.trim()) {
      setError(TINJAU_MESSAGES.alasanRequired);
      return;
    }
    onConfirm(alasan.trim(), alpa);
  };
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onCancel()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{T.tolakTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {item.jenis === 'hari' && (
                  <Text textStyle="sm" data-testid="tolak-day-note">
                    {T.tolakDay}
                  </Text>
                )}
                <Field.Root invalid={!!error} required>
                  <Field.Label>
                    {T.alasan}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    value={alasan}
                    onChange={(e) => {
                      setAlasan(e.target.value);
                      if (error) setError(null);
                    }}
                    rows={3}
                    maxLength={255}
                  />
                  {error ? (
                    <Field.ErrorText>{error}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{T.alasanHint}</Field.HelperText>
                  )}
                </Field.Root>
                {item.jenis === 'hari' && mayMarkAlpa && (
                  <Checkbox.Root checked={alpa} onCheckedChange={(e) => setAlpa(e.checked === true)} alignItems="start">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="0.5" />
                    <Stack gap="0">
                      <Checkbox.Label>{T.tandaiAlpa}</Checkbox.Label>
                      <Text textStyle="xs" color="fg.muted">
                        {T.tandaiAlpaHint}
                      </Text>
                    </Stack>
                  </Checkbox.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {T.cancel}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={confirm}>
                {T.tolak}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Decide({ item, mayMarkAlpa, onDone }: { item: TinjauItem; mayMarkAlpa: boolean; onDone: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(decideTinjau(qc, item));
  const [pesan, setPesan] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const decide = async (
    body: { keputusan: 'terima' } | { keputusan: 'tolak'; alasan: string; tandai_alpa: boolean },
  ) => {
    try {
      const answer = await mutation.mutateAsync({ ...body, pesan_karyawan: pesan.trim() });
      notifySuccess(answer.message);
      setRejecting(false);
      onDone();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{T.pesan}</Field.Label>
        <Textarea value={pesan} onChange={(e) => setPesan(e.target.value)} rows={2} maxLength={255} />
        <Field.HelperText>{T.pesanHint}</Field.HelperText>
      </Field.Root>
      <HStack gap="2" justify="flex-end">
        <Button colorPalette="red" variant="outline" onClick={() => setRejecting(true)}>
          {T.tolak}
        </Button>
        <Button
          colorPalette="green"
          loading={mutation.isPending && !rejecting}
          onClick={() => void decide({ keputusan: 'terima' })}
        >
          {T.terima}
        </Button>
      </HStack>
      {rejecting && (
        <TolakDialog
          item={item}
          mayMarkAlpa={mayMarkAlpa}
          busy={mutation.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(alasan, tandaiAlpa) => void decide({ keputusan: 'tolak', alasan, tandai_alpa: tandaiAlpa })}
        />
      )}
    </Stack>
  );
}

function Body({ item, detail, onDone }: { item: TinjauItem; detail: TinjauDetail | undefined; onDone: () => void }) {
  const shown = detail ?? { ...item, matches: [], lokasi_sama: [], boleh_tandai_alpa: false };
  const points = mapPoints(shown);
  const nrp = useSession()?.user.nrp;
  const own = !!nrp && nrp === shown.nrp;
  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted">
        {shown.nrp} · {TINJAU_JENIS_LABEL[shown.jenis]}
        {shown.store ? ` · ${T.store} ${shown.store.nama}` : ''}
      </Text>
      <FlagBadges flags={shown.flags} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Side item={shown} side="in" matches={shown.matches.filter((m) => m.side === 'in')} />
        <Side item={shown} side="out" matches={shown.matches.filter((m) => m.side === 'out')} />
      </SimpleGrid>
      {shown.lokasi_sama.length > 0 && (
        <Stack gap="1" data-testid="same-location">
          <Text textStyle="sm" fontWeight="medium">
            {T.sameLocation}
          </Text>
          {shown.lokasi_sama.map((m, i) => (
            <Text key={i} textStyle="xs">
              {T.sameLocationOf(m.nama, m.nrp, m.at ? dateTimeForPeople(m.at) : null, m.tempat)}
            </Text>
          ))}
        </Stack>
      )}
      {points.length > 0 && <StoreMap points={points} height="240px" />}
      {shown.catatan && (
        <Box borderLeftWidth="3px" borderColor="border.emphasized" pl="3">
          <Text textStyle="xs" color="fg.muted">
            {T.employeeNote}
          </Text>
          <Text>{shown.catatan}</Text>
        </Box>
      )}
      {shown.keputusan ? (
        <Stack gap="1">
          <HStack gap="2">
            <DecisionBadge item={shown} />
            <Text textStyle="sm">
              {T.decidedBy(
                shown.diputuskan_oleh ?? '-',
                shown.diputuskan_pada ? dateTimeForPeople(shown.diputuskan_pada) : '',
              )}
            </Text>
          </HStack>
          {shown.alasan && (
            <Text>
              {T.alasan}: {shown.alasan}
            </Text>
          )}
          {shown.pesan_karyawan && (
            <Text>
              {T.pesan}: {shown.pesan_karyawan}
            </Text>
          )}
        </Stack>
      ) : own ? (
        // Someone else decides her own record (the server refuses it too).
        <Text textStyle="sm" color="fg.muted" data-testid="own-record">
          {TINJAU_MESSAGES.ownRecord}
        </Text>
      ) : (
        <Decide item={shown} mayMarkAlpa={shown.boleh_tandai_alpa} onDone={onDone} />
      )}
    </Stack>
  );
}

/** One flagged check-in: its photos beside the photos they resemble, the map, the flags and the decision. */
export function TinjauDialog({ item, onClose }: { item: TinjauItem | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const detail = useQuery({ ...tinjauDetailQuery(item?.id ?? ''), enabled: !!item });
  return (
    <Dialog.Root
      open={!!item}
      onOpenChange={(e) => !e.open && onClose()}
      size={phone ? 'full' : 'lg'}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {item && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{T.dialogTitle(item.nama, item.tanggal)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Body item={item} detail={detail.data} onDone={onClose} />
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={T.close} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
