import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListAnswer, ListQuery } from '../../domain/list-query';
import type { RoleRow } from '../../domain/roles';
import type {
  PasswordResetAnswer,
  TrusteeKey,
  UserCreateInput,
  UserDetail,
  UserRow,
  UserUpdateInput,
} from '../../domain/users';
import { api } from '../../lib/http';

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (q: ListQuery) => ['users', 'list', q] as const,
  detail: (userid: string) => ['users', 'detail', userid] as const,
};

export const userListQuery = (q: ListQuery) =>
  queryOptions({
    queryKey: userKeys.list(q),
    queryFn: ({ signal }) => api<ListAnswer<UserRow>>('/api/users', { query: { ...q }, signal }),
    // Paging and typing in the search keep the previous rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export const userDetailQuery = (userid: string) =>
  queryOptions({
    queryKey: userKeys.detail(userid),
    queryFn: ({ signal }) =>
      api<{ result: UserDetail }>(`/api/users/${encodeURIComponent(userid)}`, { signal }).then((r) => r.result),
  });

/** Under the roles prefix, so a role saved on /roles refreshes this list too. */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['roles', 'options'] as const,
    queryFn: ({ signal }) =>
      api<ListAnswer<RoleRow>>('/api/roles', { query: { per_page: 1000 }, signal }).then((r) => r.result),
    staleTime: 60_000,
  });

export interface LookupOption {
  value: string;
  label: string;
}

type MasterRow = { id?: string; kode_prsh?: string; nama?: string; type?: string };

/** Where each trustee dimension's choices come from (master data lists) and which field is the code. */
const TRUSTEE_SOURCES: Record<TrusteeKey, { path: string; code: (r: MasterRow) => string | undefined }> = {
  kode_prsh: { path: '/api/perusahaan', code: (r) => r.kode_prsh },
  sales_office: { path: '/api/sales-office', code: (r) => r.id },
  lokasi: { path: '/api/lokasi', code: (r) => r.id },
  client: { path: '/api/client', code: (r) => r.id },
  jabatan: { path: '/api/jabatan', code: (r) => r.id },
  spg_type: { path: '/api/karyawan-type', code: (r) => r.id },
};

export const trusteeOptionsQuery = (key: TrusteeKey) => {
  const { path, code } = TRUSTEE_SOURCES[key];
  return queryOptions({
    queryKey: ['lookup', path, 'options'] as const,
    queryFn: ({ signal }) =>
      api<ListAnswer<MasterRow>>(path, { query: { per_page: 1000 }, signal }).then((r) =>
        r.result.flatMap((row): LookupOption[] => {
          const value = code(row);
          if (!value) return [];
          const name = row.nama ?? row.type;
          return [{ value, label: name ? `${value} – ${name}` : value }];
        }),
      ),
    staleTime: 5 * 60_000,
  });
};

type Saved = { message: string; result: UserDetail };

export const createUser = (body: UserCreateInput) => api<Saved>('/api/users', { method: 'POST', body });

export const updateUser = (userid: string, body: UserUpdateInput) =>
  api<Saved>(`/api/users/${encodeURIComponent(userid)}`, { method: 'PUT', body });

export const resetUserPassword = (userid: string) =>
  api<PasswordResetAnswer>(`/api/users/${encodeURIComponent(userid)}/reset-password`, { method: 'POST' });
