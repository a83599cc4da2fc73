import { Button, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { parseSort, type KaryawanRow, type KaryawanSortField } from '../../../domain/karyawan/karyawan-list';
import { karyawanListQuery, type KaryawanSearch } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { DataTable, type Column } from '../../../components/data-table';
import { SearchBox } from '../../../components/search-box';

/** The search box of the employee lists (the shared one, labelled for employees). */
export function KaryawanSearchBox({ q, onChange, label }: { q: string; onChange: (q: string) => void; label: string }) {
  return <SearchBox q={q} onChange={onChange} placeholder={label} />;
}

/** A column header that sorts the list by its field (asc → desc → the list's own order). */
export function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: KaryawanSortField;
  label: string;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const current = parseSort(sort);
  const direction = current?.field === field ? current.direction : null;
  const next = direction === null ? `${field}|asc` : direction === 'asc' ? `${field}|desc` : '';
  return (
    <Button
      variant="plain"
      size="xs"
      px="0"
      color="fg"
      fontWeight="semibold"
      onClick={() => onSort(next)}
      aria-label={`Urutkan ${label}`}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
    >
      {label}
      <Text as="span" color={direction ? 'fg' : 'fg.subtle'} aria-hidden="true">
        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
      </Text>
    </Button>
  );
}

/** The NRP as a link to the detail (read-only when reached from the resigned list). */
export function NrpLink({ nrp, fromResign }: { nrp: string; fromResign?: boolean }) {
  return (
    <Link to="/karyawan/$id/edit" params={{ id: nrp }} search={fromResign ? { from: 'resign' } : {}}>
      <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
        {nrp}
      </Text>
    </Link>
  );
}

/**
 * The body of an employee list (active or resigned): the search box and the paged table, both driven
 * by the URL's search params through `onSearchChange`.
 */
export function KaryawanListTable({
  resigned,
  caption,
  columns,
  search,
  onSearchChange,
}: {
  resigned: boolean;
  caption: string;
  columns: Column<KaryawanRow>[];
  search: KaryawanSearch;
  onSearchChange: (next: Partial<KaryawanSearch>) => void;
}) {
  const query = useQuery(karyawanListQuery(resigned, search));
  return (
    <>
      <KaryawanSearchBox
        q={search.q}
        onChange={(q) => onSearchChange({ q, page: 1 })}
        label={KARYAWAN_TEXTS.searchPlaceholder}
      />
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => r.nrp}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearchChange({ page }),
        }}
      />
    </>
  );
}
