import { Badge, Button, HStack, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/data-table';
import { PROFILE_FIELD_LABELS, type ProfileRequestRow } from '../../../domain/karyawan/request';
import type { OutboxRow } from '../../../lib/offline/db';
import { tanggalPanjang } from '../../../lib/format';
import { notifyError } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import { downloadRequest } from './api';
import { changesOf, type PROFILE_CHANGE } from './outbox';
import { REQUEST_TEXTS } from './texts';
import { RequestStatusBadge } from './request-status-badge';

type Waiting = OutboxRow<typeof PROFILE_CHANGE>;
type Line = { kind: 'server'; row: ProfileRequestRow } | { kind: 'outbox'; row: Waiting };

interface Props {
  rows: ProfileRequestRow[] | undefined;
  /** Requests filed on this device and not yet confirmed by the server (the own profile). */
  waiting?: Waiting[];
  loading?: boolean;
  error?: unknown;
  emptyText?: string;
  onOpen: (row: ProfileRequestRow) => void;
}

const fieldsText = (names: string[]) =>
  names.map((f) => PROFILE_FIELD_LABELS[f as keyof typeof PROFILE_FIELD_LABELS] ?? f).join(', ');

/**
 * The history of an employee's change requests: Nomor, Tgl Pengajuan, Status, Tanggal Approve, the
 * request's PDF. Requests still on the device come first, marked "menunggu sinkron" (or refused, with
 * the server's message) until the server has them.
 */
export function RequestHistoryTable({ rows, waiting = [], loading, error, emptyText, onOpen }: Props) {
  const online = useOnline();
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  const [busy, setBusy] = useState<number | null>(null);
  const lines: Line[] | undefined =
    rows || waiting.length
      ? [
          ...waiting.map((row): Line => ({ kind: 'outbox', row })),
          ...(rows ?? []).map((row): Line => ({ kind: 'server', row })),
        ]
      : undefined;

  const get = async (row: ProfileRequestRow) => {
    setBusy(row.id);
    try {
      await downloadRequest(row);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };

  const nomorCell = (l: Line) =>
    l.kind === 'server' ? (
      <Stack gap="0" align="start">
        <Button variant="plain" size="sm" p="0" h="auto" color="fg.info" onClick={() => onOpen(l.row)}>
          {l.row.nomor_registrasi}
        </Button>
        <Text textStyle="xs" color="fg.muted" lineClamp={2} maxW="56">
          {fieldsText(Object.keys(l.row.changes))}
        </Text>
      </Stack>
    ) : (
      <Stack gap="0">
        <Text fontWeight="medium" title={REQUEST_TEXTS.draftNumber}>
          {REQUEST_TEXTS.draft}
        </Text>
        <Text textStyle="xs" color="fg.muted" lineClamp={2} maxW="56">
          {fieldsText(changesOf(l.row).map(([f]) => f))}
        </Text>
      </Stack>
    );
  const filedOn = (l: Line) => tanggalPanjang(l.kind === 'server' ? l.row.tanggal_pengajuan : l.row.capturedAt);
  const approvedOn = (l: Line) => (l.kind === 'server' ? tanggalPanjang(l.row.approve_date) : '-');
  const statusCell = (l: Line) => {
    if (l.kind === 'server') {
      return (
        <Stack gap="1" align="start">
          <RequestStatusBadge status={l.row.approve_status} />
          {l.row.approve_status === 'R' && l.row.keterangan && (
            <Text textStyle="xs" color="fg.muted" maxW="56">
              {l.row.keterangan}
            </Text>
          )}
        </Stack>
      );
    }
    const refused = l.row.state === 'needs-action';
    return (
      <Stack gap="1" align="start">
        <Badge
          colorPalette={refused ? 'red' : 'orange'}
          variant="subtle"
          whiteSpace="nowrap"
          data-testid="pending-badge"
        >
          {refused ? REQUEST_TEXTS.refused : REQUEST_TEXTS.waiting}
        </Badge>
        {refused && (
          <Text textStyle="xs" color="fg.error" maxW="56">
            {l.row.lastError} ·{' '}
            <Link to="/sinkron" style={{ textDecoration: 'underline' }}>
              buka Sinkronisasi
            </Link>
          </Text>
        )}
      </Stack>
    );
  };
  const pdfCell = (l: Line) =>
    l.kind === 'server' ? (
      <HStack justify="flex-end">
        <Button
          size="xs"
          variant="outline"
          loading={busy === l.row.id}
          disabled={!online}
          title={online ? undefined : REQUEST_TEXTS.offlineDownload}
          onClick={() => void get(l.row)}
          aria-label={`Download ${l.row.nomor_registrasi}`}
        >
          PDF
        </Button>
      </HStack>
    ) : null;
  const nowrap = (text: string) => (
    <Text as="span" whiteSpace="nowrap">
      {text}
    </Text>
  );

  // A phone gets two columns: the number with its filing date, the status with its decision date and the PDF.
  const columns: Column<Line>[] = compact
    ? [
        {
          key: 'nomor',
          header: 'Nomor / Tgl Pengajuan',
          cell: (l) => (
            <Stack gap="1">
              {nomorCell(l)}
              <Text textStyle="xs">{filedOn(l)}</Text>
            </Stack>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          cell: (l) => (
            <Stack gap="1" align="start">
              {statusCell(l)}
              {l.kind === 'server' && l.row.approve_date && <Text textStyle="xs">{approvedOn(l)}</Text>}
              {pdfCell(l)}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'nomor', header: 'Nomor', cell: nomorCell },
        { key: 'tgl', header: 'Tgl Pengajuan', cell: (l) => nowrap(filedOn(l)) },
        { key: 'status', header: 'Status', cell: statusCell },
        { key: 'approve', header: 'Tanggal Approve', cell: (l) => nowrap(approvedOn(l)) },
        { key: 'aksi', header: 'Dokumen', align: 'end', cell: pdfCell },
      ];

  return (
    <DataTable
      caption={REQUEST_TEXTS.historyTitle}
      columns={columns}
      rows={lines}
      rowKey={(l) => (l.kind === 'server' ? `s${l.row.id}` : `o${l.row.id}`)}
      loading={loading}
      error={rows ? null : error}
      emptyText={emptyText}
    />
  );
}
