/**
 * The address of /approval/absensi (Koreksi Absensi): the tab and its page. Apart from koreksi.ts, which
 * holds the answers and messages of the lazy screens: validateSearch stays in the app chunk (decision 011).
 */
import * as v from 'valibot';
import { page } from '../primitives';

/** open: what waits for this approver; decided: what they decided. */
export const KOREKSI_APPROVAL_TABS = ['open', 'decided'] as const;
export type KoreksiApprovalTab = (typeof KOREKSI_APPROVAL_TABS)[number];

export const KoreksiApprovalSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(KOREKSI_APPROVAL_TABS), 'open'), 'open'),
  page: v.fallback(page(), 1),
});
export type KoreksiApprovalSearch = v.InferOutput<typeof KoreksiApprovalSearchSchema>;
export const KOREKSI_APPROVAL_SEARCH_DEFAULTS: KoreksiApprovalSearch = v.parse(KoreksiApprovalSearchSchema, {});
