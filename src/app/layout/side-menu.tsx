import { Box, Collapsible, Stack, Text } from '@chakra-ui/react';
import { Link, useRouterState } from '@tanstack/react-router';
import { visibleMenu, type MenuLink, type MenuUser } from '../navigation';

function NavLink({ link, onNavigate, nested }: { link: MenuLink; onNavigate?: () => void; nested?: boolean }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = pathname === link.to;
  // Pending screens are served by the catch-all route, so the router's own path type cannot name them.
  const to: string = link.to;
  return (
    <Link to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
      <Box
        px="3"
        py="2"
        ps={nested ? '7' : '3'}
        data-touch-row
        rounded="md"
        textStyle="sm"
        fontWeight={active ? 'semibold' : 'normal'}
        bg={active ? 'green.subtle' : undefined}
        color={active ? 'green.fg' : 'fg'}
        _hover={{ bg: 'bg.muted' }}
      >
        {link.label}
      </Box>
    </Link>
  );
}

/** The side menu: only the entries this user's permissions allow (spec part 1 §2, part 2 §2.2). */
export function SideMenu({ user, onNavigate }: { user: MenuUser; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack as="nav" aria-label="Menu utama" gap="0.5" p="2">
      {visibleMenu(user).map((entry) =>
        'children' in entry ? (
          <Collapsible.Root
            key={entry.label}
            defaultOpen={entry.children.some((c) => pathname === c.to || pathname.startsWith(`${c.to}/`))}
          >
            <Collapsible.Trigger asChild>
              <Box
                as="button"
                width="full"
                display="flex"
                justifyContent="space-between"
                alignItems="center"
                textAlign="start"
                px="3"
                py="2"
                rounded="md"
                _hover={{ bg: 'bg.muted' }}
              >
                <Text textStyle="sm" fontWeight="medium">
                  {entry.label}
                </Text>
                <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }} aria-hidden>
                  ▾
                </Collapsible.Indicator>
              </Box>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Stack gap="0.5">
                {entry.children.map((c) => (
                  <NavLink key={c.to} link={c} onNavigate={onNavigate} nested />
                ))}
              </Stack>
            </Collapsible.Content>
          </Collapsible.Root>
        ) : (
          <NavLink key={entry.to} link={entry} onNavigate={onNavigate} />
        ),
      )}
    </Stack>
  );
}
