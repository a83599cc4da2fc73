import { Box, Flex, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';

const ITEMS: { to: string; label: string }[] = [
  { to: '/absensi/new/spg', label: 'Absensi' },
  { to: '/kunjungan/hari-ini', label: 'Kunjungan' },
  { to: '/leave', label: 'Leave' },
  { to: '/profile', label: 'Profil' },
];

/** Field staff on phones: the four places they go, one thumb-tap away (48 px targets). */
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
    >
      {ITEMS.map((item) => {
        const active = pathname === item.to;
        return (
          <Link key={item.to} to={item.to} style={{ flex: 1 }} aria-current={active ? 'page' : undefined}>
            <Box
              py="3"
              minH="12"
              textAlign="center"
              color={active ? 'green.fg' : 'fg.muted'}
              fontWeight={active ? 'bold' : 'medium'}
              borderTopWidth="3px"
              borderColor={active ? 'green.solid' : 'transparent'}
            >
              <Text textStyle="sm">{item.label}</Text>
            </Box>
          </Link>
        );
      })}
    </Flex>
  );
}
