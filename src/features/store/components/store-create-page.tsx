import { Button, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { VISIT_RADIUS_DEFAULT_M } from '../../../domain/absensi/absensi';
import type { StoreFormValues } from '../../../domain/store/store';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { createStore } from '../api';
import { STORE_TEXTS as T } from '../texts';
import { StoreForm } from './store-form';

export const EMPTY_STORE: StoreFormValues = {
  cust_code: '',
  cust_name: '',
  kunnr: '',
  sales_office_id: '',
  cust_address: '',
  cust_zip: '',
  cust_lat: '',
  cust_long: '',
  cust_contact: '',
  cust_telp: '',
  cust_email: '',
  cust_key_account: '',
  cust_type: '',
  client_id: '',
  radius_m: '',
};

/** /store/new: the empty form; saved, the new store's detail opens. */
export function StoreCreatePage({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const qc = useQueryClient();
  const save = useMutation({ ...createStore(qc), onError: (err) => notifyError(err) });
  return (
    <Stack gap="4">
      <PageHeader title={T.createTitle} />
      <StoreForm
        mode="create"
        initial={EMPTY_STORE}
        busy={save.isPending}
        defaultRadiusM={VISIT_RADIUS_DEFAULT_M}
        onSubmit={(v) =>
          save.mutate(v, {
            onSuccess: (answer) => {
              notifySuccess(answer.message);
              onCreated(answer.result.cust_code);
            },
          })
        }
        actions={
          <>
            <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
              {T.batal}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {T.simpan}
            </Button>
          </>
        }
      />
    </Stack>
  );
}
