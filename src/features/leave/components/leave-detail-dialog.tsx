import { Box, Button, CloseButton, Dialog, Grid, Heading, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { CoverageLine, LeaveRow } from '../../../domain/leave/leave-answers';
import { APPROVAL_ROLE_LABELS } from '../../../domain/leave/leave-rules';
import { tanggal, tanggalPanjang } from '../../../lib/format';
import { notifyError } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { useMediaQuery } from '../../../components/use-media-query';
import { downloadFile } from '../download';
import { dateRange, shiftText } from './format';
import { LeaveStatusBadge, StepStatusBadge } from './leave-status-badge';

function Field({ label, children }: { label: string; children: ReactNode }) {
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

export function AttachmentButton({
  row,
  size = 'xs',
  label = 'Unduh Lampiran',
}: {
  row: Pick<LeaveRow, 'leave_id' | 'attachment'>;
  size?: 'xs' | 'sm';
  label?: string;
}) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  if (!row.attachment) return null;
  return (
    <Button
      size={size}
      variant="outline"
      loading={busy}
      disabled={!online}
      title={online ? row.attachment : 'Unduh lampiran hanya saat online'}
      onClick={() => {
        setBusy(true);
        downloadFile(`/api/leave/attachment/${row.leave_id}/download`, row.attachment ?? 'lampiran')
          .catch((err) => notifyError(err))
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** The planned store visits the request leaves without the employee (what an approver must re-staff). */
export function CoverageList({ lines }: { lines: CoverageLine[] | undefined }) {
  if (!lines) return null;
  return (
    <Stack gap="2" data-testid="coverage">
      <Heading as="h4" size="sm">
        Kunjungan yang tidak tercover
      </Heading>
      {lines.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          Tidak ada kunjungan terjadwal pada tanggal tersebut.
        </Text>
      ) : (
        <Box borderWidth="1px" rounded="md" overflowX="auto" maxH="48" overflowY="auto">
          <Table.Root size="sm">
            <Table.Body>
              {lines.map((l, i) => (
                <Table.Row key={`${l.tanggal}-${l.cust_code}-${i}`}>
                  <Table.Cell whiteSpace="nowrap">{tanggal(l.tanggal)}</Table.Cell>
                  <Table.Cell>{l.cust_name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap" color="fg.muted">
                    {l.shift_id}
                    {l.checked_in ? ' · sudah check in' : ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

/** The approval steps one under another: five columns do not fit a phone. */
function StepList({ row }: { row: LeaveRow }) {
  return (
    <Stack gap="2" role="list" aria-label="Langkah approval">
      {row.approval.map((s) => (
        <Box key={s.approval_id} role="listitem" borderWidth="1px" rounded="md" p="3" textStyle="sm">
          <HStack justify="space-between" align="start" gap="2">
            <Box minW="0">
              <Text fontWeight="medium">
                {s.approval_num}. {APPROVAL_ROLE_LABELS[s.approval_role]}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {s.approver?.nama ?? (s.approval_role === 'TL' ? `NRP ${s.approval_nrp ?? '-'}` : 'Admin')}
              </Text>
            </Box>
            <StepStatusBadge status={s.approval_status} leaveStatus={row.status} />
          </HStack>
          {(s.approval_date || s.keterangan) && (
            <Text textStyle="xs" color="fg.muted" mt="1">
              {[s.approval_date ? tanggalPanjang(s.approval_date, true) : null, s.keterangan || null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The fields of a request and its approval steps (the spec's panel "Detail Leave dan Approval"). */
export function LeaveDetails({ row }: { row: LeaveRow }) {
  const type = row.jenis.type;
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Stack gap="5">
      <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="3">
        <Field label="Nomor">{row.nomor}</Field>
        <Field label="Status">
          <LeaveStatusBadge status={row.status} />
        </Field>
        <Field label="Tanggal Pengajuan">{tanggal(row.tanggal)}</Field>
        <Field label="Karyawan">
          {row.nrp} – {row.karyawan.nama}
        </Field>
        <Field label="Lokasi">{row.karyawan.lokasi.nama}</Field>
        <Field label="Client">{row.karyawan.client?.nama ?? '-'}</Field>
        <Field label="Jenis Leave">{row.jenis.jenis_leave}</Field>
        {type === 'CUTI' && (
          <Field label="Jenis Cuti">{row.cuti ? `${row.cuti.jenis_cuti} (${row.cuti.lama_hari} hari)` : '-'}</Field>
        )}
        {type === 'TUKER_OFF' || type === 'PERUBAHAN_SHIFT' ? (
          <>
            <Field label="Period">{row.periode ?? '-'}</Field>
            <Field label="Tanggal Kunjungan">{tanggal(row.start_date)}</Field>
            <Field label="Shift">{shiftText(row.shift)}</Field>
            {type === 'TUKER_OFF' ? (
              <Field label="Request Hari">{tanggal(row.hari_request)}</Field>
            ) : (
              <Field label="Shift Request">{shiftText(row.shiftRequest)}</Field>
            )}
          </>
        ) : (
          <Field label="Tanggal">{dateRange(row.start_date, row.end_date)}</Field>
        )}
        <Field label="Keterangan">{row.keterangan || '-'}</Field>
        <Field label="Lampiran">{row.attachment ? <AttachmentButton row={row} /> : '-'}</Field>
      </Grid>
      <Stack gap="2">
        <Heading as="h4" size="sm">
          Approval
        </Heading>
        {phone ? (
          <StepList row={row} />
        ) : (
          <Box borderWidth="1px" rounded="md" overflowX="auto">
            <Table.Root size="sm" aria-label="Langkah approval">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader>No</Table.ColumnHeader>
                  <Table.ColumnHeader>Approver</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Tanggal</Table.ColumnHeader>
                  <Table.ColumnHeader>Keterangan</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {row.approval.map((s) => (
                  <Table.Row key={s.approval_id}>
                    <Table.Cell>{s.approval_num}</Table.Cell>
                    <Table.Cell>
                      <Text>{APPROVAL_ROLE_LABELS[s.approval_role]}</Text>
                      <Text textStyle="xs" color="fg.muted">
                        {s.approver?.nama ?? (s.approval_role === 'TL' ? `NRP ${s.approval_nrp ?? '-'}` : 'Admin')}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <StepStatusBadge status={s.approval_status} leaveStatus={row.status} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {s.approval_date ? tanggalPanjang(s.approval_date, true) : '-'}
                    </Table.Cell>
                    <Table.Cell>{s.keterangan || '-'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      {row.coverage && <CoverageList lines={row.coverage} />}
    </Stack>
  );
}

export function LeaveDetailDialog({
  row,
  onClose,
  footer,
}: {
  row: LeaveRow;
  onClose: () => void;
  footer?: ReactNode;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Full screen on a phone only: the "full" size's height would otherwise stay on a tablet. */}
          <Dialog.Content minH={{ md: 'auto' }} rounded={{ md: 'l3' }}>
            <Dialog.Header>
              <Dialog.Title>Detail Leave dan Approval</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <LeaveDetails row={row} />
            </Dialog.Body>
            <Dialog.Footer>
              {/* The approver decides from here too (tablet-sized buttons come with the footer). */}
              <HStack gap="2" flexWrap="wrap" justify="flex-end">
                {footer}
                <Button variant="outline" size={{ base: 'lg', xl: 'md' }} onClick={onClose}>
                  Tutup
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size={{ base: 'md', xl: 'sm' }} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
