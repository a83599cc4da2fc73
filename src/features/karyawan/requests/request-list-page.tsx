import { Box, Button, Checkbox, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useMediaQuery } from '../../../components/use-media-query';
import {
  BULK_APPROVE_MAX,
  REQUEST_FILTER_LABELS,
  REQUEST_FILTERS,
  type ProfileRequestRow,
  type RequestFilter,
} from '../../../domain/karyawan/request';
import { tanggalPanjang } from '../../../lib/format';
import { useCan } from '../../../lib/use-can';
import { useSession } from '../../../lib/use-session';
import { requestListQuery, type RequestSearch } from './api';
import { REQUEST_TEXTS } from './texts';
import { BulkApproveDialog } from './bulk-approve-dialog';
import { RequestDialog } from './request-dialog';
import { RequestStatusBadge } from './request-status-badge';

interface Props {
  search: RequestSearch;
  onSearchChange: (next: Partial<RequestSearch>) => void;
}

/**
 * /karyawan/request (spec §2 "Change requests"): the requests in the user's scope by approval status.
 * Selecting a request (its number, or the row's button) opens it with each requested value beside
 * the current one; with karyawan.request.approve an open one is approved or rejected there. Open rows
 * also have a checkbox (not her own request): Approve approves the checked ones at once.
 */
export function RequestListPage({ search, onSearchChange }: Props) {
  const user = useSession()?.user;
  const can = useCan();
  const canDecide = can('karyawan.request.approve');
  const query = useQuery(requestListQuery(search));
  const rows = query.data?.result;
  const [selected, setSelected] = useState<ProfileRequestRow | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [bulkRows, setBulkRows] = useState<ProfileRequestRow[] | null>(null);
  const open = search.status === 'open';
  // The DataTable's card width: a card has no header row, so select-all sits above the cards there.
  const narrow = useMediaQuery('(max-width: 63.99em)');
  const picking = open && canDecide;

  const approvable = (r: ProfileRequestRow) => r.approve_status === 'N' && r.nrp !== user?.nrp;
  const selectable = picking ? (rows ?? []).filter(approvable) : [];
  const chosen = selectable.filter((r) => checked.has(r.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const tooMany = chosen.length > BULK_APPROVE_MAX;
  const toggle = (id: number, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const changeSearch = (next: Partial<RequestSearch>) => {
    setChecked(new Set());
    onSearchChange(next);
  };

  const nomorButton = (r: ProfileRequestRow) => (
    <Button variant="plain" size="sm" p="0" h="auto" color="fg.info" onClick={() => setSelected(r)}>
      {r.nomor_registrasi}
    </Button>
  );
  const selectAll = (
    <Checkbox.Root
      size={narrow ? 'md' : 'sm'}
      disabled={!selectable.length}
      checked={allChosen ? true : chosen.length ? 'indeterminate' : false}
      onCheckedChange={(e) => setChecked(new Set(e.checked === true ? selectable.map((r) => r.id) : []))}
    >
      <Checkbox.HiddenInput aria-label={REQUEST_TEXTS.selectAll} />
      <Checkbox.Control />
      {narrow && <Checkbox.Label>{REQUEST_TEXTS.selectAllShort}</Checkbox.Label>}
    </Checkbox.Root>
  );

  const columns: Column<ProfileRequestRow>[] = [
    { key: 'nomor', header: 'Nomor', cell: nomorButton },
    {
      key: 'nrp',
      header: 'NRP',
      cell: (r) => (
        <Link to="/karyawan/$id/edit" params={{ id: r.nrp }}>
          <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
            {r.nrp}
          </Text>
        </Link>
      ),
    },
    { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    {
      key: 'so',
      header: 'Sales Office',
      cell: (r) => (r.sales_office ? `${r.sales_office.id}-${r.sales_office.nama}` : '-'),
    },
    {
      key: 'tgl',
      header: 'Tgl Pengajuan',
      cell: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {tanggalPanjang(r.tanggal_pengajuan)}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', cell: (r) => <RequestStatusBadge status={r.approve_status} /> },
    {
      key: 'approve',
      header: 'Tanggal Approve',
      cell: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {tanggalPanjang(r.approve_date)}
        </Text>
      ),
    },
    {
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => (
        <Button
          size="xs"
          variant={open && canDecide ? 'solid' : 'outline'}
          onClick={() => setSelected(r)}
          aria-label={`${open && canDecide ? 'Approve' : 'Lihat'} ${r.nomor_registrasi}`}
        >
          {open && canDecide ? 'Approve' : 'Lihat'}
        </Button>
      ),
    },
  ];
  if (picking) {
    const pick: Column<ProfileRequestRow> = {
      key: 'pick',
      width: '10',
      header: selectAll,
      cell: (r) => (
        <HStack gap="3">
          <Checkbox.Root
            size={narrow ? 'md' : 'sm'}
            disabled={!approvable(r)}
            checked={approvable(r) && checked.has(r.id)}
            onCheckedChange={(e) => toggle(r.id, e.checked === true)}
            title={approvable(r) ? undefined : REQUEST_TEXTS.ownRequest}
          >
            <Checkbox.HiddenInput aria-label={REQUEST_TEXTS.select(r.nomor_registrasi)} />
            <Checkbox.Control />
          </Checkbox.Root>
          {/* A card has no Nomor line then: its title is the checkbox with the number. */}
          {narrow && nomorButton(r)}
        </HStack>
      ),
    };
    if (narrow) columns.splice(0, 1, pick);
    else columns.unshift(pick);
  }

  return (
    <Stack gap="4">
      <PageHeader
        title={REQUEST_TEXTS.listTitle}
        actions={
          picking ? (
            <HStack gap="3">
              {chosen.length > 0 && (
                <Text textStyle="sm" color={tooMany ? 'fg.error' : 'fg.muted'} data-testid="bulk-selected">
                  {tooMany ? REQUEST_TEXTS.bulkTooMany(BULK_APPROVE_MAX) : REQUEST_TEXTS.bulkSelected(chosen.length)}
                </Text>
              )}
              <Button colorPalette="green" disabled={!chosen.length || tooMany} onClick={() => setBulkRows(chosen)}>
                {REQUEST_TEXTS.bulkApprove}
              </Button>
            </HStack>
          ) : null
        }
      />
      <HStack gap="4" flexWrap="wrap">
        <Text fontWeight="medium">{REQUEST_TEXTS.statusApproval}</Text>
        <RadioGroup.Root
          value={search.status}
          onValueChange={(e) => e.value && changeSearch({ status: e.value as RequestFilter, page: 1 })}
          aria-label={REQUEST_TEXTS.statusApproval}
          colorPalette="green"
        >
          <HStack gap="5">
            {REQUEST_FILTERS.map((f) => (
              <RadioGroup.Item key={f} value={f}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{REQUEST_FILTER_LABELS[f]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </HStack>
      {picking && narrow && selectable.length > 0 && <Box px="1">{selectAll}</Box>}
      <DataTable
        caption={REQUEST_TEXTS.listTitle}
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.id)}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => changeSearch({ page }),
        }}
      />
      {selected && <RequestDialog row={selected} canDecide={canDecide} onClose={() => setSelected(null)} />}
      {bulkRows && (
        <BulkApproveDialog
          rows={bulkRows}
          onClose={() => setBulkRows(null)}
          onDone={(ids) => setChecked((prev) => new Set([...prev].filter((id) => !ids.includes(id))))}
        />
      )}
    </Stack>
  );
}
