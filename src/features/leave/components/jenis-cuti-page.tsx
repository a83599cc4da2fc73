import { Box, Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import type { Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { JenisCutiSchema, type JenisCutiInput, type JenisCutiRow } from '../../../domain/leave/leave-kinds';
import { KIND_NAME_MAX } from '../../../domain/leave/leave-messages';
import { formResolver } from '../../../lib/form-resolver';
import { createJenisCuti, deleteKind, jenisCutiQuery, setKindStatus, updateJenisCuti } from '../api';
import {
  ActiveSwitch,
  KindDialog,
  KindListPage,
  kindToasts,
  RowButtons,
  showServerIssues,
  useKindRights,
} from './kind-shared';

const resolver = formResolver(JenisCutiSchema);
const BLANK: JenisCutiInput = { jenis_cuti: '', lama_hari: '', potong_tahunan: true };
const valuesOf = (r: JenisCutiRow): JenisCutiInput => ({
  jenis_cuti: r.jenis_cuti,
  lama_hari: String(r.lama_hari),
  potong_tahunan: r.potong_tahunan,
});

/** The "Potong cuti tahunan" checkbox bound to a form. */
function PotongCheckbox({ form, label }: { form: UseFormReturn<JenisCutiInput>; label?: string }) {
  return (
    <Controller
      control={form.control}
      name="potong_tahunan"
      render={({ field }) => (
        <Checkbox.Root checked={field.value ?? true} onCheckedChange={(e) => field.onChange(!!e.checked)}>
          <Checkbox.HiddenInput aria-label={label ? undefined : 'Potong cuti tahunan'} />
          <Checkbox.Control />
          {label && <Checkbox.Label>{label}</Checkbox.Label>}
        </Checkbox.Root>
      )}
    />
  );
}

/** /jenis-cuti (spec §2.6): inline edit and delete, an add dialog, lama_hari ≥ 1, Active switch. */
export function JenisCutiPage() {
  const rights = useKindRights();
  const list = useQuery(jenisCutiQuery());
  const qc = useQueryClient();
  const update = useMutation(updateJenisCuti(qc));
  const status = useMutation(setKindStatus(qc, 'jenis-cuti'));
  const remove = useMutation(deleteKind(qc, 'jenis-cuti'));
  const edit = useForm<JenisCutiInput>({ resolver, defaultValues: BLANK });
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<JenisCutiRow | null>(null);
  const [adding, setAdding] = useState(false);

  const save = edit.handleSubmit((body) => {
    if (editing === null) return;
    update.mutate(
      { id: editing, body },
      {
        onSuccess: (answer) => {
          kindToasts.onSuccess(answer);
          setEditing(null);
        },
        onError: (err) => showServerIssues(err, edit.setError, 'jenis_cuti'),
      },
    );
  });
  const isEditing = (r: JenisCutiRow) => editing === r.jenis_cuti_id;
  const errorText = (key: 'jenis_cuti' | 'lama_hari') => {
    const error = edit.formState.errors[key];
    return error ? (
      <Text textStyle="xs" color="fg.error">
        {error.message}
      </Text>
    ) : null;
  };

  const columns: Column<JenisCutiRow>[] = [
    {
      key: 'jenis_cuti',
      header: 'Jenis Cuti',
      cell: (r) =>
        isEditing(r) ? (
          <Box>
            <Input size="sm" autoFocus aria-label="Jenis Cuti" {...edit.register('jenis_cuti')} />
            {errorText('jenis_cuti')}
          </Box>
        ) : (
          r.jenis_cuti
        ),
    },
    {
      key: 'lama_hari',
      header: 'Lama (hari)',
      cell: (r) =>
        isEditing(r) ? (
          <Box>
            <Input size="sm" type="number" min={1} w="24" aria-label="Lama cuti" {...edit.register('lama_hari')} />
            {errorText('lama_hari')}
          </Box>
        ) : (
          r.lama_hari
        ),
    },
    {
      key: 'potong',
      header: 'Potong Cuti Tahunan',
      cell: (r) => (isEditing(r) ? <PotongCheckbox form={edit} /> : r.potong_tahunan ? 'Ya' : 'Tidak'),
    },
    {
      key: 'status',
      header: 'Active',
      cell: (r) => (
        <ActiveSwitch
          label={`Active ${r.jenis_cuti}`}
          checked={status.isPending && status.variables?.id === r.jenis_cuti_id ? status.variables.status : r.status}
          pending={status.isPending && status.variables?.id === r.jenis_cuti_id}
          disabled={!rights.canUpdate}
          onChange={(next) => status.mutate({ id: r.jenis_cuti_id, status: next }, kindToasts)}
        />
      ),
    },
  ];
  if (rights.canUpdate || rights.canDelete) {
    columns.push({
      key: 'aksi',
      header: 'Aksi',
      align: 'end',
      cell: (r) => (
        <RowButtons
          editing={isEditing(r)}
          busy={update.isPending}
          canUpdate={rights.canUpdate}
          canDelete={rights.canDelete}
          label={r.jenis_cuti}
          onEdit={() => {
            edit.reset(valuesOf(r));
            setEditing(r.jenis_cuti_id);
          }}
          onSave={() => void save()}
          onCancel={() => setEditing(null)}
          onDelete={() => setDeleting(r)}
        />
      ),
    });
  }

  return (
    <KindListPage
      noun="Jenis Cuti"
      canCreate={rights.canCreate}
      onAdd={() => setAdding(true)}
      table={{
        columns,
        rows: list.data,
        rowKey: (r) => String(r.jenis_cuti_id),
        loading: list.isFetching,
        error: list.error,
      }}
      addDialog={adding && <AddJenisCuti onClose={() => setAdding(false)} />}
      deleting={deleting?.jenis_cuti ?? null}
      deleteBusy={remove.isPending}
      onCancelDelete={() => setDeleting(null)}
      onConfirmDelete={() =>
        deleting && remove.mutate(deleting.jenis_cuti_id, { ...kindToasts, onSettled: () => setDeleting(null) })
      }
    />
  );
}

function AddJenisCuti({ onClose }: { onClose: () => void }) {
  const create = useMutation(createJenisCuti(useQueryClient()));
  const form = useForm<JenisCutiInput>({ resolver, defaultValues: BLANK });
  const { errors } = form.formState;
  return (
    <KindDialog title="Tambah Jenis Cuti" onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          create.mutate(body, {
            onSuccess: (answer) => {
              kindToasts.onSuccess(answer);
              onClose();
            },
            onError: (err) => showServerIssues(err, form.setError, 'jenis_cuti'),
          }),
        )}
      >
        <Stack gap="4">
          <FormField label="Jenis Cuti" required error={errors.jenis_cuti}>
            <Input maxLength={KIND_NAME_MAX} {...form.register('jenis_cuti')} />
          </FormField>
          <FormField label="Lama Cuti (hari)" required error={errors.lama_hari}>
            <Input type="number" min={1} {...form.register('lama_hari')} />
          </FormField>
          <PotongCheckbox form={form} label="Potong cuti tahunan (12 hari)" />
          <HStack justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={create.isPending}>
              Simpan
            </Button>
          </HStack>
        </Stack>
      </form>
    </KindDialog>
  );
}
