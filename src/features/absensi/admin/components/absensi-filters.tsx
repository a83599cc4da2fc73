import { Field, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { SearchBox } from '../../../../components/search-box';
import type { AbsensiListQuery } from '../../../../domain/absensi/absensi-list';
import { STATUS_ABSENSI } from '../../../../domain/enums';
import type { MasterResource } from '../../../../domain/master/master';
import { dateIn } from '../../../../domain/time-zone';
import { lookupQuery } from '../../../../lib/lookups';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { DateFilterInput } from '../../../../components/date-filter-input';

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} bg="bg">
        <option value="">{label}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function LookupChoice(props: {
  resource: MasterResource;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const rows = useQuery(lookupQuery(props.resource));
  const options = (rows.data ?? []).map((o) => {
    const row = o as { id: string; nama?: string; type?: string };
    const name = row.nama ?? row.type;
    return { value: row.id, label: name ? `${row.id} - ${name}` : row.id };
  });
  return <Choice label={props.label} value={props.value} onChange={props.onChange} options={options} />;
}

/**
 * The list's filter panel (spec part 2 §2.7, §5): Mulai/Selesai never after today (the newest day in
 * Indonesia, WIT, as the server checks), location, client, sales office, employee type, status, source,
 * and a search by NRP or name. Every change applies at once and goes into the URL.
 */
export function AbsensiFilters({
  search,
  onSearch,
  showSumber = true,
}: {
  search: AbsensiListQuery;
  onSearch: (change: Partial<AbsensiListQuery>) => void;
  showSumber?: boolean;
}) {
  const today = dateIn('Asia/Jayapura', new Date());
  const start = search.startDate ?? today;
  const end = search.endDate ?? start;
  const set = (change: Partial<AbsensiListQuery>) => onSearch({ ...change, page: 1 });
  return (
    <Stack gap="3" bg="bg" borderWidth="1px" rounded="md" p="3">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Field.Root>
          <Field.Label>{T.mulai}</Field.Label>
          <DateFilterInput
            label={T.mulai}
            value={start}
            max={end < today ? end : today}
            onChange={(d) => d && set({ startDate: d, endDate: end < d ? d : end })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.selesai}</Field.Label>
          <DateFilterInput
            label={T.selesai}
            value={end}
            min={start}
            max={today}
            onChange={(d) => d && d <= today && set({ startDate: start, endDate: d })}
          />
        </Field.Root>
        <Stack gridColumn={{ base: 'span 2', md: 'span 2' }} justify="flex-end">
          <SearchBox q={search.q} onChange={(q) => set({ q })} placeholder={T.search} />
        </Stack>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 2, md: 3, lg: showSumber ? 6 : 5 }} gap="3">
        <LookupChoice
          resource="lokasi"
          label={T.allLokasi}
          value={search.lokasi}
          onChange={(lokasi) => set({ lokasi })}
        />
        <LookupChoice
          resource="client"
          label={T.allClient}
          value={search.client}
          onChange={(client) => set({ client })}
        />
        <LookupChoice
          resource="sales-office"
          label={T.allOffice}
          value={search.sales_office}
          onChange={(sales_office) => set({ sales_office })}
        />
        <LookupChoice
          resource="karyawan-type"
          label={T.allType}
          value={search.type}
          onChange={(type) => set({ type })}
        />
        <Choice
          label={T.allStatus}
          value={search.status}
          onChange={(status) => set({ status })}
          options={STATUS_ABSENSI.map((s) => ({ value: s.id, label: `${s.id} - ${s.nama}` }))}
        />
        {showSumber && (
          <Choice
            label={T.allSumber}
            value={search.sumber}
            onChange={(sumber) => set({ sumber: sumber as AbsensiListQuery['sumber'] })}
            options={Object.entries(T.sumber).map(([value, label]) => ({ value, label }))}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
