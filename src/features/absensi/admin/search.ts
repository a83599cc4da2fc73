import type { AbsensiListQuery } from '../../../domain/absensi/absensi-search';
import { DEFAULT_PAGE_SIZE } from '../../../domain/list-query';

/** The list's search params left out of the URL when at their default. */
export const ABSENSI_SEARCH_DEFAULTS = {
  page: 1,
  per_page: DEFAULT_PAGE_SIZE,
  lokasi: '',
  client: '',
  sales_office: '',
  type: '',
  status: '',
  sumber: '',
  q: '',
} satisfies Partial<AbsensiListQuery>;
