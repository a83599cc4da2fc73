import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Grid,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  KETERANGAN_MAX,
  PROFILE_FIELD_LABELS,
  profileValueText,
  REQUEST_MESSAGES,
  type ProfileField,
  type ProfileRequestItem,
  type ProfileRequestRow,
} from '../../../domain/karyawan/request';
import { errorMessage } from '../../../lib/http';
import { tanggalPanjang } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { decideRequest, requestDetailQuery } from './api';
import { REQUEST_TEXTS } from './texts';
import { RequestStatusBadge } from './request-status-badge';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Box textStyle="sm" fontWeight="medium">
        {children}
      </Box>
    </Box>
  );
}

/** Each requested value beside the current one (or, once decided, the value it replaced). */
function ChangesTable({ items, decided, before }: { items: ProfileRequestItem[]; decided: boolean; before: boolean }) {
  return (
    <Box borderWidth="1px" rounded="md" overflowX="auto">
      <Table.Root size="sm" aria-label="Perubahan yang diminta">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>{REQUEST_TEXTS.columnField}</Table.ColumnHeader>
            {before && (
              <Table.ColumnHeader>
                {decided ? REQUEST_TEXTS.columnBefore : REQUEST_TEXTS.columnCurrent}
              </Table.ColumnHeader>
            )}
            <Table.ColumnHeader>{REQUEST_TEXTS.columnRequested}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((i) => (
            <Table.Row key={i.field} data-testid={`change-${i.field}`}>
              <Table.Cell whiteSpace="nowrap" color="fg.muted">
                {i.label}
              </Table.Cell>
              {before && (
                <Table.Cell data-testid="value-current">
                  {profileValueText(i.field, decided ? i.previous : i.current)}
                </Table.Cell>
              )}
              <Table.Cell fontWeight="semibold" color="green.fg" data-testid="value-requested">
                {profileValueText(i.field, i.requested)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Until the detail arrives (or offline, for the employee), the list row's requested values alone. */
function itemsOfRow(row: ProfileRequestRow): ProfileRequestItem[] {
  return Object.entries(row.changes).map(([f, requested]) => ({
    field: f as ProfileField,
    label: PROFILE_FIELD_LABELS[f as ProfileField],
    current: null,
    previous: null,
    requested: requested ?? null,
  }));
}

interface Props {
  row: ProfileRequestRow;
  /** The approver may decide it (karyawan.request.approve); only an open request is decided. */
  canDecide: boolean;
  onClose: () => void;
}

/**
 * A change request: "Approve Perubahan Profile Karyawan" with each requested value beside the
 * current one, Approve or Reject with a note (spec §2, §4), or the read-only view of a decided one.
 * The spec's dialog had a Posting button that did nothing; Approve here applies the change.
 */
export function RequestDialog({ row, canDecide, onClose }: Props) {
  const online = useOnline();
  // Offline (the employee on /profile) the list row's requested values are shown alone.
  const detail = useQuery({ ...requestDetailQuery(row.id), enabled: online });
  const d = detail.data ?? row;
  const items = detail.data?.items ?? itemsOfRow(row);
  const open = d.approve_status === 'N';
  const deciding = canDecide && open;
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const decide = useMutation({
    ...decideRequest(queryClient),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      onClose();
    },
    onError: (err) => notifyError(err),
  });
  const send = (status: 'Y' | 'R') => decide.mutate({ id: row.id, status, keterangan: note });
  const reject = () => {
    if (!note.trim()) {
      setNoteError(REQUEST_MESSAGES.keteranganRequired);
      return;
    }
    send('R');
  };
  const who = `${d.nrp} - ${d.nama}`;

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && !decide.isPending && onClose()}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{deciding ? REQUEST_TEXTS.dialogTitle : `Request ${d.nomor_registrasi}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={decide.isPending} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                {deciding && <Text fontWeight="medium">{REQUEST_TEXTS.dialogText(who)}</Text>}
                <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3">
                  <Meta label="Nomor">{d.nomor_registrasi}</Meta>
                  <Meta label="Karyawan">{who}</Meta>
                  <Meta label="Tgl Pengajuan">{tanggalPanjang(d.tanggal_pengajuan, true)}</Meta>
                  <Meta label="Status">
                    <RequestStatusBadge status={d.approve_status} />
                  </Meta>
                  {!open && (
                    <>
                      <Meta label="Tanggal Approve">{tanggalPanjang(d.approve_date, true)}</Meta>
                      <Meta label="Oleh">{d.approve_by_nama ?? '-'}</Meta>
                      <Box gridColumn={{ base: 'span 2', md: 'span 2' }}>
                        <Meta label={REQUEST_TEXTS.keterangan}>{d.keterangan ?? '-'}</Meta>
                      </Box>
                    </>
                  )}
                </Grid>
                {detail.isLoading ? (
                  <Skeleton height="24" />
                ) : (
                  <>
                    {!detail.data && (
                      <Text textStyle="sm" color="fg.muted">
                        {detail.isError ? `${errorMessage(detail.error)}: ` : ''}
                        {REQUEST_TEXTS.requestedOnly}
                      </Text>
                    )}
                    <ChangesTable items={items} decided={!open} before={!!detail.data} />
                  </>
                )}
                {deciding && (
                  <Field.Root invalid={!!noteError}>
                    <Field.Label>{REQUEST_TEXTS.keterangan}</Field.Label>
                    <Textarea
                      value={note}
                      maxLength={KETERANGAN_MAX}
                      rows={2}
                      onChange={(e) => {
                        setNote(e.target.value);
                        setNoteError(null);
                      }}
                    />
                    {noteError ? (
                      <Field.ErrorText>{noteError}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>{REQUEST_TEXTS.keteranganHelper}</Field.HelperText>
                    )}
                  </Field.Root>
                )}
                {canDecide && !open && (
                  <Alert.Root status="info" size="sm">
                    <Alert.Indicator />
                    <Alert.Title>Request ini sudah diproses.</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {deciding ? (
                <>
                  <Button variant="outline" onClick={onClose} disabled={decide.isPending}>
                    Batal
                  </Button>
                  <Button
                    colorPalette="red"
                    variant="outline"
                    loading={decide.isPending && decide.variables.status === 'R'}
                    disabled={decide.isPending || !detail.data}
                    onClick={reject}
                  >
                    Reject
                  </Button>
                  <Button
                    colorPalette="green"
                    loading={decide.isPending && decide.variables.status === 'Y'}
                    disabled={decide.isPending || !detail.data}
                    onClick={() => send('Y')}
                  >
                    Approve
                  </Button>
                </>
              ) : (
                <Button variant="outline" onClick={onClose}>
                  Tutup
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
