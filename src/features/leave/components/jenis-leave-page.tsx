import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import {
  JenisLeaveCreateSchema,
  JenisLeaveUpdateSchema,
  LEAVE_TYPES,
  type JenisLeaveCreateInput,
  type JenisLeaveRow,
  type JenisLeaveUpdateInput,
} from '../../../domain/leave/leave-kinds';
import { KIND_NAME_MAX } from '../../../domain/leave/leave-messages';
import { formResolver } from '../../../lib/form-resolver';
import {
  createJenisLeave,
  deleteKind,
  jenisLeaveQuery,
  leaveTypesQuery,
  setKindStatus,
  updateJenisLeave,
} from '../api';
import {
  ActiveSwitch,
  KindDialog,
  KindListPage,
  kindToasts,
  RowButtons,
  showServerIssues,
  useKindRights,
} from './kind-shared';
import { SelectField } from './select-field';

const updateResolver = formResolver(JenisLeaveUpdateSchema);
const createResolver = formResolver(JenisLeaveCreateSchema);

/** /jenis-leave (spec §2.6): Jenis Leave, Type (read-only), Active switch; inline edit and delete; add dialog. */
export function JenisLeavePage() {
  const rights = useKindRights();
  const kinds = useQuery(jenisLeaveQuery());
  const qc = useQueryClient();
  const update = useMutation(updateJenisLeave(qc));
  const status = useMutation(setKindStatus(qc, 'jenis-leave'));
  const remove = useMutation(deleteKind(qc, 'jenis-leave'));
  const edit = useForm<JenisLeaveUpdateInput>({ resolver: updateResolver, defaultValues: { jenis_leave: '' } });
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<JenisLeaveRow | null>(null);
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
        onError: (err) => showServerIssues(err, edit.setError, 'jenis_leave'),
      },
    );
  });
  const startEdit = (r: JenisLeaveRow) => {
    edit.reset({ jenis_leave: r.jenis_leave });
    setEditing(r.id);
  };

  const columns: Column<JenisLeaveRow>[] = [
    {
      key: 'jenis_leave',
      header: 'Jenis Leave',
      cell: (r) =>
        editing === r.id ? (
          <Box>
            <Input
              size="sm"
              autoFocus
              aria-label="Jenis Leave"
              {...edit.register('jenis_leave')}
              onKeyDown={(e) => e.key === 'Enter' && void save()}
            />
            {edit.formState.errors.jenis_leave && (
              <Text textStyle="xs" color="fg.error">
                {edit.formState.errors.jenis_leave.message}
              </Text>
            )}
          </Box>
        ) : (
          r.jenis_leave
        ),
    },
    { key: 'type', header: 'Type', cell: (r) => LEAVE_TYPES[r.type]?.label ?? r.type },
    {
      key: 'status',
      header: 'Active',
      cell: (r) => (
        <ActiveSwitch
          label={`Active ${r.jenis_leave}`}
          checked={status.isPending && status.variables?.id === r.id ? status.variables.status : r.status}
          pending={status.isPending && status.variables?.id === r.id}
          disabled={!rights.canUpdate}
          onChange={(next) => status.mutate({ id: r.id, status: next }, kindToasts)}
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
          editing={editing === r.id}
          busy={update.isPending}
          canUpdate={rights.canUpdate}
          canDelete={rights.canDelete}
          label={r.jenis_leave}
          onEdit={() => startEdit(r)}
          onSave={() => void save()}
          onCancel={() => setEditing(null)}
          onDelete={() => setDeleting(r)}
        />
      ),
    });
  }

  return (
    <KindListPage
      noun="Jenis Leave"
      canCreate={rights.canCreate}
      onAdd={() => setAdding(true)}
      table={{
        columns,
        rows: kinds.data,
        rowKey: (r) => String(r.id),
        loading: kinds.isFetching,
        error: kinds.error,
      }}
      addDialog={adding && <AddJenisLeave onClose={() => setAdding(false)} />}
      deleting={deleting?.jenis_leave ?? null}
      deleteBusy={remove.isPending}
      onCancelDelete={() => setDeleting(null)}
      onConfirmDelete={() =>
        deleting && remove.mutate(deleting.id, { ...kindToasts, onSettled: () => setDeleting(null) })
      }
    />
  );
}

function AddJenisLeave({ onClose }: { onClose: () => void }) {
  const types = useQuery(leaveTypesQuery());
  const create = useMutation(createJenisLeave(useQueryClient()));
  const form = useForm<JenisLeaveCreateInput>({
    resolver: createResolver,
    defaultValues: { jenis_leave: '', type: '' },
  });
  const { errors } = form.formState;
  return (
    <KindDialog title="Tambah Jenis Leave" onClose={onClose}>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) =>
          create.mutate(body, {
            onSuccess: (answer) => {
              kindToasts.onSuccess(answer);
              onClose();
            },
            onError: (err) => showServerIssues(err, form.setError, 'jenis_leave'),
          }),
        )}
      >
        <Stack gap="4">
          <FormField label="Jenis Leave" required error={errors.jenis_leave}>
            <Input maxLength={KIND_NAME_MAX} {...form.register('jenis_leave')} />
          </FormField>
          <FormField label="Type" required error={errors.type}>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <SelectField
                  value={field.value ?? ''}
                  placeholder="Pilih type"
                  options={(types.data ?? []).map((t) => ({ value: t.type, label: t.label }))}
                  onChange={field.onChange}
                />
              )}
            />
          </FormField>
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
