import { Flex, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import { CalendarIcon, ClockIcon, StoreIcon, UserIcon } from '../../components/icons';

const ITEMS: { to: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  // First, so the day's check-in is one tap from any screen (the check-in itself is the next tap).
  { to: '/absensi/new/spg', label: 'Absensi', Icon: ClockIcon },
  { to: '/kunjungan/hari-ini', label: 'Kunjungan', Icon: StoreIcon },
  { to: '/leave', label: 'Leave', Icon: CalendarIcon },
  { to: '/profile', label: 'Profil', Icon: UserIcon },
];

/** Field staff on phones: the four places they go, one thumb-tap away (56 px targets, icon and word). */
export function BottomNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
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
            >
              <Icon width="24" height="24" />
              <Text textStyle="xs" truncate maxW="full">
                {label}
              </Text>
            </Flex>
          </Link>
        );
      })}
    </Flex>
  );
}
