import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../domain/list-query';
import { roleContracts as roles } from '../../domain/roles/contracts';
import { permissionMap, type RoleFormValues } from '../../domain/roles/roles';
import { call } from '../../lib/call';

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => ['roles', 'list'] as const,
  list: (q: ListQuery) => ['roles', 'list', q] as const,
  detail: (id: string) => ['roles', 'detail', id] as const,
  permissions: ['permissions'] as const,
};

export const roleListQuery = (q: ListQuery) =>
  queryOptions({
    queryKey: roleKeys.list(q),
    queryFn: ({ signal }) => call(roles.list, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const roleDetailQuery = (id: string) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => call(roles.detail, { params: { id }, signal }).then((r) => r.result),
  });

/** The catalogue only changes with a deploy. */
export const permissionListQuery = () =>
  queryOptions({
    queryKey: roleKeys.permissions,
    queryFn: ({ signal }) => call(roles.permissions, { signal }).then((r) => r.result),
    staleTime: Infinity,
  });

/** Saves a new role; its detail is cached from the answer and the lists refetch. */
export const createRole = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (v: RoleFormValues) =>
      call(roles.create, { body: { id: v.id, nama: v.nama, permissions: permissionMap(v.permissions) } }),
    onSuccess: (answer) => {
      qc.setQueryData(roleKeys.detail(answer.result.id), answer.result);
      return qc.invalidateQueries({ queryKey: roleKeys.lists() });
    },
  });

export const updateRole = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: (v: RoleFormValues) =>
      call(roles.update, { params: { id }, body: { nama: v.nama, permissions: permissionMap(v.permissions) } }),
    onSuccess: (answer) => {
      qc.setQueryData(roleKeys.detail(id), answer.result);
      return qc.invalidateQueries({ queryKey: roleKeys.lists() });
    },
  });

export const deleteRole = (qc: QueryClient, id: string) =>
  mutationOptions({
    mutationFn: () => call(roles.remove, { params: { id } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: roleKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: roleKeys.lists() });
    },
  });
