import type { ReportAbsensiFilter } from '../../domain/report/report-search';

/**
 * The report filter with nothing chosen. Its own module because the route files strip these defaults
 * from the address: importing it from the filter component pulled the component, the report calls and
 * their schemas into the phone's entry chunk.
 */
export const BLANK_FILTER: ReportAbsensiFilter = {
  period: '',
  client: '',
  divisi: '',
  jabatan: '',
  key_account: '',
  lokasi: '',
  spg_type: '',
  karyawan: '',
};
