import { Button, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import {
  RouteListUpdateSchema,
  type RouteListRow,
  type RouteListUpdateInput,
} from '../../../domain/route-list/route-list';
import { formResolver } from '../../../lib/form-resolver';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { deleteRouteList, downloadRouteList, renameRouteList, routeListDetailQuery } from '../api';
import { MatrixEditor } from './matrix-editor';

const resolver = formResolver(RouteListUpdateSchema);

function Header({ row, canUpdate }: { row: RouteListRow; canUpdate: boolean }) {
  const qc = useQueryClient();
  const rename = useMutation(renameRouteList(qc, row.id));
  const form = useForm<RouteListUpdateInput>({ resolver, values: { nama: row.nama } });
  const submit = form.handleSubmit((v) =>
    rename.mutate((v.nama ?? '').trim(), {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (err) => notifyError(err),
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Data Route List">
      <SimpleGrid
        columns={{ base: 1, md: 2, xl: 4 }}
        gap="4"
        bg="bg"
        borderWidth="1px"
        rounded="md"
        p="4"
        alignItems="end"
      >
        <FormField label="ID">
          <Input value={row.id} readOnly bg="bg.muted" />
        </FormField>
        <FormField label="Kode Perusahaan">
          <Input value={row.kode_prsh} readOnly bg="bg.muted" />
        </FormField>
        <FormField label="Nama" required error={form.formState.errors.nama}>
          <Input
            {...form.register('nama')}
            maxLength={40}
            readOnly={!canUpdate}
            bg={canUpdate ? undefined : 'bg.muted'}
          />
        </FormField>
        {canUpdate ? (
          <Button type="submit" loading={rename.isPending} disabled={!form.formState.isDirty} justifySelf="start">
            Simpan Nama
          </Button>
        ) : (
          <Text color="fg.muted">{row.outlet_count} store</Text>
        )}
      </SimpleGrid>
    </form>
  );
}

/** /route-list/{id}/edit: the route list's data and its weekly visit matrix. */
export function RouteListEditPage({ id, onDone }: { id: string; onDone: () => void }) {
  const qc = useQueryClient();
  const can = useCan();
  const query = useQuery(routeListDetailQuery(id));
  const remove = useMutation(deleteRouteList(qc));
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const row = query.data;

  const exportExcel = () => {
    setExporting(true);
    downloadRouteList(id)
      .catch((err: unknown) => notifyError(err))
      .finally(() => setExporting(false));
  };
  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (err) => notifyError(err),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="4">
      <PageHeader
        title={row ? `Route List ${row.id} — ${row.nama}` : 'Detail Route List'}
        actions={
          row && (
            <HStack gap="2" wrap="wrap">
              <Button variant="outline" onClick={exportExcel} loading={exporting}>
                Export Excel
              </Button>
              {can('routeList.delete') && (
                <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                  Hapus
                </Button>
              )}
            </HStack>
          )
        }
      />
      {query.isPending && <Skeleton height="24" />}
      {query.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(query.error)}
        </Text>
      )}
      {row && (
        <>
          <Header row={row} canUpdate={can('routeList.update')} />
          <MatrixEditor routeListId={row.id} canEdit={can('routeList.update')} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Hapus Route List"
        confirmLabel="Hapus"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      >
        {`Hapus route list ${id} beserta matrix kunjungannya? Route list yang masih dipakai karyawan atau rencana kunjungan tidak dapat dihapus.`}
      </ConfirmDialog>
    </Stack>
  );
}
