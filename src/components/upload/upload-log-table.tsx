import { Badge, Button, CloseButton, Dialog, Heading, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { UploadFailure, UploadLogRow, UploadStatus } from '../../domain/upload';

/** A page of the upload log as every upload's log call answers it. */
interface UploadLogPage {
  result: UploadLogRow[];
  totalCount: number;
}
import { errorMessage } from '../../lib/http';
import { tanggalPanjang } from '../../lib/format';
import { DataTable, type Column } from '../data-table';
import { DownloadRefusedButton, RefusedRowsTable } from './refused-rows';
import { UPLOAD_TEXTS } from './texts';

const STATUS_COLOR: Record<UploadStatus, string> = { Sukses: 'green', Sebagian: 'orange', Gagal: 'red' };
const SHOWN = 5;

const nrpOf = (f: UploadFailure) => f.nrp || UPLOAD_TEXTS.blankNrp;

interface Props<K extends QueryKey, T extends UploadLogPage, L extends QueryKey> {
  title: string;
  /** One page of the upload log (10 a page); the table keeps the page number. */
  list: (page: number) => UseQueryOptions<T, Error, T, L>;
  /** Every failure of one upload (the list row carries the first ones only). */
  detail: (id: number) => UseQueryOptions<UploadLogRow, Error, UploadLogRow, K>;
  /** What a failure's key is (default NRP; a store upload names its customer code). */
  keyLabel?: string;
  /** The upload's log path (…/upload/log): {logPath}/{id}/download saves an upload's refused rows. */
  logPath: string;
}

/** Spec: the history tab's table — File Name, Tanggal, Status, Keterangan, NRP Gagal, Upload By; 10 a page. */
export function UploadLogTable<K extends QueryKey, T extends UploadLogPage, L extends QueryKey>({
  title,
  list,
  detail,
  keyLabel,
  logPath,
}: Props<K, T, L>) {
  const [page, setPage] = useState(1);
  const query = useQuery(list(page));
  const [open, setOpen] = useState<UploadLogRow | null>(null);
  const c = UPLOAD_TEXTS.logColumns;
  const columns: Column<UploadLogRow>[] = [
    {
      key: 'file',
      header: c.file,
      cell: (r) => (
        <Text minW="36" maxW="64" overflowWrap="anywhere">
          {r.file_name}
        </Text>
      ),
    },
    {
      key: 'tanggal',
      header: c.tanggal,
      cell: (r) => <Text whiteSpace="nowrap">{tanggalPanjang(r.tanggal, true)}</Text>,
    },
    { key: 'status', header: c.status, cell: (r) => <Badge colorPalette={STATUS_COLOR[r.status]}>{r.status}</Badge> },
    { key: 'ket', header: c.keterangan, cell: (r) => <Text minW="48">{r.keterangan}</Text> },
    {
      key: 'gagal',
      header: keyLabel ? `${keyLabel} Gagal` : c.nrpGagal,
      cell: (r) =>
        r.jumlah_gagal === 0 ? (
          '-'
        ) : (
          <Stack gap="1" minW="40">
            <Text>{r.nrp_gagal.slice(0, SHOWN).map(nrpOf).join(', ')}</Text>
            <Button size="xs" variant="outline" alignSelf="start" onClick={() => setOpen(r)}>
              {UPLOAD_TEXTS.allFailures(r.jumlah_gagal)}
            </Button>
          </Stack>
        ),
    },
    { key: 'by', header: c.uploadBy, cell: (r) => <Text whiteSpace="nowrap">{r.upload_by}</Text> },
  ];
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <DataTable
        caption={title}
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => String(r.id)}
        loading={query.isFetching}
        error={query.error}
        paging={{ page, perPage: 10, total: query.data?.totalCount ?? 0, onPage: setPage }}
      />
      {open && (
        <FailuresDialog
          row={open}
          detail={detail}
          keyLabel={keyLabel}
          logPath={logPath}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

function FailuresDialog<K extends QueryKey>({
  row,
  detail,
  keyLabel,
  logPath,
  onClose,
}: {
  row: UploadLogRow;
  detail: Props<K, UploadLogPage, QueryKey>['detail'];
  keyLabel?: string | undefined;
  logPath: string;
  onClose: () => void;
}) {
  const query = useQuery(detail(row.id));
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title wordBreak="break-all">{UPLOAD_TEXTS.failuresTitle(row.file_name)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {query.isPending ? (
                <Skeleton height="24" />
              ) : query.isError ? (
                <Text color="fg.error">{errorMessage(query.error)}</Text>
              ) : (
                <RefusedRowsTable
                  rows={query.data.nrp_gagal}
                  keyLabel={keyLabel}
                  caption={UPLOAD_TEXTS.failuresTitle(row.file_name)}
                />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <DownloadRefusedButton logPath={logPath} logId={row.id} fileName={row.file_name} />
              <Button variant="outline" onClick={onClose}>
                {UPLOAD_TEXTS.close}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Tutup" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
