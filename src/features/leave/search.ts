/**
 * What the leave screens keep in the address (as the employee and master lists do): the tab, the
 * applied filter and the page, so a reload, a shared link or the back button shows the same list.
 * Bad values fall back to the defaults instead of breaking the screen.
 */
import * as v from 'valibot';
import { APPROVAL_TAB_STATUSES, LEAVE_STATUS_VALUES } from '../../domain/leave/leave-search';
import { idAny, isCalendarDate, page } from '../../domain/primitives';

// The router reads `?period_id=202611` as a number, and `?startDate=…` as text.
const asText = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const dateParam = v.fallback(v.optional(v.pipe(asText, v.check(isCalendarDate))), undefined);

/** /leave: the kind's tab (its id), the applied filter of that tab, and the page. */
export const LeaveListSearchSchema = v.object({
  tab: v.fallback(v.optional(idAny()), undefined),
  startDate: dateParam,
  endDate: dateParam,
  status: v.fallback(v.optional(v.picklist(['', ...LEAVE_STATUS_VALUES]), ''), ''),
  period_id: v.fallback(v.optional(v.pipe(asText, v.regex(/^(\d{4}(0[1-9]|1[0-2]))?$/)), ''), ''),
  page: v.fallback(page(), 1),
});
export type LeaveListSearch = v.InferOutput<typeof LeaveListSearchSchema>;
export const LEAVE_LIST_SEARCH_DEFAULTS: LeaveListSearch = v.parse(LeaveListSearchSchema, {});

/** /approval/leave: the status tab and its page. */
export const ApprovalSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(APPROVAL_TAB_STATUSES), 'N'), 'N'),
  page: v.fallback(page(), 1),
});
export type ApprovalSearch = v.InferOutput<typeof ApprovalSearchSchema>;
export const APPROVAL_SEARCH_DEFAULTS: ApprovalSearch = v.parse(ApprovalSearchSchema, {});
