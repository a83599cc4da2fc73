import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import type { AbsensiListRow } from '../../../../domain/absensi/absensi-list';
import { STATUS_ABSENSI } from '../../../../domain/enums';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';

const F = T.form;
const statusName = (id: string) => STATUS_ABSENSI.find((s) => s.id === id)?.nama ?? id;
/** The values a manual entry sets, as the form holds them. */
export interface DayValues {
  shift_id?: string;
  sts_abs_id?: string;
  jam_masuk?: string;
  jam_keluar?: string;
}

const jamText = (jam: string | null | undefined) => jam || '–';

/**
 * What the day holds before HR changes it: the values it shows now (and where they came from), and the
 * employee's own check-in beneath them, which a manual change never replaces (decision 027).
 */
export function ExistingDayCard({ day }: { day: AbsensiListRow }) {
  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderColor="border.warning"
      bg="bg.warning"
      rounded="md"
      p="4"
      data-testid="existing-day"
      aria-label={F.existingTitle}
      role="region"
    >
      <Text fontWeight="semibold">{F.existingTitle}</Text>
      <Text textStyle="sm">{F.existingHint}</Text>
      <Stack gap="1">
        <Text textStyle="xs" color="fg.muted">
          {F.shown} <Badge size="sm">{T.sumber[day.sumber] ?? day.sumber}</Badge>
        </Text>
        <Text data-testid="existing-shown" fontVariantNumeric="tabular-nums">
          {day.sts_abs_id} - {statusName(day.sts_abs_id)} · {F.jamMasuk} {jamText(day.jam_masuk)} · {F.jamKeluar}{' '}
          {jamText(day.jam_keluar)}
          {day.shift ? ` · ${day.shift.nama}` : ''}
        </Text>
        {day.alasan && <Text textStyle="sm">“{day.alasan}”</Text>}
      </Stack>
      <Stack gap="1">
        <Text textStyle="xs" color="fg.muted">
          {F.fieldRecord}
        </Text>
        {day.field_jam_masuk ? (
          <>
            <Text data-testid="existing-field" fontVariantNumeric="tabular-nums">
              Check In {day.field_jam_masuk} · Check Out {jamText(day.field_jam_keluar)}
            </Text>
            <Text textStyle="sm">{F.fieldKept}</Text>
          </>
        ) : (
          <Text textStyle="sm">{F.noFieldRecord}</Text>
        )}
      </Stack>
    </Stack>
  );
}

const ROWS = [
  { key: 'shift_id', label: F.shift },
  { key: 'sts_abs_id', label: F.status },
  { key: 'jam_masuk', label: F.jamMasuk },
  { key: 'jam_keluar', label: F.jamKeluar },
] as const;

/** Before and after of a replacement, for the confirmation; changed values stand out. */
export function ReplaceSummary({ day, next }: { day: AbsensiListRow; next: DayValues }) {
  const before = {
    shift_id: day.shift_id ?? '',
    sts_abs_id: day.sts_abs_id,
    jam_masuk: day.jam_masuk ?? '',
    jam_keluar: day.jam_keluar ?? '',
  };
  return (
    <Stack gap="3">
      <Text>{F.replaceText}</Text>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="replace-summary">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{F.field}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.before}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.after}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ROWS.map(({ key, label }) => {
              const after = normalJam(next[key] ?? '');
              const changed = after !== before[key];
              return (
                <Table.Row key={key}>
                  <Table.Cell>{label}</Table.Cell>
                  <Table.Cell>{before[key] || '–'}</Table.Cell>
                  <Table.Cell fontWeight={changed ? 'bold' : undefined}>{after || '–'}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/** A time input gives 'HH:mm' when its seconds are zero; the record keeps 'HH:mm:ss'. */
export const normalJam = (s: string) => (/^\d{2}:\d{2}$/.test(s) ? `${s}:00` : s);

/** The form's values differ from what the day shows. */
export function differsFrom(day: AbsensiListRow, next: DayValues): boolean {
  return (
    (day.shift_id ?? '') !== (next.shift_id ?? '') ||
    day.sts_abs_id !== (next.sts_abs_id ?? '') ||
    (day.jam_masuk ?? '') !== normalJam(next.jam_masuk ?? '') ||
    (day.jam_keluar ?? '') !== normalJam(next.jam_keluar ?? '')
  );
}
