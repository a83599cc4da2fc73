import { queryOptions } from '@tanstack/react-query';
import { ClientConfigSchema } from '../../domain/client-config';
import { api } from '../../lib/http';

/** The server's client settings (map tiles): read once per session. */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => api('/api/client-config', { answer: ClientConfigSchema, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
