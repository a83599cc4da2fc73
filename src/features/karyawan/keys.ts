/**
 * The employee area's query keys, apart from the calls: the phone's own requests invalidate the detail
 * by key, and importing the admin calls (with their schemas) for that put them in the phone's first download.
 */
import type { KaryawanSearch, PostingSearch } from '../../domain/karyawan/karyawan-search';

export const karyawanKeys = {
  all: ['karyawan'] as const,
  lists: () => ['karyawan', 'list'] as const,
  list: (resigned: boolean, q: KaryawanSearch) => ['karyawan', 'list', resigned ? 'resigned' : 'active', q] as const,
  detail: (nrp: string) => ['karyawan', 'detail', nrp] as const,
  posting: () => ['karyawan', 'posting'] as const,
  postingList: (q: PostingSearch) => ['karyawan', 'posting', 'list', q] as const,
  postingStatus: (nrp: string) => ['karyawan', 'posting', 'status', nrp] as const,
};
