import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { LEAVE_TYPES, type JenisLeaveRow, type LeaveType } from '../../../domain/leave';
import { notifyError } from '../../../lib/toast';
import { jenisLeaveQuery, leaveTypesQuery } from '../api';
import {
  ActiveSwitch,
  fieldIssues,
  KindDialog,
  KindListPage,
  RowButtons,
  useKindMutations,
  useKindRights,
} from './kind-shared';
import { SelectField } from './select-field';

/** /jenis-leave (spec §2.6): Jenis Leave, Type (read-only), Active switch; inline edit and delete; add dialog. */
export function JenisLeavePage() {
  const rights = useKindRights();
  const kinds = useQuery(jenisLeaveQuery());
  const m = useKindMutations('jenis-leave');
  const [editing, setEditing] = useState<{ id: number; name: string; error?: string } | null>(null);
  const [deleting, setDeleting] = useState<JenisLeaveRow | null>(null);
  const [adding, setAdding] = useState(false);

  const save = () => {
    if (!editing) return;
    m.update.mutate(
      { id: editing.id, body: { jenis_leave: editing.name } },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => {
          setEditing({ ...editing, error: fieldIssues(err).jenis_leave });
          notifyError(err);
        },
      },
    );
  };

  const columns: Column<JenisLeaveRow>[] = [
    {
      key: 'jenis_leave',
      header: 'Jenis Leave',
      cell: (r) =>
        editing?.id === r.id ? (
          <Box>
            <Input
              size="sm"
              autoFocus
              value={editing.name}
              aria-label="Jenis Leave"
              onChange={(e) => setEditing({ ...editing, name: e.target.value, error: undefined })}
              onKeyDown={(e) => e.key === 'Enter' && save()}
            />
            {editing.error && (
              <Text textStyle="xs" color="fg.error">
                {editing.error}
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
          checked={m.status.isPending && m.status.variables?.id === r.id ? m.status.variables.status : r.status}
          pending={m.status.isPending && m.status.variables?.id === r.id}
          disabled={!rights.canUpdate}
          onChange={(status) => m.status.mutate({ id: r.id, status })}
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
          editing={editing?.id === r.id}
          busy={m.update.isPending}
          canUpdate={rights.canUpdate}
          canDelete={rights.canDelete}
          label={r.jenis_leave}
          onEdit={() => setEditing({ id: r.id, name: r.jenis_leave })}
          onSave={save}
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
      deleteBusy={m.remove.isPending}
      onCancelDelete={() => setDeleting(null)}
      onConfirmDelete={() => deleting && m.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
    />
  );
}

function AddJenisLeave({ onClose }: { onClose: () => void }) {
  const types = useQuery(leaveTypesQuery());
  const m = useKindMutations('jenis-leave');
  const [name, setName] = useState('');
  const [type, setType] = useState<LeaveType | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <KindDialog title="Tambah Jenis Leave" onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          m.create.mutate(
            { jenis_leave: name, type },
            {
              onSuccess: onClose,
              onError: (err) => {
                setErrors(fieldIssues(err));
                notifyError(err);
              },
            },
          );
        }}
      >
        <Stack gap="4">
          <FormField
            label="Jenis Leave"
            required
            error={errors.jenis_leave ? { message: errors.jenis_leave } : undefined}
          >
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label="Type" required error={errors.type ? { message: errors.type } : undefined}>
            <SelectField
              value={type}
              placeholder="Pilih type"
              options={(types.data ?? []).map((t) => ({ value: t.type, label: t.label }))}
              onChange={(t) => setType(t as LeaveType)}
            />
          </FormField>
          <HStack justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={m.create.isPending}>
              Simpan
            </Button>
          </HStack>
        </Stack>
      </form>
    </KindDialog>
  );
}
