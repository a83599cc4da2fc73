/**
 * The values the leave screens' address may hold (features/leave/search.ts): the leave statuses of the
 * /leave filter and the status tabs of /approval/leave. Kept apart from leave-rules.ts because every
 * route's validateSearch is in the entry chunk, and with it everything its module holds; leave-rules.ts
 * re-exports them.
 */

/** Leave status (free text on the wire; spec §4). */
export const LEAVE_STATUS = {
  pending: 'Pending',
  approved1: 'Approved 1',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;
export type LeaveStatus = (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS];
export const LEAVE_STATUS_VALUES = Object.values(LEAVE_STATUS);

/** Tabs of /approval/leave: a status list plus Semua. */
export const APPROVAL_TABS = [
  { status: 'N', tab: 'Outstanding', label: 'Outstanding Approval', perPage: 5 },
  { status: 'A', tab: 'Approved', label: 'Approved Leave', perPage: 10 },
  { status: 'R', tab: 'Rejected', label: 'Rejected Leave', perPage: 10 },
  { status: 'all', tab: 'Semua', label: 'Semua Pengajuan', perPage: 10 },
] as const;
export type ApprovalTabStatus = (typeof APPROVAL_TABS)[number]['status'];
export const APPROVAL_TAB_STATUSES = APPROVAL_TABS.map((t) => t.status);
