import { queryOptions } from '@tanstack/react-query';
import { clientConfigContract } from '../../domain/client-config';
import { call } from '../../lib/call';

/** The server's client settings (map tiles): read once per session. */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => call(clientConfigContract, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
