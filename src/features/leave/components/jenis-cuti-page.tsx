import { Box, Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import type { Column } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { JenisCutiSchema, type JenisCutiRow } from '../../../domain/leave';
import { notifyError } from '../../../lib/toast';
import { jenisCutiQuery } from '../api';
import {
  ActiveSwitch,
  fieldIssues,
  KindDialog,
  KindListPage,
  RowButtons,
  useKindMutations,
  useKindRights,
} from './kind-shared';

interface Draft {
  jenis_cuti: string;
  lama_hari: string;
  potong_tahunan: boolean;
}

/** Checked with the server's schema (lama_hari at least 1): the first issue per field. */
function draftIssues(d: Draft): Record<string, string> {
  const r = v.safeParse(JenisCutiSchema, d);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.issues) out[v.getDotPath(i) ?? ''] ??= i.message;
  return out;
}

/** /jenis-cuti (spec §2.6): inline edit and delete, an add dialog, lama_hari ≥ 1, Active switch. */
export function JenisCutiPage() {
  const rights = useKindRights();
  const list = useQuery(jenisCutiQuery());
  const m = useKindMutations('jenis-cuti');
  const [editing, setEditing] = useState<{ id: number; draft: Draft; errors: Record<string, string> } | null>(null);
  const [deleting, setDeleting] = useState<JenisCutiRow | null>(null);
  const [adding, setAdding] = useState(false);

  const save = () => {
    if (!editing) return;
    const errors = draftIssues(editing.draft);
    if (Object.keys(errors).length) return setEditing({ ...editing, errors });
    m.update.mutate(
      { id: editing.id, body: editing.draft },
      {
        onSuccess: () => setEditing(null),
        onError: (err) => {
          setEditing({ ...editing, errors: fieldIssues(err) });
          notifyError(err);
        },
      },
    );
  };
  const edit = (patch: Partial<Draft>) =>
    editing && setEditing({ ...editing, draft: { ...editing.draft, ...patch }, errors: {} });
  const isEditing = (r: JenisCutiRow) => editing?.id === r.jenis_cuti_id;
  const errorText = (key: string) =>
    editing?.errors[key] ? (
      <Text textStyle="xs" color="fg.error">
        {editing.errors[key]}
      </Text>
    ) : null;

  const columns: Column<JenisCutiRow>[] = [
    {
      key: 'jenis_cuti',
      header: 'Jenis Cuti',
      cell: (r) =>
        isEditing(r) ? (
          <Box>
            <Input
              size="sm"
              autoFocus
              aria-label="Jenis Cuti"
              value={editing!.draft.jenis_cuti}
              onChange={(e) => edit({ jenis_cuti: e.target.value })}
            />
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
            <Input
              size="sm"
              type="number"
              min={1}
              w="24"
              aria-label="Lama cuti"
              value={editing!.draft.lama_hari}
              onChange={(e) => edit({ lama_hari: e.target.value })}
            />
            {errorText('lama_hari')}
          </Box>
        ) : (
          r.lama_hari
        ),
    },
    {
      key: 'potong',
      header: 'Potong Cuti Tahunan',
      cell: (r) =>
        isEditing(r) ? (
          <Checkbox.Root
            checked={editing!.draft.potong_tahunan}
            onCheckedChange={(e) => edit({ potong_tahunan: !!e.checked })}
          >
            <Checkbox.HiddenInput aria-label="Potong cuti tahunan" />
            <Checkbox.Control />
          </Checkbox.Root>
        ) : r.potong_tahunan ? (
          'Ya'
        ) : (
          'Tidak'
        ),
    },
    {
      key: 'status',
      header: 'Active',
      cell: (r) => (
        <ActiveSwitch
          label={`Active ${r.jenis_cuti}`}
          checked={
            m.status.isPending && m.status.variables?.id === r.jenis_cuti_id ? m.status.variables.status : r.status
          }
          pending={m.status.isPending && m.status.variables?.id === r.jenis_cuti_id}
          disabled={!rights.canUpdate}
          onChange={(status) => m.status.mutate({ id: r.jenis_cuti_id, status })}
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
          busy={m.update.isPending}
          canUpdate={rights.canUpdate}
          canDelete={rights.canDelete}
          label={r.jenis_cuti}
          onEdit={() =>
            setEditing({
              id: r.jenis_cuti_id,
              draft: { jenis_cuti: r.jenis_cuti, lama_hari: String(r.lama_hari), potong_tahunan: r.potong_tahunan },
              errors: {},
            })
          }
          onSave={save}
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
      deleteBusy={m.remove.isPending}
      onCancelDelete={() => setDeleting(null)}
      onConfirmDelete={() =>
        deleting && m.remove.mutate(deleting.jenis_cuti_id, { onSettled: () => setDeleting(null) })
      }
    />
  );
}

function AddJenisCuti({ onClose }: { onClose: () => void }) {
  const m = useKindMutations('jenis-cuti');
  const [draft, setDraft] = useState<Draft>({ jenis_cuti: '', lama_hari: '', potong_tahunan: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (k: string) => (errors[k] ? { message: errors[k] } : undefined);
  return (
    <KindDialog title="Tambah Jenis Cuti" onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const issues = draftIssues(draft);
          if (Object.keys(issues).length) return setErrors(issues);
          m.create.mutate(draft, {
            onSuccess: onClose,
            onError: (error) => {
              setErrors(fieldIssues(error));
              notifyError(error);
            },
          });
        }}
      >
        <Stack gap="4">
          <FormField label="Jenis Cuti" required error={err('jenis_cuti')}>
            <Input
              value={draft.jenis_cuti}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, jenis_cuti: e.target.value })}
            />
          </FormField>
          <FormField label="Lama Cuti (hari)" required error={err('lama_hari')}>
            <Input
              type="number"
              min={1}
              value={draft.lama_hari}
              onChange={(e) => setDraft({ ...draft, lama_hari: e.target.value })}
            />
          </FormField>
          <Checkbox.Root
            checked={draft.potong_tahunan}
            onCheckedChange={(e) => setDraft({ ...draft, potong_tahunan: !!e.checked })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Potong cuti tahunan (12 hari)</Checkbox.Label>
          </Checkbox.Root>
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
