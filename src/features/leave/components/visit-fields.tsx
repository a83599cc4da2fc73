import { Alert, Input, Spinner, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { FormField } from '../../../components/form-field';
import type { VisitDay } from '../../../domain/leave/leave-answers';
import { hariTanggal, jam } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { lookupQuery, periodLookupQuery } from '../../../lib/lookups';
import { visitDaysQuery } from '../api';
import type { LeaveFormValues } from '../form';
import { SelectField } from './select-field';

interface Props {
  type: 'TUKER_OFF' | 'PERUBAHAN_SHIFT';
  userid: string;
  /** The employee filed for ('' = the caller). */
  nrp: string;
  values: LeaveFormValues;
  set: (patch: Partial<LeaveFormValues>) => void;
  errors: Partial<Record<keyof LeaveFormValues, string>>;
  earliest: string;
}

const dayLabel = (d: VisitDay) =>
  `${dayjs(d.tanggal).format('ddd, DD MMM YYYY')} · ${d.shift.nama} ${jam(d.shift.jam_mulai)}–${jam(d.shift.jam_selesai)} · ${d.stores.length} toko`;

/**
 * Tuker Off Hari and Perubahan Shift Kerja (spec §5): a period (the current one preset), a day of the
 * employee's visit plan, and the requested day or shift. The plan comes from the cache when offline.
 */
export function VisitFields({ type, userid, nrp, values, set, errors, earliest }: Props) {
  const periods = useQuery(periodLookupQuery());
  const shifts = useQuery(lookupQuery('shift'));
  const plan = useQuery({ ...visitDaysQuery(userid, nrp, values.period_id), enabled: !!values.period_id });
  const days = (plan.data?.days ?? []).filter((d) => !d.checked_in && d.tanggal >= earliest);
  const free = (plan.data?.free_days ?? []).filter((d) => d >= earliest && d !== values.tanggal_off);

  return (
    <Stack gap="4">
      <FormField label="Period" required error={errors.period_id ? { message: errors.period_id } : undefined}>
        <SelectField
          value={values.period_id}
          placeholder="Pilih period"
          options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
          onChange={(period_id) => set({ period_id, tanggal_off: '', shift_id: '', shift_name: '', hari_request: '' })}
        />
      </FormField>
      {plan.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(plan.error)}</Alert.Title>
        </Alert.Root>
      )}
      <FormField
        label="Tanggal Kunjungan"
        required
        helper={plan.data && days.length === 0 ? 'Tidak ada kunjungan yang dapat diubah di period ini' : undefined}
        error={errors.tanggal_off ? { message: errors.tanggal_off } : undefined}
      >
        {plan.isPending && !!values.period_id ? (
          <Spinner size="sm" />
        ) : (
          <SelectField
            value={values.tanggal_off}
            placeholder="Pilih dari daftar kunjungan"
            options={days.map((d) => ({ value: d.tanggal, label: dayLabel(d) }))}
            onChange={(tanggal_off) => {
              const d = days.find((x) => x.tanggal === tanggal_off);
              set({ tanggal_off, shift_id: d?.shift.id ?? '', shift_name: d ? d.shift.nama : '', shift_request: '' });
            }}
          />
        )}
      </FormField>
      {type === 'TUKER_OFF' ? (
        <FormField
          label="Request Hari"
          required
          helper="Hari libur (tanpa jadwal kunjungan) yang akan menjadi hari kerja"
          error={errors.hari_request ? { message: errors.hari_request } : undefined}
        >
          <SelectField
            value={values.hari_request}
            placeholder="Pilih hari"
            options={free.map((d) => ({ value: d, label: hariTanggal(d) }))}
            onChange={(hari_request) => set({ hari_request })}
          />
        </FormField>
      ) : (
        <>
          <FormField label="Shift Saat Ini">
            <Input value={values.shift_name || '-'} readOnly aria-readonly />
          </FormField>
          <FormField
            label="Shift Request"
            required
            error={errors.shift_request ? { message: errors.shift_request } : undefined}
          >
            <SelectField
              value={values.shift_request}
              placeholder="Pilih shift"
              options={(shifts.data ?? [])
                .filter((s) => s.id !== values.shift_id)
                .map((s) => ({ value: s.id, label: `${s.nama} (${jam(s.jam_mulai)}–${jam(s.jam_selesai)})` }))}
              onChange={(shift_request) => set({ shift_request })}
            />
          </FormField>
        </>
      )}
    </Stack>
  );
}
