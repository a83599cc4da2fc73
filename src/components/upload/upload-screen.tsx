import { Button, Card, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/http';
import type { UploadFailure } from '../../domain/upload';
import { notifyError, notifySuccess } from '../../lib/toast';
import { PageHeader } from '../page-header';
import { UPLOAD_TEXTS } from './texts';
import type { UploadProgress } from './upload-request';
import { UploadDialog, type UploadResult } from './upload-dialog';
import { XlsxDropZone } from './xlsx-drop-zone';

/** What an upload answers, as the screen needs it: the server's message, the log row, the refused rows. */
export interface UploadOutcome {
  message: string;
  logId: number;
  failures: readonly UploadFailure[];
  /** A line under the message in the result dialog (the attendance upload's unknown NRPs). */
  note?: string | undefined;
}

/** Every upload answers its message, its log row and its refused rows alike. */
export const outcomeOf = (a: {
  message: string;
  result: { log_id: number; nrp_gagal: readonly UploadFailure[] };
}): UploadOutcome => ({ message: a.message, logId: a.result.log_id, failures: a.result.nrp_gagal });

interface Props {
  title: string;
  /** The filter panel and its download buttons (tab Upload & Download, above the drop zone). */
  download: ReactNode;
  /** The history tab's content (an UploadLogTable). */
  history: ReactNode;
  upload: (file: File, onProgress: (p: UploadProgress) => void) => Promise<UploadOutcome>;
  /** The upload's log path (…/upload/log): {logPath}/{id}/download saves the refused rows. */
  logPath: string;
  onUploaded?: () => void;
  onCancel: () => void;
  /** What the refused rows' key is (default NRP; a store upload names its customer code). */
  keyLabel?: string;
}

/**
 * The upload screen of spec part 1 §2 and part 2 §2.7: tab Upload & Download (filter and downloads,
 * the drop zone, Cancel and Submit) and tab History Upload. Submit is disabled with no file and while
 * uploading; while the file goes up a blocking dialog shows the progress.
 */
export function UploadScreen({ title, download, history, upload, logPath, onUploaded, onCancel, keyLabel }: Props) {
  const [tab, setTab] = useState('upload');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const uploading = progress !== null;

  const submit = async () => {
    if (!file || uploading) return;
    setProgress(0);
    setError(null);
    try {
      const outcome = await upload(file, (p) => setProgress(p.percent));
      // A clean upload is a success notice with its counts; refused rows open the result dialog.
      if (outcome.failures.length === 0)
        notifySuccess(outcome.note ? `${outcome.message}. ${outcome.note}` : outcome.message);
      else setResult({ ...outcome, fileName: file.name });
      setFile(null);
      onUploaded?.();
    } catch (err) {
      setError(errorMessage(err));
      notifyError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap="4">
      <PageHeader title={title} />
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" colorPalette="green" lazyMount>
        <Tabs.List bg="bg" roundedTop="md" borderWidth="1px" borderBottomWidth="0" px="2">
          <Tabs.Trigger value="upload">{UPLOAD_TEXTS.uploadTab}</Tabs.Trigger>
          <Tabs.Trigger value="history">{UPLOAD_TEXTS.historyTab}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="upload" pt="4">
          <Stack gap="4">
            {download}
            <Card.Root size="sm">
              <Card.Body>
                <Stack gap="4">
                  <XlsxDropZone
                    file={file}
                    error={error}
                    disabled={uploading}
                    onChange={(f, e) => {
                      setFile(f);
                      setError(e);
                    }}
                  />
                  <HStack justify="flex-end" gap="2">
                    <Button variant="outline" onClick={onCancel} disabled={uploading}>
                      {UPLOAD_TEXTS.cancel}
                    </Button>
                    <Button onClick={() => void submit()} disabled={!file || uploading}>
                      {UPLOAD_TEXTS.submit}
                    </Button>
                  </HStack>
                </Stack>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="history" pt="4">
          {history}
        </Tabs.Content>
      </Tabs.Root>
      <UploadDialog
        uploading={uploading}
        percent={progress ?? 0}
        result={result}
        logPath={logPath}
        keyLabel={keyLabel}
        onClose={() => setResult(null)}
      />
    </Stack>
  );
}
