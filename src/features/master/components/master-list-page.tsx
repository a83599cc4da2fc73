import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListQuery } from '../../../domain/list-query';
import { MASTER_KEYS, type MasterRows } from '../../../domain/master/master';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { deleteMaster, masterListQuery } from '../api';
import type { MasterScreen, ScreenResource } from '../screens';
import { MasterEditDialog } from './master-edit-dialog';
import { MasterScreenGuard } from './master-screen-guard';
import { SearchBox } from '../../../components/search-box';

interface Props<R extends ScreenResource> {
  screen: MasterScreen<R>;
  search: ListQuery;
  onSearch: (next: ListQuery) => void;
  onCreate: () => void;
}

/** The list screen of every master list: search, paging, Tambah, and per-row Ubah / Hapus. */
export function MasterListPage<R extends ScreenResource>(props: Props<R>) {
  return (
    <MasterScreenGuard>
      <MasterList {...props} />
    </MasterScreenGuard>
  );
}

function MasterList<R extends ScreenResource>({ screen, search, onSearch, onCreate }: Props<R>) {
  const can = useCan();
  const canCreate = can('master.create');
  const canUpdate = can('master.update');
  const canDelete = can('master.delete');
  const keyField = MASTER_KEYS[screen.resource];
  const keyOf = (row: MasterRows[R]) => String((row as Record<string, unknown>)[keyField]);

  const list = useQuery(masterListQuery(screen.resource, search));
  const [editing, setEditing] = useState<MasterRows[R] | null>(null);
  const [deleting, setDeleting] = useState<MasterRows[R] | null>(null);
  const qc = useQueryClient();
  const remove = useMutation({
    ...deleteMaster(qc, screen.resource),
    onSettled: () => setDeleting(null),
    onError: (err) => notifyError(err),
  });
  const confirmDelete = (row: MasterRows[R]) =>
    remove.mutate(keyOf(row), { onSuccess: (answer) => notifySuccess(answer.message) });

  const columns: Column<MasterRows[R]>[] = screen.columns.map((c) => ({ ...c }));
  if (canUpdate || canDelete) {
    columns.push({
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (row) => (
        <HStack gap="1" justify="flex-end">
          {canUpdate && (
            <Button size="xs" variant="outline" onClick={() => setEditing(row)} aria-label={`Ubah ${keyOf(row)}`}>
              Ubah
            </Button>
          )}
          {canDelete && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeleting(row)}
              aria-label={`Hapus ${keyOf(row)}`}
            >
              Hapus
            </Button>
          )}
        </HStack>
      ),
    });
  }

  return (
    <Box>
      <PageHeader title={`Daftar ${screen.noun}`} actions={canCreate && <Button onClick={onCreate}>Tambah</Button>} />
      <Stack gap="4">
        <SearchBox q={search.q} onChange={(q) => onSearch({ ...search, q, page: 1 })} />
        <DataTable
          caption={`Daftar ${screen.noun}`}
          columns={columns}
          rows={list.data?.result}
          rowKey={keyOf}
          loading={list.isFetching}
          error={list.error}
          paging={{
            page: search.page,
            perPage: search.per_page,
            total: list.data?.totalCount ?? 0,
            onPage: (page) => onSearch({ ...search, page }),
          }}
        />
        {editing && <MasterEditDialog screen={screen} row={editing} onClose={() => setEditing(null)} />}
        <ConfirmDialog
          open={deleting !== null}
          title={`Hapus ${screen.noun}`}
          confirmLabel="Hapus"
          danger
          busy={remove.isPending}
          onConfirm={() => deleting && confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {deleting ? `Anda yakin ingin menghapus ${screen.noun} ${screen.describe(deleting)}?` : ''}
        </ConfirmDialog>
      </Stack>
    </Box>
  );
}
