import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onOutboxMessage } from '../../lib/offline/signal';
import { refreshOwnLeave } from './api';

/** A delivered filing or decision changes what the server says: refetch this account's leave lists. */
export function useRefreshOnSync(userid: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced' && userid) void refreshOwnLeave(queryClient, userid);
      }),
    [queryClient, userid],
  );
}
