import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../domain/list-query';
import { masterListAnswer } from '../../domain/master/master';
import { roleContracts } from '../../domain/roles/contracts';
import { userContracts as users } from '../../domain/users/contracts';
import type { TrusteeKey, UserCreateInput, UserDetail, UserUpdateInput } from '../../domain/users/users';
import { call } from '../../lib/call';
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
    queryFn: ({ signal }) => call(users.list, { query: { ...q }, signal }),
    // Paging and typing in the search keep the previous rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export const userDetailQuery = (userid: string) =>
  queryOptions({
    queryKey: userKeys.detail(userid),
    queryFn: ({ signal }) => call(users.detail, { params: { id: userid }, signal }).then((r) => r.result),
  });

/** Under the roles prefix, so a role saved on /roles refreshes this list too. */
export const roleOptionsQuery = () =>
  queryOptions({
    queryKey: ['roles', 'options'] as const,
    queryFn: ({ signal }) => call(roleContracts.list, { query: { per_page: 1000 }, signal }).then((r) => r.result),
    staleTime: 60_000,
  });

export interface LookupOption {
  value: string;
  label: string;
}

type TrusteeRow = { id?: string; kode_prsh?: string; nama?: string; type?: string };

/** Where each trustee dimension's choices come from (master data lists) and which field is the code. */
const TRUSTEE_SOURCES = {
  kode_prsh: { resource: 'perusahaan', code: (r: TrusteeRow) => r.kode_prsh },
  sales_office: { resource: 'sales-office', code: (r: TrusteeRow) => r.id },
  lokasi: { resource: 'lokasi', code: (r: TrusteeRow) => r.id },
  client: { resource: 'client', code: (r: TrusteeRow) => r.id },
  jabatan: { resource: 'jabatan', code: (r: TrusteeRow) => r.id },
  spg_type: { resource: 'karyawan-type', code: (r: TrusteeRow) => r.id },
} as const satisfies Record<TrusteeKey, unknown>;

export const trusteeOptionsQuery = (key: TrusteeKey) => {
  const { resource, code } = TRUSTEE_SOURCES[key];
  const path = `/api/${resource}`;
  return queryOptions({
    queryKey: ['lookup', path, 'options'] as const,
    queryFn: ({ signal }) =>
      api(path, { answer: masterListAnswer(resource), query: { per_page: 1000 }, signal }).then((r) =>
        r.result.flatMap((row: TrusteeRow): LookupOption[] => {
          const value = code(row);
          if (!value) return [];
          const name = row.nama ?? row.type;
          return [{ value, label: name ? `${value} – ${name}` : value }];
        }),
      ),
    staleTime: 5 * 60_000,
  });
};

// ---------------------------------------------------------------- writes: each refreshes what shows the account

/** The saved account goes straight into its detail's cache; the list pages are refetched. */
function remember(qc: QueryClient, user: UserDetail) {
  qc.setQueryData(userKeys.detail(user.userid), user);
  return qc.invalidateQueries({ queryKey: userKeys.lists() });
}

export const createUser = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (body: UserCreateInput) => call(users.create, { body }),
    onSuccess: (answer) => remember(qc, answer.result),
  });

export const updateUser = (qc: QueryClient, userid: string) =>
  mutationOptions({
    mutationFn: (body: UserUpdateInput) => call(users.update, { params: { id: userid }, body }),
    onSuccess: (answer) => remember(qc, answer.result),
  });

/** The account's sessions end and it must change its password: everything shown about it is refetched. */
export const resetUserPassword = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (userid: string) => call(users.resetPassword, { params: { id: userid } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
