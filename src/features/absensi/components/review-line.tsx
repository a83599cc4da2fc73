import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import type { OwnReview } from '../../../domain/absensi/absensi';
import type { OutboxRow } from '../../../lib/offline/db';
import { notifySuccess } from '../../../lib/toast';
import { enqueueReviewNote } from '../outbox';
import { PendingBadge } from './pending-badge';

/**
 * Her words for a check-in under review (issue 28 item 5, issue 41 item 3): only that it is looked at,
 * then the outcome and what the reviewer wrote for her. Never which flags: naming them tells a cheater
 * what was caught; never the reviewer's internal reason.
 */
export const REVIEW_TEXTS = {
  status: { ditinjau: 'Sedang ditinjau', diterima: 'Diterima', tidak_diterima: 'Tidak diterima' },
  pesan: 'Pesan peninjau',
  note: 'Catatan Anda',
  addNote: 'Tambah catatan',
  editNote: 'Ubah catatan',
  dialogTitle: 'Catatan untuk peninjau',
  hint: 'Jelaskan keadaannya, misalnya sinyal GPS lemah di dalam mal. Terkirim saat ada sinyal.',
  save: 'Simpan',
  cancel: 'Batal',
  saved: 'Catatan tersimpan di perangkat',
} as const;

const PALETTE: Record<OwnReview['status'], string> = { ditinjau: 'gray', diterima: 'green', tidak_diterima: 'red' };

// The note's dialog (Chakra's dialog and field) loads on the first tap, as the capture dialog does: it stays
// off the phone's first load (decision 011); the service worker has it cached offline.
const NoteDialog = lazy(() => import('./review-note-dialog').then((m) => ({ default: m.NoteDialog })));

interface Props {
  userid: string;
  /** `hari-<id>` or `kunjungan-<id>`. */
  tinjauId: string;
  /** Where the review stands, as the server tells her; null when nothing is under review. */
  review: OwnReview | null | undefined;
  rows: OutboxRow[];
}

/**
 * One neutral line under her day or visit: the review's state, the reviewer's message for her, her note
 * and a way to add one while it is open. Nothing here asks her to act: a flag never refuses a check-in.
 */
export function ReviewLine({ userid, tinjauId, review, rows }: Props) {
  const [editing, setEditing] = useState(false);
  const queued = rows.filter(
    (r): r is OutboxRow<'tinjau.catatan'> =>
      r.kind === 'tinjau.catatan' && (r as OutboxRow<'tinjau.catatan'>).payload.tinjau_id === tinjauId,
  );
  const waiting = queued.filter((r) => r.state !== 'done').at(-1);
  const note = waiting?.payload.catatan ?? review?.catatan ?? null;
  if (!review) return null;
  const open = review.status === 'ditinjau';
  return (
    <Stack gap="1" data-testid="review-line">
      <HStack gap="2" flexWrap="wrap">
        <Badge size="sm" colorPalette={PALETTE[review.status]} variant={open ? 'outline' : 'subtle'}>
          {REVIEW_TEXTS.status[review.status]}
        </Badge>
      </HStack>
      {review.pesan && (
        <Text textStyle="sm">
          {REVIEW_TEXTS.pesan}: {review.pesan}
        </Text>
      )}
      {note && (
        <HStack gap="2">
          <Text textStyle="sm" color="fg.muted">
            {REVIEW_TEXTS.note}: {note}
          </Text>
          {waiting && <PendingBadge />}
        </HStack>
      )}
      {open && (
        <Button size="xs" variant="ghost" alignSelf="start" px="0" onClick={() => setEditing(true)}>
          {note ? REVIEW_TEXTS.editNote : REVIEW_TEXTS.addNote}
        </Button>
      )}
      {editing && (
        <Suspense>
          <NoteDialog
            initial={note ?? ''}
            onClose={() => setEditing(false)}
            onSave={async (catatan) => {
              await enqueueReviewNote(userid, tinjauId, catatan, dayjs());
              notifySuccess(REVIEW_TEXTS.saved);
              setEditing(false);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
