/**
 * The tags of the API document, each with its area (docs/architecture.md "Areas": the folder names of
 * server/modules) and a description. The document declares every tag and groups them by area
 * (`x-tagGroups`, read by Scalar and Redocly); test/server/openapi.test.ts fails on a tag used by a
 * route and missing here.
 */
export const AREAS = [
  'auth',
  'roles',
  'users',
  'absensi',
  'kunjungan',
  'route-list',
  'store',
  'karyawan',
  'leave',
  'report',
  'dashboard',
  'device',
  'master',
  'news',
  'push',
  'docs',
  'files',
] as const;
export type Area = (typeof AREAS)[number];

export const TAGS: Record<string, { area: Area; description: string }> = {
  Auth: { area: 'auth', description: 'Login (a bearer token), the signed-in user and passwords.' },
  Roles: { area: 'roles', description: 'Roles with their permissions, and the permission catalogue.' },
  Users: { area: 'users', description: 'User accounts with their role and data scope (trustee).' },
  Absensi: {
    area: 'absensi',
    description:
      "Attendance: the employee's own check-in and check-out of the day (from the phone's outbox), the HR list, " +
      'period summaries and payroll posting.',
  },
  'Absensi: HR': {
    area: 'absensi',
    description: 'Attendance kept by HR: manual days, .xlsx uploads with their logs and templates, change history.',
  },
  Kunjungan: {
    area: 'absensi',
    description:
      "Store visits of the day: the employee's planned visits, check-in and check-out with photo and position.",
  },
  'Kunjungan (plan)': {
    area: 'kunjungan',
    description: 'Visit plans (DCP): plans and their lines, generation from a route list, day changes.',
  },
  'Route list': { area: 'route-list', description: 'Route lists: their stores, .xlsx uploads and downloads.' },
  'Matrix kunjungan': {
    area: 'route-list',
    description: 'The visit matrix of a route list: which store on which day of which week (W1_1 … W5_7).',
  },
  Store: { area: 'store', description: 'Stores (customers) with their position and check-in radius; .xlsx uploads.' },
  Karyawan: { area: 'karyawan', description: 'The employee register: list, detail, create, change, login accounts.' },
  'Karyawan: Excel': {
    area: 'karyawan',
    description: 'Employee .xlsx uploads, their logs, exports and salary sheets.',
  },
  'Karyawan: lifecycle': {
    area: 'karyawan',
    description: 'Contracts (PKWT), resignations and their agreements, and the payroll posting items (P1, P3, …).',
  },
  Profile: { area: 'karyawan', description: "The signed-in employee's own record and her own salary." },
  'Profile change requests': {
    area: 'karyawan',
    description: 'Changes an employee asks for on her own record (from the outbox), and their approval.',
  },
  Leave: {
    area: 'leave',
    description:
      'Leave requests (cuti, sakit, izin, tukar off …): filing from the outbox, two-step approval, reports, counts.',
  },
  'Leave kinds': { area: 'leave', description: 'The kinds of leave a request can have (jenis leave).' },
  'Cuti kinds': { area: 'leave', description: 'The kinds of cuti (jenis cuti) a cuti request can have.' },
  Laporan: {
    area: 'report',
    description: 'Attendance reports of a period: detail, summary, daily summary, as pages or .xlsx.',
  },
  Dashboard: {
    area: 'dashboard',
    description: "The day's dashboard: visits per location, activity, last positions, contract alerts, attention list.",
  },
  Perangkat: {
    area: 'device',
    description: 'Device passkeys that sign check-ins: registration, approval, revocation and offline challenges.',
  },
  'Master data': {
    area: 'master',
    description: 'Master lists: perusahaan, sales office, lokasi, client, jabatan, departemen, divisi, shift, UMR …',
  },
  Period: { area: 'master', description: 'Payroll periods (YYYYMM) and whether posting is open.' },
  News: { area: 'news', description: 'News items (info) for the field staff, their audience and read receipts.' },
  Push: {
    area: 'push',
    description: "Web Push: the server's VAPID key, the caller's browser subscriptions and her on/off per kind.",
  },
  Notifikasi: {
    area: 'push',
    description: "The caller's in-app notifications (the header's bell) and their read state.",
  },
  Docs: {
    area: 'docs',
    description: 'This description, its reference page, readiness and the client settings: no token needed.',
  },
  Files: { area: 'files', description: 'Stored photos (check-in, visit, employee), within the data scope.' },
};

/** The document's `tags` and `x-tagGroups`. */
export function documentTags() {
  return {
    tags: Object.entries(TAGS).map(([name, { description }]) => ({ name, description })),
    'x-tagGroups': AREAS.map((area) => ({
      name: area,
      tags: Object.entries(TAGS)
        .filter(([, t]) => t.area === area)
        .map(([name]) => name),
    })),
  };
}
