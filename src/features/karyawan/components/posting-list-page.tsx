import { Button, Checkbox, HStack, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { JENIS_TRN } from '../../../domain/enums';
import {
  POSTING_STATUS_LABELS,
  POSTING_STATUSES,
  type PostingKey,
  type PostingRow,
  type PostingStatus,
} from '../../../domain/karyawan/karyawan-lifecycle';
import { tanggalPanjang } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { exportPosting, postingListQuery, postItems, type PostingSearch } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { NrpLink } from './list-parts';

interface Props {
  search: PostingSearch;
  onSearchChange: (next: Partial<PostingSearch>) => void;
}

const keyOf = (r: PostingRow) => String(r.id);
const sameItem = (a: PostingKey | undefined, b: PostingKey) =>
  !!a && a.nrp === b.nrp && a.jenis_trn === b.jenis_trn && a.tgl_jam_trn === b.tgl_jam_trn;

/**
 * /karyawan/posting: open items are posted one by one or as a selection (open → posted); posted items
 * go to payroll through the export, which marks them completed (docs/decisions/007).
 */
export function PostingListPage({ search, onSearchChange }: Props) {
  const can = useCan();
  const query = useQuery(postingListQuery(search));
  const rows = query.data?.result;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const queryClient = useQueryClient();
  const done = (message: string) => {
    notifySuccess(message);
    setSelected(new Set());
  };
  const post = useMutation({ ...postItems(queryClient), onError: (err) => notifyError(err) });
  const postRows = (items: PostingRow[]) => post.mutate(items, { onSuccess: (answer) => done(answer.message) });
  const exporting = useMutation({ ...exportPosting(queryClient), onError: (err) => notifyError(err) });

  const open = search.status === 'open';
  const chosen = (rows ?? []).filter((r) => selected.has(keyOf(r)));
  const allChosen = !!rows?.length && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const columns: Column<PostingRow>[] = [
    { key: 'nrp', header: 'NRP', cell: (r) => <NrpLink nrp={r.nrp} /> },
    { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    {
      key: 'jenis',
      header: 'Jenis',
      cell: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {r.jenis_trn} - {JENIS_TRN[r.jenis_trn]}
        </Text>
      ),
    },
    { key: 'ket', header: 'Keterangan', cell: (r) => r.mst_alasan_p3?.nama ?? r.keterangan ?? '-' },
    { key: 'trn', header: 'Tgl Transaksi', cell: (r) => tanggalPanjang(r.tgl_jam_trn, true) },
    { key: 'post', header: 'Tgl Posting', cell: (r) => tanggalPanjang(r.date_posting, true) },
  ];
  if (search.status === 'completed') {
    columns.push({ key: 'done', header: 'Tgl Completed', cell: (r) => tanggalPanjang(r.date_completed, true) });
  }
  if (open) {
    columns.unshift({
      key: 'pick',
      header: (
        <Checkbox.Root
          size="sm"
          checked={allChosen ? true : chosen.length ? 'indeterminate' : false}
          onCheckedChange={(e) => setSelected(e.checked === true ? new Set((rows ?? []).map(keyOf)) : new Set())}
        >
          <Checkbox.HiddenInput aria-label="Pilih semua" />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
      width: '10',
      cell: (r) => (
        <Checkbox.Root
          size="sm"
          checked={selected.has(keyOf(r))}
          onCheckedChange={(e) => toggle(keyOf(r), e.checked === true)}
        >
          <Checkbox.HiddenInput aria-label={`Pilih ${r.nrp} ${r.jenis_trn}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    });
    columns.push({
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => (
        <Button
          size="xs"
          onClick={() => postRows([r])}
          loading={post.isPending && sameItem(post.variables?.[0], r)}
          aria-label={`Posting ${r.nrp} ${r.jenis_trn}`}
        >
          Posting
        </Button>
      ),
    });
  }

  return (
    <Stack gap="4">
      <PageHeader
        title={KARYAWAN_TEXTS.postingTitle}
        actions={
          open ? (
            <Button
              disabled={!chosen.length}
              loading={post.isPending && chosen.length > 1}
              onClick={() => postRows(chosen)}
            >
              Posting Terpilih{chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          ) : search.status === 'posted' && can('karyawan.gaji.read') ? (
            <Button
              disabled={!query.data?.totalCount}
              loading={exporting.isPending}
              onClick={() =>
                exporting.mutate(undefined, {
                  onSuccess: () => done('Data posted diekspor ke payroll dan ditandai completed'),
                })
              }
              title="Semua data posted diekspor (CSV) dan ditandai completed"
            >
              Export ke Payroll (CSV)
            </Button>
          ) : null
        }
      />
      <HStack gap="3" flexWrap="wrap">
        <Text fontWeight="medium">Status</Text>
        <SegmentGroup.Root
          value={search.status}
          onValueChange={(e) => {
            setSelected(new Set());
            onSearchChange({ status: e.value as PostingStatus, page: 1 });
          }}
          aria-label="Status posting"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={POSTING_STATUSES.map((s) => ({ value: s, label: POSTING_STATUS_LABELS[s] }))} />
        </SegmentGroup.Root>
      </HStack>
      <DataTable
        caption="Data posting karyawan"
        columns={columns}
        rows={rows}
        rowKey={keyOf}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearchChange({ page }),
        }}
      />
    </Stack>
  );
}
