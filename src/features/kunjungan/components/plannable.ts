import { useQuery } from '@tanstack/react-query';
import { dateIn } from '../../../domain/time-zone';
import { periodPlannable } from '../../../domain/kunjungan/kunjungan-plan';
import { lookupQuery, periodLookupQuery } from '../../../lib/lookups';

/**
 * The current period id (YYYYMM): a period stays plannable while it is current anywhere in Indonesia,
 * so until it ends in WIB, the westernmost zone (docs/decisions/020-time-zones.md).
 */
export const currentPeriodId = () => dateIn('Asia/Jakarta', new Date()).slice(0, 7).replace('-', '');

/** Spec §4: the periods a plan may be made for (not before the current YYYYMM), and the shifts. */
export function usePlanChoices() {
  const periods = useQuery(periodLookupQuery());
  const shifts = useQuery(lookupQuery('shift'));
  const current = currentPeriodId();
  const open = (periods.data ?? [])
    .filter((p) => periodPlannable(p.id, current))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    periods: open,
    periodOptions: open.map((p) => ({ value: p.id, label: p.id })),
    shiftOptions: (shifts.data ?? []).map((s) => ({
      value: s.id,
      label: `${s.nama} (${s.jam_mulai.slice(0, 5)}–${s.jam_selesai.slice(0, 5)})`,
    })),
  };
}
