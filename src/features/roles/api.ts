import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery } from '../../domain/list-query';
import { MessageSchema } from '../../domain/api';
import { PermissionListAnswerSchema } from '../../domain/permissions';
import {
  RoleDetailAnswerSchema,
  RoleListAnswerSchema,
  RoleSavedSchema,
  type RoleCreateInput,
} from '../../domain/roles';
import { api } from '../../lib/http';

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
    queryFn: ({ signal }) => api('/api/roles', { answer: RoleListAnswerSchema, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const roleDetailQuery = (id: string) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) =>
      api(`/api/roles/${encodeURIComponent(id)}`, { answer: RoleDetailAnswerSchema, signal }).then((r) => r.result),
  });

/** The catalogue only changes with a deploy. */
export const permissionListQuery = () =>
  queryOptions({
    queryKey: roleKeys.permissions,
    queryFn: ({ signal }) =>
      api('/api/permissions', { answer: PermissionListAnswerSchema, signal }).then((r) => r.result),
    staleTime: Infinity,
  });

export const createRole = (body: RoleCreateInput) =>
  api('/api/roles', { answer: RoleSavedSchema, method: 'POST', body });

export const updateRole = (id: string, body: Omit<RoleCreateInput, 'id'>) =>
  api(`/api/roles/${encodeURIComponent(id)}`, { answer: RoleSavedSchema, method: 'PUT', body });

export const deleteRole = (id: string) =>
  api(`/api/roles/${encodeURIComponent(id)}`, { answer: MessageSchema, method: 'DELETE' });
