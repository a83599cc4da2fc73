import { Box, Button, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { UploadFailure } from '../../domain/upload';
import { saveApiFile } from '../../lib/save-file';
import { notifyError } from '../../lib/toast';
import { UPLOAD_TEXTS } from './texts';

/** Rows drawn at most: the rest are in the download (a 20,000-row refusal must not freeze the page). */
const SHOWN = 500;

/** The refused rows of one upload: Baris, the row's key (NRP unless named), Alasan. */
export function RefusedRowsTable({
  rows,
  keyLabel,
  caption,
}: {
  rows: readonly UploadFailure[];
  keyLabel?: string | undefined;
  caption: string;
}) {
  const f = UPLOAD_TEXTS.failureColumns;
  const shown = rows.slice(0, SHOWN);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" aria-label={caption} stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{f.baris}</Table.ColumnHeader>
            <Table.ColumnHeader>{keyLabel ?? f.nrp}</Table.ColumnHeader>
            <Table.ColumnHeader>{f.alasan}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((x) => (
            <Table.Row key={x.baris}>
              <Table.Cell>{x.baris}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{x.nrp || UPLOAD_TEXTS.blankNrp}</Table.Cell>
              <Table.Cell>{x.alasan}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows.length > shown.length && (
        <Text textStyle="sm" color="fg.muted" mt="2">
          {UPLOAD_TEXTS.moreRefused(rows.length - shown.length)}
        </Text>
      )}
    </Box>
  );
}

/**
 * Saves the refused rows of upload `logId` as an .xlsx (GET {logPath}/{id}/download): the sheet's
 * columns as the file had them plus alasan_gagal, to fix and upload again.
 */
export function DownloadRefusedButton({
  logPath,
  logId,
  fileName,
}: {
  logPath: string;
  logId: number;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveApiFile(`${logPath}/${logId}/download`, `gagal-${fileName.replace(/\.xlsx$/i, '')}.xlsx`);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void save()} loading={busy}>
      {UPLOAD_TEXTS.downloadRefused}
    </Button>
  );
}
