import { Button, Card, HStack, Stack, Tabs } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/http';
import { LONG_TOAST_MS, notifyError, notifySuccess, notifyWarning } from '../../lib/toast';
import { PageHeader } from '../page-header';
import { UPLOAD_TEXTS } from './texts';
import type { UploadProgress } from './upload-request';
import { UploadProgressDialog } from './upload-progress-dialog';
import { XlsxDropZone } from './xlsx-drop-zone';

/** What an upload answers, as the screen needs it: the server's message and the NRP it refused. */
export interface UploadOutcome {
  message: string;
  failedNrp: string[];
}

interface Props {
  title: string;
  /** The filter panel and its download buttons (tab Upload & Download, above the drop zone). */
  download: ReactNode;
  /** The history tab's content (an UploadLogTable). */
  history: ReactNode;
  upload: (file: File, onProgress: (p: UploadProgress) => void) => Promise<UploadOutcome>;
  onUploaded?: () => void;
  onCancel: () => void;
  /** The toast's label of the refused keys (default "NRP gagal"). */
  failedLabel?: string;
}

const LISTED = 20;

/** Spec §8: a message plus the failed NRP in a 15-second toast; a clean upload is a 5-second success. */
export function announceUpload(outcome: UploadOutcome, failedLabel = 'NRP gagal') {
  if (outcome.failedNrp.length === 0) {
    notifySuccess(outcome.message);
    return;
  }
  const listed = outcome.failedNrp.slice(0, LISTED).map((n) => n || UPLOAD_TEXTS.blankNrp);
  const rest = outcome.failedNrp.length - listed.length;
  notifyWarning(
    outcome.message,
    `${failedLabel}: ${listed.join(', ')}${rest > 0 ? ` ${UPLOAD_TEXTS.moreFailed(rest)}` : ''}`,
    LONG_TOAST_MS,
  );
}

/**
 * The upload screen of spec part 1 §2 and part 2 §2.7: tab Upload & Download (filter and downloads,
 * the drop zone, Cancel and Submit) and tab History Upload. Submit is disabled with no file and while
 * uploading; while the file goes up a blocking dialog shows the progress.
 */
export function UploadScreen({ title, download, history, upload, onUploaded, onCancel, failedLabel }: Props) {
  const [tab, setTab] = useState('upload');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;

  const submit = async () => {
    if (!file || uploading) return;
    setProgress(0);
    setError(null);
    try {
      const outcome = await upload(file, (p) => setProgress(p.percent));
      announceUpload(outcome, failedLabel);
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
      <UploadProgressDialog open={uploading} percent={progress ?? 0} />
    </Stack>
  );
}
