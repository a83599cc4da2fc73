import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import type { KaryawanRow } from '../../../domain/karyawan/karyawan-list';
import { rupiah, tanggal, tanggalPanjang } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { cancelResign, type KaryawanSearch } from '../api';
import { KARYAWAN_TEXTS } from '../texts';
import { KaryawanExportButton } from './export-button';
import { KaryawanListTable, NrpLink, SortHeader } from './list-parts';
import { ResignDialog } from './resign-dialog';

interface Props {
  search: KaryawanSearch;
  onSearchChange: (next: Partial<KaryawanSearch>) => void;
}

/** /karyawan/resign/new: resigned employees (resigned=1); rows whose P3 item is posted are locked. */
export function ResignListPage({ search, onSearchChange }: Props) {
  const can = useCan();
  const canResign = can('karyawan.resign');
  // undefined: closed; null: a new resignation; a row: that row's resignation.
  const [editing, setEditing] = useState<KaryawanRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<KaryawanRow | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...cancelResign(queryClient),
    onError: (err) => {
      setDeleting(null);
      notifyError(err);
    },
  });
  const confirmCancel = (row: KaryawanRow) =>
    remove.mutate(row.nrp, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setDeleting(null);
      },
    });

  const columns: Column<KaryawanRow>[] = [
    { key: 'nrp', header: 'NRP', cell: (r) => <NrpLink nrp={r.nrp} fromResign /> },
    { key: 'nama', header: 'Nama', cell: (r) => r.nama },
    { key: 'type', header: 'Tipe', cell: (r) => r.type.type },
    {
      key: 'tgl',
      header: (
        <SortHeader
          field="tgl_p3"
          label="Tgl Resign"
          sort={search.sort}
          onSort={(sort) => onSearchChange({ sort, page: 1 })}
        />
      ),
      cell: (r) => tanggal(r.tgl_p3),
    },
    { key: 'alasan', header: 'Alasan', cell: (r) => r.mst_alasan_p3?.nama ?? '-' },
    { key: 'uk', header: 'Uang Kebijaksanaan', align: 'end', cell: (r) => rupiah(r.u_kebijaksanaan) },
    { key: 'bast', header: 'Tgl BAST', cell: (r) => tanggal(r.tgl_bast) },
    {
      key: 'posting',
      header: 'Posting',
      cell: (r) =>
        r.p3?.date_posting ? (
          <Text as="span" whiteSpace="nowrap">
            {tanggalPanjang(r.p3.date_posting)}
          </Text>
        ) : r.p3 ? (
          <Badge colorPalette="orange">Open</Badge>
        ) : (
          '-'
        ),
    },
  ];
  if (canResign) {
    columns.push({
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => {
        const locked = !!r.p3?.date_posting;
        const title = locked ? KARYAWAN_TEXTS.postingLocked : undefined;
        return (
          <HStack gap="1" justify="flex-end">
            <Button
              size="xs"
              variant="outline"
              disabled={locked}
              title={title}
              onClick={() => setEditing(r)}
              aria-label={`Ubah resign ${r.nrp}`}
            >
              Ubah
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={locked}
              title={title}
              onClick={() => setDeleting(r)}
              aria-label={`Hapus resign ${r.nrp}`}
            >
              Hapus
            </Button>
          </HStack>
        );
      },
    });
  }

  return (
    <Stack gap="4">
      <PageHeader
        title={KARYAWAN_TEXTS.resignTitle}
        actions={
          <>
            {can('karyawan.export') && <KaryawanExportButton resigned />}
            {canResign && <Button onClick={() => setEditing(null)}>{KARYAWAN_TEXTS.resignAdd}</Button>}
          </>
        }
      />
      <KaryawanListTable
        resigned={true}
        caption="Daftar karyawan resign"
        columns={columns}
        search={search}
        onSearchChange={onSearchChange}
      />
      {editing !== undefined && (
        <ResignDialog key={editing?.nrp ?? 'new'} open onClose={() => setEditing(undefined)} record={editing} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Hapus Data Resign"
        confirmLabel="Hapus"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && confirmCancel(deleting)}
      >
        {deleting ? `Hapus data resign karyawan ${deleting.nrp} - ${deleting.nama}? Karyawan kembali aktif.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
