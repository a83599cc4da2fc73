import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import type { StoreDetail, StoreFormValues } from '../../../domain/store/store';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/use-can';
import { deleteStore, storeDetailQuery, updateStore } from '../api';
import { STORE_TEXTS as T } from '../texts';
import { StoreForm } from './store-form';

const valuesOf = (s: StoreDetail): StoreFormValues => ({
  cust_code: s.cust_code,
  cust_name: s.cust_name,
  kunnr: s.kunnr ?? '',
  sales_office_id: s.sales_office_id ?? '',
  cust_address: s.cust_address ?? '',
  cust_zip: s.cust_zip ?? '',
  cust_lat: s.cust_lat === null ? '' : String(s.cust_lat),
  cust_long: s.cust_long === null ? '' : String(s.cust_long),
  cust_contact: s.cust_contact ?? '',
  cust_telp: s.cust_telp ?? '',
  cust_email: s.cust_email ?? '',
  cust_key_account: s.cust_key_account ?? '',
  cust_type: s.cust_type ?? '',
  client_id: s.client_id ?? '',
  radius_m: s.radius_m === null ? '' : String(s.radius_m),
});

/**
 * /store/{cust_code}/edit (spec part 2 §2.4): the store in view mode; Edit makes it editable, Save asks
 * for confirmation, Cancel goes back to the stored values. Delete only when nothing uses the store.
 */
export function StoreDetailPage({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const can = useCan();
  const query = useQuery(storeDetailQuery(id));
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<StoreFormValues | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A new key remounts the form with the stored values (Cancel, and after a save).
  const [formKey, setFormKey] = useState(0);

  const save = useMutation({
    ...updateStore(qc, id),
    onError: (err) => {
      setPending(null);
      notifyError(err);
    },
  });
  const remove = useMutation({
    ...deleteStore(qc, id),
    onError: (err) => {
      setConfirmDelete(false);
      notifyError(err);
    },
  });

  const store = query.data;
  const canEdit = can('store.update');
  const canDelete = can('store.delete');
  return (
    <Stack gap="4">
      <PageHeader title={T.detailTitle} />
      {query.isPending && <Skeleton height="64" rounded="md" />}
      {query.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(query.error)}</Alert.Title>
        </Alert.Root>
      )}
      {store && (
        <>
          {canDelete && !store.deletable && (
            <Text textStyle="sm" color="fg.muted">
              {T.notDeletable}
            </Text>
          )}
          <StoreForm
            key={`${store.cust_code}-${formKey}`}
            mode="edit"
            initial={valuesOf(store)}
            readOnly={!editing}
            busy={save.isPending}
            defaultRadiusM={store.default_radius_m}
            onSubmit={(v) => setPending(v)}
            actions={
              editing ? (
                <>
                  {/* Keys keep Edit and Save apart: a reused node would turn submit while Edit's click is still running. */}
                  <Button
                    key="cancel"
                    variant="outline"
                    onClick={() => {
                      setEditing(false);
                      setFormKey((k) => k + 1);
                    }}
                    disabled={save.isPending}
                  >
                    {T.cancel}
                  </Button>
                  <Button key="save" type="submit" loading={save.isPending}>
                    {T.save}
                  </Button>
                </>
              ) : (
                <>
                  {canDelete && store.deletable && (
                    <Button
                      key="delete"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => setConfirmDelete(true)}
                      me="auto"
                    >
                      {T.delete}
                    </Button>
                  )}
                  {canEdit && (
                    <Button key="edit" type="button" onClick={() => setEditing(true)}>
                      {T.edit}
                    </Button>
                  )}
                </>
              )
            }
          />
          <ConfirmDialog
            open={pending !== null}
            title={T.confirmSaveTitle}
            confirmLabel={T.simpan}
            busy={save.isPending}
            onConfirm={() =>
              pending &&
              save.mutate(pending, {
                onSuccess: (answer) => {
                  notifySuccess(answer.message);
                  setPending(null);
                  setEditing(false);
                  setFormKey((k) => k + 1);
                },
              })
            }
            onCancel={() => setPending(null)}
          >
            {T.confirmSave(store.cust_name)}
          </ConfirmDialog>
          <ConfirmDialog
            open={confirmDelete}
            title={T.confirmDeleteTitle}
            confirmLabel={T.hapus}
            danger
            busy={remove.isPending}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: (answer) => {
                  notifySuccess(answer.message);
                  setConfirmDelete(false);
                  onDeleted();
                },
              })
            }
            onCancel={() => setConfirmDelete(false)}
          >
            {T.confirmDelete(store.cust_name, store.cust_code)}
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
