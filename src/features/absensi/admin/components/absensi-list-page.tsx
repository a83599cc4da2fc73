import { Button, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PageHeader } from '../../../../components/page-header';
import { ABSENSI_ADMIN_MESSAGES } from '../../../../domain/absensi/absensi-admin';
import {
  ABSENSI_LIST_COUNT_CAP,
  type AbsensiListQuery,
  type AbsensiListRow,
} from '../../../../domain/absensi/absensi-list';
import { notifyError, notifySuccess } from '../../../../lib/toast';
import { useCan } from '../../../../lib/use-can';
import { absensiListQuery, deleteAbsensi } from '../api';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';
import { AbsensiDetailDialog } from './absensi-detail-dialog';
import { AbsensiFilters } from './absensi-filters';
import { AbsensiTable } from './absensi-table';
import { tanggal as tanggalText } from '../../../../lib/format';

interface Props {
  search: AbsensiListQuery;
  onSearch: (change: Partial<AbsensiListQuery>) => void;
  /** /absensi/manual: only manual rows, an add button and the delete. */
  manual?: boolean;
  onCreate?: () => void;
  onUpload?: () => void;
}

function DeleteDialog({ row, onDone }: { row: AbsensiListRow | null; onDone: () => void }) {
  const qc = useQueryClient();
  const mutation = useMutation(deleteAbsensi(qc));
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!row) return;
    if (!alasan.trim()) {
      setError(ABSENSI_ADMIN_MESSAGES.alasanRequired);
      return;
    }
    try {
      const answer = await mutation.mutateAsync({ nrp: row.nrp, tanggal: row.tanggal, alasan: alasan.trim() });
      notifySuccess(answer.message);
      setAlasan('');
      setError(null);
      onDone();
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <ConfirmDialog
      open={!!row}
      title={T.deleteTitle}
      confirmLabel={T.deleteConfirm}
      danger
      busy={mutation.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setError(null);
        onDone();
      }}
    >
      <Stack gap="3">
        <Text>{T.deleteText}</Text>
        {row && (
          <Text textStyle="sm" color="fg.muted">
            {row.nrp} · {row.karyawan.nama} · {tanggalText(row.tanggal)}
          </Text>
        )}
        {row?.field_jam_masuk && (
          <Text textStyle="sm" data-testid="delete-keeps-field">
            {T.deleteKeepsField(row.field_jam_masuk)}
          </Text>
        )}
        <Field.Root invalid={!!error} required>
          <Field.Label>{T.form.alasan}</Field.Label>
          <Textarea value={alasan} onChange={(e) => setAlasan(e.target.value)} rows={2} maxLength={255} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </ConfirmDialog>
  );
}

/** /absensi and /absensi/manual (spec part 2 §2.7): filters, the rows with their visits and marks, a day's detail. */
export function AbsensiListPage({ search, onSearch, manual = false, onCreate, onUpload }: Props) {
  const can = useCan();
  const effective: AbsensiListQuery = manual ? { ...search, manual: 'true' } : search;
  const query = useQuery(absensiListQuery(effective));
  const [detail, setDetail] = useState<AbsensiListRow | null>(null);
  const [toDelete, setToDelete] = useState<AbsensiListRow | null>(null);
  return (
    <Stack gap="4">
      <PageHeader
        title={manual ? T.manualTitle : T.listTitle}
        actions={
          <Stack direction="row" gap="2">
            {manual && onCreate && can('absensi.manual') && <Button onClick={onCreate}>{T.add}</Button>}
            {onUpload && can('absensi.upload') && (
              <Button variant="outline" onClick={onUpload}>
                {T.upload}
              </Button>
            )}
          </Stack>
        }
      />
      <AbsensiFilters search={search} onSearch={onSearch} showSumber={!manual} />
      {query.data?.totalCapped && (
        <Text textStyle="sm" color="fg.muted">
          {T.capped(ABSENSI_LIST_COUNT_CAP)}
        </Text>
      )}
      <AbsensiTable
        caption={manual ? T.manualTitle : T.listTitle}
        search={search}
        onSearch={onSearch}
        rows={query.data?.result}
        total={query.data?.totalCount ?? 0}
        loading={query.isFetching}
        error={query.error}
        onDetail={setDetail}
        onDelete={manual && can('absensi.delete') ? setToDelete : undefined}
      />
      <AbsensiDetailDialog row={detail} onClose={() => setDetail(null)} />
      {manual && <DeleteDialog row={toDelete} onDone={() => setToDelete(null)} />}
    </Stack>
  );
}
