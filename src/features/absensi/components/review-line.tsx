import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { fieldFlagLabel, type OwnReview } from '../../../domain/absensi/absensi';
import { needsReview, NOT_FOR_REVIEW } from '../../../domain/absensi/tinjau';
import type { OutboxRow } from '../../../lib/offline/db';
import { notifySuccess } from '../../../lib/toast';
import { enqueueReviewNote } from '../outbox';
import { PendingBadge } from './pending-badge';

/** Her words for a flagged check-in: what is looked at, and what was decided (issue 28 item 5). */
export const REVIEW_TEXTS = {
  open: (reasons: string) => `Sedang ditinjau: ${reasons}`,
  terima: 'Sudah ditinjau dan diterima',
  tolak: (alasan: string | null) => `Tidak diterima peninjau${alasan ? `: ${alasan}` : ''}`,
  note: 'Catatan Anda',
  addNote: 'Tambah catatan',
  editNote: 'Ubah catatan',
  dialogTitle: 'Catatan untuk peninjau',
  hint: 'Jelaskan keadaannya, misalnya sinyal GPS lemah di dalam mal. Terkirim saat ada sinyal.',
  save: 'Simpan',
  cancel: 'Batal',
  saved: 'Catatan tersimpan di perangkat',
} as const;

// The note's dialog (Chakra's dialog and field) loads on the first tap, as the capture dialog does: it stays
// off the phone's first load (decision 011); the service worker has it cached offline.
const NoteDialog = lazy(() => import('./review-note-dialog').then((m) => ({ default: m.NoteDialog })));

const SAID_ELSEWHERE: readonly string[] = ['no_device_signature'];

interface Props {
  userid: string;
  /** `hari-<id>` or `kunjungan-<id>`. */
  tinjauId: string;
  flags: readonly string[];
  review: OwnReview | null | undefined;
  rows: OutboxRow[];
  /** What the line is about when it stands apart from its record ("Absensi hari ini"). */
  subject?: string;
}

/**
 * One neutral line on her day or visit: the flags being looked at, or the decision, her note, and a way to
 * add one. Nothing here asks her to act: a flag never refuses a check-in.
 */
export function ReviewLine({ userid, tinjauId, flags, review, rows, subject }: Props) {
  const [editing, setEditing] = useState(false);
  const queued = rows.filter(
    (r): r is OutboxRow<'tinjau.catatan'> =>
      r.kind === 'tinjau.catatan' && (r as OutboxRow<'tinjau.catatan'>).payload.tinjau_id === tinjauId,
  );
  const waiting = queued.filter((r) => r.state !== 'done').at(-1);
  const note = waiting?.payload.catatan ?? review?.catatan ?? null;
  // A check-in without her passkey is told by the "Verifikasi Perangkat" card, with what to do about it.
  const hers = flags.filter((f) => !SAID_ELSEWHERE.includes(f));
  if (!needsReview(hers) && !review?.keputusan) return null;
  const reasons = hers.filter((f) => !(NOT_FOR_REVIEW as readonly string[]).includes(f)).map(fieldFlagLabel);
  const said = review?.keputusan
    ? review.keputusan === 'terima'
      ? REVIEW_TEXTS.terima
      : REVIEW_TEXTS.tolak(review.alasan)
    : REVIEW_TEXTS.open(reasons.join(', '));
  const line = subject ? `${subject}: ${said.charAt(0).toLowerCase()}${said.slice(1)}` : said;
  return (
    <Stack gap="1" data-testid="review-line">
      <Text textStyle="sm" color="fg.muted">
        {line}
      </Text>
      {note && (
        <HStack gap="2">
          <Text textStyle="sm" color="fg.muted">
            {REVIEW_TEXTS.note}: {note}
          </Text>
          {waiting && <PendingBadge />}
        </HStack>
      )}
      {!review?.keputusan && (
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
