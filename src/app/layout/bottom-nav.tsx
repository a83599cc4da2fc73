import { Box, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { CalendarIcon, ClockIcon, NewsIcon, StoreIcon, UserIcon } from '../../components/icons';
import { useUnreadNews } from '../../features/news/unread';
import { useSession } from '../../lib/use-session';

const ITEMS: { to: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  // First, so the day's check-in is one tap from any screen (the check-in itself is the next tap).
  { to: '/absensi/new/spg', label: 'Absensi', Icon: ClockIcon },
  { to: '/kunjungan/hari-ini', label: 'Kunjungan', Icon: StoreIcon },
  { to: '/leave', label: 'Leave', Icon: CalendarIcon },
  { to: '/info', label: 'Info', Icon: NewsIcon },
  { to: '/profile', label: 'Profil', Icon: UserIcon },
];

/** The number on Info: her unread news, kept offline (99+ beyond). */
function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Box
      position="absolute"
      top="-1"
      insetStart="calc(50% + 6px)"
      minW="5"
      h="5"
      px="1"
      borderRadius="full"
      bg="red.solid"
      color="white"
      textStyle="xs"
      fontWeight="bold"
      lineHeight="1.25rem"
      textAlign="center"
      data-testid="info-unread"
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}

/** Field staff on phones: the five places they go, one thumb-tap away (56 px targets, icon and word). */
export function BottomNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const unread = useUnreadNews(useSession()?.user.userid ?? '');
  return (
    <Flex
      as="nav"
      aria-label="Navigasi cepat"
      display={{ base: 'flex', md: 'none' }}
      position="fixed"
      bottom="0"
      insetX="0"
      bg="bg"
      borderTopWidth="1px"
      zIndex="docked"
      pb="env(safe-area-inset-bottom)"
      data-testid="bottom-nav"
    >
      {ITEMS.map(({ to, label, Icon }) => {
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Link key={to} to={to} style={{ flex: 1, minWidth: 0 }} aria-current={active ? 'page' : undefined}>
            <Flex
              direction="column"
              align="center"
              justify="center"
              gap="0.5"
              minH="14"
              color={active ? 'green.fg' : 'fg.muted'}
              fontWeight={active ? 'bold' : 'medium'}
              borderTopWidth="3px"
              borderColor={active ? 'green.solid' : 'transparent'}
              position="relative"
            >
              <Icon width="24" height="24" />
              <Text textStyle="xs" truncate maxW="full">
                {label}
              </Text>
              {/* The name is what it shows, word first (WCAG 2.5.3): "Info 1 belum dibaca". The badge is placed
                  over the icon, so it may follow the word. */}
              {to === '/info' && unread > 0 && (
                <>
                  <UnreadBadge count={unread} />
                  <VisuallyHidden> belum dibaca</VisuallyHidden>
                </>
              )}
            </Flex>
          </Link>
        );
      })}
    </Flex>
  );
}
