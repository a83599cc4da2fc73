import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { isoDate } from '../../../domain/primitives';
import { KoreksiRequestPage } from '../../../features/absensi/koreksi/components/koreksi-request-page';

/** ?tanggal=YYYY-MM-DD chooses that day (the Lupa Check Out card's link); anything else chooses none. */
const KoreksiSearchSchema = v.object({
  tanggal: v.fallback(v.optional(v.pipe(v.string(), isoDate())), undefined),
});

export const Route = createFileRoute('/_app/request/absensi')({
  validateSearch: KoreksiSearchSchema,
  component: KoreksiRoute,
});

function KoreksiRoute() {
  const { tanggal } = Route.useSearch();
  return <KoreksiRequestPage tanggal={tanggal} />;
}
