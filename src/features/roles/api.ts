import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListAnswer, ListQuery } from '../../domain/list-query';
import type { PermissionCategory } from '../../domain/permissions';
import type { RoleCreateInput, RoleDetail, RoleRow } from '../../domain/roles';
import { api } from '../../lib/http';
import { session } from '../../lib/session';

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
    queryFn: ({ signal }) => api<ListAnswer<RoleRow>>('/api/roles', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const roleDetailQuery = (id: string) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) =>
      api<{ result: RoleDetail }>(`/api/roles/${encodeURIComponent(id)}`, { signal }).then((r) => r.result),
  });

export interface PermissionItem {
  id: string;
  category: PermissionCategory | string;
}

/** The catalogue only changes with a deploy. */
export const permissionListQuery = () =>
  queryOptions({
    queryKey: roleKeys.permissions,
    queryFn: ({ signal }) => api<{ result: PermissionItem[] }>('/api/permissions', { signal }).then((r) => r.result),
    staleTime: Infinity,
  });

type Saved = { message: string; result: RoleDetail };

export const createRole = (body: RoleCreateInput) => api<Saved>('/api/roles', { method: 'POST', body });

export const updateRole = (id: string, body: Omit<RoleCreateInput, 'id'>) =>
  api<Saved>(`/api/roles/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deleteRole = (id: string) =>
  api<{ message: string }>(`/api/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Route loaders warm the cache only when the request can succeed (online, permitted); the screen decides the rest. */
export function mayPrefetch(permission: string): boolean {
  return navigator.onLine && !!session.get()?.user.permissions.includes(permission);
}
