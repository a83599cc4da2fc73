import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '../../../../components/form-field';
import { PHOTO_MAX_BYTES } from '../../../../domain/absensi/absensi';
import {
  firstKoreksiDay,
  KOREKSI_ALASAN_MAX,
  KOREKSI_MESSAGES,
  KoreksiFieldsSchema,
  koreksiJamAfterNow,
  type KoreksiFormValues,
  type KoreksiRow,
} from '../../../../domain/absensi/koreksi';
import { hariTanggal, tanggalPanjang } from '../../../../lib/format';
import { formResolver } from '../../../../lib/form-resolver';
import type { OutboxRow } from '../../../../lib/offline/db';
import { onOutboxMessage } from '../../../../lib/offline/signal';
import { useOutboxRows } from '../../../../lib/offline/use-outbox';
import { ownProfileQuery } from '../../../../lib/own-profile';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { useOnline, useSession } from '../../../../lib/use-session';
import { ownRecordQuery } from '../../api';
import { fieldDayTime, fieldTime, fieldToday, fieldZone } from '../../zone';
import { ownKoreksiQuery, refreshKoreksi } from '../api';
import { hariPendek } from '../format';
import { enqueueKoreksi, undeliveredKoreksi, type KOREKSI_CREATE } from '../outbox';
import { KoreksiStateBadge } from './koreksi-state-badge';
import { KoreksiTimes } from './koreksi-times';

type FormValues = KoreksiFormValues;
const BLANK: FormValues = { tanggal: '', jam_masuk: '', jam_keluar: '', alasan: '' };

/** The days she may correct, newest first: today and the 6 before it, in her zone. */
function koreksiDays(today: string): string[] {
  const first = firstKoreksiDay(today);
  const out: string[] = [];
  for (let d = dayjs(today); d.format('YYYY-MM-DD') >= first; d = d.subtract(1, 'day'))
    out.push(d.format('YYYY-MM-DD'));
  return out;
}

/**
 * /request/absensi, "Koreksi Absensi": she picks a day of the last 7, the proposed check-in and/or
 * check-out, a reason and (if she has one) a photo. It works offline: saving writes the request to the
 * outbox first; her requests below show where each stands, the waiting ones as "menunggu sinkron".
 */
export function KoreksiRequestPage({ tanggal: asked }: { tanggal?: string } = {}) {
  const user = useSession()?.user;
  const online = useOnline();
  const queryClient = useQueryClient();
  const userid = user?.userid ?? '';
  const profile = useQuery({ ...ownProfileQuery(userid), enabled: !!user?.nrp });
  const zone = fieldZone(profile.data);
  const days = koreksiDays(fieldToday(zone));
  const own = useQuery({ ...ownKoreksiQuery(userid), enabled: !!user?.nrp });
  const outbox = useOutboxRows(user?.userid) ?? [];
  const pending = undeliveredKoreksi(outbox);
  // Opened for one day (the Lupa Check Out card's link): that day is chosen, when she may still correct it.
  const form = useForm<FormValues>({
    defaultValues: { ...BLANK, tanggal: asked && days.includes(asked) ? asked : '' },
    resolver: formResolver(KoreksiFieldsSchema),
  });
  const errors = form.formState.errors;
  const [foto, setFoto] = useState<File | null>(null);
  const [fotoError, setFotoError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The outbox row id (and Idempotency-Key) of this filing: one request however often Kirim is pressed.
  const [rowId, setRowId] = useState(() => crypto.randomUUID());
  const fotoInput = useRef<HTMLInputElement>(null);
  // What the chosen day shows now, so she sees what she corrects (and whether it is "Lupa Check Out").
  const chosen = useWatch({ control: form.control, name: 'tanggal' }) ?? '';
  const recorded = useQuery({ ...ownRecordQuery(userid, chosen), enabled: !!chosen && !!user?.nrp });

  // While online, the days she may correct come to the phone, so choosing one offline still shows it.
  const dayList = days.join(',');
  useEffect(() => {
    if (!online || !user?.nrp || !userid) return;
    for (const d of dayList.split(',')) void queryClient.prefetchQuery(ownRecordQuery(userid, d));
  }, [online, user?.nrp, userid, dayList, queryClient]);

  // A delivered row changes what the server says: her list is asked again.
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced' && userid) void refreshKoreksi(queryClient, userid);
      }),
    [queryClient, userid],
  );

  if (!user) return null;
  if (!user.nrp) {
    return (
      <Alert.Root status="warning" maxW="2xl" mx="auto">
        <Alert.Indicator />
        <Alert.Title>{KOREKSI_MESSAGES.notLinked}</Alert.Title>
      </Alert.Root>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const now = fieldDayTime(zone, new Date());
    const afterNow = koreksiJamAfterNow(
      { tanggal: values.tanggal ?? '', jam_masuk: values.jam_masuk ?? '', jam_keluar: values.jam_keluar ?? '' },
      now.tanggal,
      now.jam,
    );
    if (afterNow) {
      form.setError(afterNow, { message: KOREKSI_MESSAGES.jamFuture });
      return;
    }
    setSaving(true);
    try {
      await enqueueKoreksi({
        id: rowId,
        userid: user.userid,
        fields: {
          tanggal: values.tanggal ?? '',
          jam_masuk: values.jam_masuk ?? '',
          jam_keluar: values.jam_keluar ?? '',
          alasan: values.alasan ?? '',
        },
        foto,
        at: dayjs(),
      });
      notifySuccess(
        online
          ? 'Koreksi absensi tersimpan, sedang dikirim'
          : 'Koreksi absensi tersimpan di perangkat, menunggu sinkron',
      );
      form.reset(BLANK);
      setFoto(null);
      setRowId(crypto.randomUUID());
    } catch {
      notifyError(new Error('Gagal menyimpan di perangkat. Periksa ruang penyimpanan lalu coba lagi.'));
    } finally {
      setSaving(false);
    }
  });

  const rows = own.data?.result ?? [];
  return (
    <Stack gap="5" maxW="2xl" mx="auto" pb="20">
      <Card.Root>
        <Card.Body>
          <form noValidate onSubmit={(e) => void submit(e)} aria-label="Koreksi Absensi">
            <Stack gap="4">
              <Text textStyle="sm" color="fg.muted">
                Ajukan koreksi jam masuk atau jam keluar untuk salah satu dari 7 hari terakhir. Koreksi disetujui oleh
                Team Leader, lalu Admin.
              </Text>
              <FormField label="Tanggal" required error={errors.tanggal}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    data-testid="koreksi-tanggal"
                    {...form.register('tanggal', { onChange: () => form.clearErrors('tanggal') })}
                  >
                    <option value="">Pilih tanggal</option>
                    {days.map((d, i) => (
                      <option key={d} value={d}>
                        {hariTanggal(d)}
                        {i === 0 ? ' (hari ini)' : i === 1 ? ' (kemarin)' : ''}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {chosen && (
                <Box textStyle="sm" bg="bg.muted" rounded="md" px="3" py="2" data-testid="koreksi-recorded">
                  {recorded.data ? (
                    <HStack gap="2" flexWrap="wrap">
                      <Text>
                        Tercatat: Masuk {fieldTime(recorded.data.jam_masuk, zone)} · Keluar{' '}
                        {fieldTime(recorded.data.jam_keluar, zone)}
                      </Text>
                      {recorded.data.forgot_checkout && (
                        <Badge colorPalette="orange" variant="subtle">
                          Lupa Check Out
                        </Badge>
                      )}
                    </HStack>
                  ) : recorded.data === null ? (
                    <Text>Belum ada absensi tercatat pada hari itu.</Text>
                  ) : (
                    <Text color="fg.muted">
                      {recorded.isPaused ? 'Absensi hari itu belum ada di perangkat ini.' : 'Memuat absensi hari itu…'}
                    </Text>
                  )}
                </Box>
              )}
              <Box as="fieldset" minW="0">
                <Text as="legend" fontWeight="medium" textStyle="sm">
                  Usulan Jam
                </Text>
                <Text textStyle="xs" color="fg.muted" mb="2">
                  Isi jam yang dikoreksi saja; kosongkan yang sudah benar.
                </Text>
                <HStack gap="3" align="start">
                  <FormField label="Jam Masuk" error={errors.jam_masuk}>
                    <Input type="time" {...form.register('jam_masuk', { onChange: () => form.clearErrors() })} />
                  </FormField>
                  <FormField label="Jam Keluar" error={errors.jam_keluar}>
                    <Input type="time" {...form.register('jam_keluar', { onChange: () => form.clearErrors() })} />
                  </FormField>
                </HStack>
              </Box>
              <FormField label="Alasan" required error={errors.alasan}>
                <Textarea
                  rows={3}
                  maxLength={KOREKSI_ALASAN_MAX}
                  placeholder="Mis. lupa check out, HP mati"
                  {...form.register('alasan')}
                />
              </FormField>
              <Field.Root invalid={!!fotoError}>
                <Field.Label>Foto (opsional)</Field.Label>
                <input
                  ref={fotoInput}
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  hidden
                  aria-label="Pilih foto"
                  data-testid="koreksi-foto-input"
                  onChange={(e) => {
                    const chosen = e.target.files?.[0] ?? null;
                    e.target.value = '';
                    if (!chosen) return;
                    if (chosen.size > PHOTO_MAX_BYTES) {
                      setFotoError('Ukuran foto maksimal 2 MB');
                      return;
                    }
                    setFotoError(null);
                    setFoto(chosen);
                  }}
                />
                <HStack gap="2" flexWrap="wrap" w="full">
                  <Button size="sm" variant="outline" onClick={() => fotoInput.current?.click()}>
                    {foto ? 'Ganti Foto' : 'Pilih Foto'}
                  </Button>
                  {foto && (
                    <>
                      <Text textStyle="sm" truncate maxW="48" data-testid="koreksi-foto-name">
                        {foto.name}
                      </Text>
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setFoto(null)}>
                        Hapus
                      </Button>
                    </>
                  )}
                </HStack>
                {!fotoError && <Field.HelperText>Bukti pendukung: JPG, PNG atau WebP, maks. 2 MB</Field.HelperText>}
                <Field.ErrorText>{fotoError}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" size="lg" loading={saving} alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
                Kirim Koreksi
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <Stack gap="2">
        <Heading size="md">Pengajuan Saya</Heading>
        {pending.map((r) => (
          <PendingKoreksi key={r.id} row={r} />
        ))}
        {rows.map((r) => (
          <OwnKoreksi key={r.id} row={r} />
        ))}
        {!pending.length && !rows.length && (
          <Text textStyle="sm" color="fg.muted" data-testid="koreksi-empty">
            {own.isPaused && !own.data
              ? 'Daftar pengajuan belum ada di perangkat ini. Buka halaman ini saat online untuk memuatnya.'
              : own.isPending
                ? 'Memuat…'
                : 'Belum ada koreksi absensi.'}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function PendingKoreksi({ row }: { row: OutboxRow<typeof KOREKSI_CREATE> }) {
  const refused = row.state === 'needs-action';
  const p = row.payload;
  return (
    <Card.Root size="sm" borderColor={refused ? 'border.error' : 'orange.muted'} data-testid="koreksi-pending">
      <Card.Body py="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium">{p.tanggal ? hariPendek(p.tanggal) : 'Koreksi Absensi'}</Text>
            <Text textStyle="sm" color="fg.muted">
              {[
                p.jam_masuk && `Masuk → ${p.jam_masuk.slice(0, 5)}`,
                p.jam_keluar && `Keluar → ${p.jam_keluar.slice(0, 5)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {refused && (
              <Text textStyle="sm" color="fg.error">
                Ditolak server: {row.lastError} ·{' '}
                <Link to="/sinkron" style={{ textDecoration: 'underline' }}>
                  buka Sinkronisasi
                </Link>
              </Text>
            )}
          </Stack>
          <Badge colorPalette={refused ? 'red' : 'orange'} variant="subtle" flexShrink={0} data-testid="pending-badge">
            {refused ? 'perlu tindakan' : 'menunggu sinkron'}
          </Badge>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function OwnKoreksi({ row }: { row: KoreksiRow }) {
  const note = row.admin_keterangan ?? row.tl_keterangan;
  return (
    <Card.Root size="sm" data-testid="koreksi-own">
      <Card.Body py="3">
        {/* The badge shares the first line with the day; the times below get the card's whole width. */}
        <Stack gap="0">
          <HStack justify="space-between" align="start" gap="2" flexWrap="wrap" mb="1">
            <Text fontWeight="medium">{hariPendek(row.tanggal)}</Text>
            <KoreksiStateBadge row={row} />
          </HStack>
          <KoreksiTimes row={row} />
          <Text textStyle="sm" color="fg.muted" lineClamp={2}>
            {row.alasan}
          </Text>
          {note && (
            <Box textStyle="xs" color="fg.muted">
              Catatan approver: {note}
            </Box>
          )}
          <Text textStyle="xs" color="fg.subtle">
            Diajukan {tanggalPanjang(row.captured_at ?? row.received_at, true)}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
