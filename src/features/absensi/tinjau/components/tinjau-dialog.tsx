import {
  Box,
  Button,
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
  TINJAU_JENIS_LABEL,
  TINJAU_MESSAGES,
  type Keputusan,
  type TinjauDetail,
  type TinjauItem,
  type TinjauMatch,
} from '../../../../domain/absensi/tinjau';
import { dateTimeForPeople } from '../../../../domain/dates';
import { StoredPhotoBox } from '../../components/stored-photo-box';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { decideTinjau, tinjauDetailQuery } from '../api';
import { TINJAU_TEXTS as T } from '../texts';
import { DecisionBadge, FlagBadges } from './tinjau-badges';

function Side({ item, side, matches }: { item: TinjauItem; side: 'in' | 'out'; matches: TinjauMatch[] }) {
  const s = item[side];
  const label = side === 'in' ? T.checkIn : T.checkOut;
  if (!s.jam && !s.foto) return null;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="medium">
        {label} {s.jam ? s.jam.slice(0, 5) : '--:--'} · {s.verified === 'passkey' ? T.verified : T.notVerified}
      </Text>
      <SimpleGrid columns={matches.length ? 2 : 1} gap="2">
        <StoredPhotoBox name={s.foto} alt={`Foto ${label.toLowerCase()} ${item.nama}`} noPhoto={T.noPhoto} />
        {matches.slice(0, 1).map((m) => (
          <Stack key={m.matched_foto} gap="1">
            <StoredPhotoBox
              name={m.matched_foto}
              alt={`${T.matchTitle}: ${m.matched_nama ?? m.matched_nrp}`}
              noPhoto={T.noPhoto}
            />
          </Stack>
        ))}
      </SimpleGrid>
      {matches.map((m) => (
        <Text key={m.matched_foto} textStyle="xs">
          {T.matchTitle}: {T.matchOf(m.matched_nama, m.matched_nrp, dateTimeForPeople(m.matched_at))} ·{' '}
          {T.matchDistance(m.distance)}
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

function Decide({ item, onDone }: { item: TinjauItem; onDone: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(decideTinjau(qc, item));
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = async (keputusan: Keputusan) => {
    if (!alasan.trim()) {
      setError(TINJAU_MESSAGES.alasanRequired);
      return;
    }
    try {
      const answer = await mutation.mutateAsync({ keputusan, alasan: alasan.trim() });
      notifySuccess(answer.message);
      onDone();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Stack gap="3">
      <Field.Root invalid={!!error} required>
        <Field.Label>{T.alasan}</Field.Label>
        <Textarea
          value={alasan}
          onChange={(e) => {
            setAlasan(e.target.value);
            if (error) setError(null);
          }}
          rows={2}
          maxLength={255}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{T.alasanHint}</Field.HelperText>}
      </Field.Root>
      <HStack gap="2" justify="flex-end">
        <Button colorPalette="red" variant="outline" loading={mutation.isPending} onClick={() => void decide('tolak')}>
          {T.tolak}
        </Button>
        <Button colorPalette="green" loading={mutation.isPending} onClick={() => void decide('terima')}>
          {T.terima}
        </Button>
      </HStack>
    </Stack>
  );
}

function Body({ item, detail, onDone }: { item: TinjauItem; detail: TinjauDetail | undefined; onDone: () => void }) {
  const shown = detail ?? { ...item, matches: [] };
  const points = mapPoints(shown);
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
          <Text>{shown.alasan}</Text>
        </Stack>
      ) : (
        <Decide item={shown} onDone={onDone} />
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
