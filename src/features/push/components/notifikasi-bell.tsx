import { Box } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BellIcon } from '../../../components/icons';
import { bellLabel, PUSH_SW_MESSAGE as SW_MESSAGE } from '../../../domain/push/notifikasi-bell';
import { useBell } from '../bell';
import { pushKeys } from '../keys';

/** An app path the service worker may open (never another origin). */
const appPath = (url: unknown) =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;

/**
 * The header's bell: her unread count (from the phone's copy, so it shows offline) and the way to the
 * list. It also hears the service worker: a push refreshes the count, a tapped notification opens its
 * screen in this window.
 */
export function NotifikasiBell({ userid }: { userid: string }) {
  const unread = useBell(userid).data?.unread ?? 0;
  const qc = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const sw = navigator.serviceWorker;
    if (!sw) return;
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; url?: unknown } | null;
      if (data?.type === SW_MESSAGE.pushed) void qc.invalidateQueries({ queryKey: pushKeys.bell(userid) });
      if (data?.type === SW_MESSAGE.open) {
        const to = appPath(data.url);
        void qc.invalidateQueries({ queryKey: pushKeys.bell(userid) });
        if (to) void navigate({ to });
      }
    };
    sw.addEventListener('message', onMessage);
    return () => sw.removeEventListener('message', onMessage);
  }, [qc, navigate, userid]);
  return (
    <Link to="/notifikasi" aria-label={bellLabel(unread)} data-testid="notifikasi-bell" style={{ flexShrink: 0 }}>
      <Box
        position="relative"
        display="flex"
        alignItems="center"
        justifyContent="center"
        minW="11"
        minH="11"
        rounded="md"
        _hover={{ bg: 'green.800' }}
        color="white"
      >
        <BellIcon width="22" height="22" />
        {unread > 0 && (
          <Box
            position="absolute"
            top="1"
            insetEnd="0.5"
            minW="4.5"
            h="4.5"
            px="1"
            borderRadius="full"
            bg="red.solid"
            color="white"
            textStyle="2xs"
            fontWeight="bold"
            lineHeight="1.125rem"
            textAlign="center"
            data-testid="notifikasi-unread"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </Box>
    </Link>
  );
}
