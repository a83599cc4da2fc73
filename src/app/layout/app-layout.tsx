import { Alert, Box, Button, Flex, Heading, IconButton, Text, VisuallyHidden } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useRouterState } from '@tanstack/react-router';
import { cloneElement, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { lazyUntilOpen } from '../../components/lazy-until-open';
import { useMediaQuery } from '../../components/use-media-query';
import { MenuIcon, UserIcon } from '../../components/icons';
import type { SessionUser } from '../../lib/session';
import { useOnline } from '../../lib/use-session';
import { useCurrentScreen } from '../use-screen';
import { BottomNav } from './bottom-nav';
import { SyncIndicator } from './sync-indicator';
import { NotifikasiBell } from '../../features/push/components/notifikasi-bell';
import { useInstallPrompt } from '../pwa';
// Indonesian day and month names for every screen inside the layout (the login shows no dates).
import '../../lib/format';
import type { MobileDrawerProps } from './mobile-drawer';
import type AccountMenuComponent from './account-menu';

// Menus load on their first tap, not with the first screen (issue 42: the account menu, loaded once the
// screen was idle, cost a phone at 4× CPU a 130 ms task and 65 KB of Chakra's menu code at every start,
// though most starts never open it). The tap loads it and it opens as it mounts; the service worker has
// the code cached, so it opens offline too.
type AccountMenuType = typeof AccountMenuComponent;
let accountMenuCode: Promise<AccountMenuType> | undefined;
/** Once loaded, a layout mounted later (after a logout and login) renders the menu at once. */
let accountMenuLoaded: AccountMenuType | null = null;
function loadAccountMenu(): Promise<AccountMenuType> {
  accountMenuCode ??= import('./account-menu').then(
    (m) => (accountMenuLoaded = m.default),
    (err: unknown) => {
      accountMenuCode = undefined; // Offline before the code was cached: the next tap tries again.
      throw err;
    },
  );
  return accountMenuCode;
}
const MobileDrawer = lazyUntilOpen<MobileDrawerProps>(() => import('./mobile-drawer'));
// The permanent side menu (and its collapsible groups) only where it shows: a phone gets it with the drawer.
const SideMenu = lazy(() => import('./side-menu').then((m) => ({ default: m.SideMenu })));

export const DRAWER_WIDTH = 240;

/**
 * Fingers need 44 px (WCAG 2.5.5): on a phone-wide screen or any touch screen every control is at
 * least that big, whatever size a screen chose for the mouse. One rule here instead of one per
 * screen, so dialogs (portalled outside the layout) and screens added later follow it too.
 */
const TOUCH_TARGETS = {
  '@media (max-width: 47.99em), (pointer: coarse)': {
    'button, [role=button], [role=tab], [role=menuitem], a.chakra-button, select, input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden])':
      { minHeight: '44px' },
    'button, [role=button], a.chakra-button': { minWidth: '44px' },
    // Menu links and other block links that are a row of their own.
    '[data-touch-row]': { minHeight: '44px', display: 'flex', alignItems: 'center' },
  },
};
/** Notices stand above the bottom navigation where it shows (src/lib/toast-store.ts). */
const TOASTS_ABOVE_BOTTOM_NAV = {
  '@media (max-width: 47.99em)': { ':root': { '--hadir-toast-bottom': 'calc(4.5rem + env(safe-area-inset-bottom))' } },
};

interface Props {
  user: SessionUser;
  onProfile: () => void;
  onLogout: () => void;
  onSync: () => void;
  children: ReactNode;
}

/**
 * Top bar (title, the user's name, a menu with Profile and Logout) and a 240 px side drawer: always
 * shown on wide screens, a temporary drawer on phones (spec part 1 §2 "Layout").
 */
export function AppLayout({ user, onProfile, onLogout, onSync, children }: Props) {
  const install = useInstallPrompt();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const online = useOnline();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const screen = useCurrentScreen();
  const title = screen?.title ?? 'Hadir';
  // A phone's top bar has one line for the title: the short one where the whole would not fit.
  const barTitle = phone ? (screen?.short ?? title) : title;
  // The address changes first; the screen before stays until the new one's code has loaded. Meanwhile the
  // main region says it is busy (aria-busy), for assistive technology and for the journeys' waits.
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  return (
    <Flex minH="100dvh">
      <Global styles={TOUCH_TARGETS} />
      {user.nrp && <Global styles={TOASTS_ABOVE_BOTTOM_NAV} />}
      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        width={`${DRAWER_WIDTH}px`}
        flexShrink={0}
        borderEndWidth="1px"
        bg="bg"
        position="sticky"
        top="0"
        height="100dvh"
        overflowY="auto"
      >
        <Heading size="lg" color="green.fg" px="5" py="4">
          Hadir
        </Heading>
        {!phone && (
          <Suspense>
            <SideMenu user={user} />
          </Suspense>
        )}
      </Box>

      <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} width={DRAWER_WIDTH} />

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="2"
          px={{ base: '2', md: '6' }}
          py="2"
          bg="green.solid"
          color="white"
          position="sticky"
          top="0"
          zIndex="docked"
        >
          <IconButton
            aria-label="Buka menu"
            variant="ghost"
            color="white"
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => setDrawerOpen(true)}
            _hover={{ bg: 'green.800' }}
            _expanded={{ bg: 'green.800' }}
          >
            <MenuIcon />
          </IconButton>
          {/* One line on a phone, with the short title where the whole would wrap (test/e2e/phone-header.test.ts
              holds every title to it at 360 px); wider, it may wrap at spaces to a second line, never inside a
              word, and a third line ends in "…" (the whole title stays in its tooltip). */}
          <Heading
            as="h1"
            size="md"
            flex="1 1 auto"
            minW={{ base: '0', md: 'min-content' }}
            lineClamp={{ base: 1, md: 2 }}
            lineHeight="shorter"
            overflowWrap="normal"
            wordBreak="normal"
            hyphens="manual"
            title={title}
          >
            {barTitle}
          </Heading>
          <SyncIndicator userid={user.userid} />
          <NotifikasiBell userid={user.userid} />
          <AccountButton
            user={user}
            onProfile={onProfile}
            onInstall={install ? () => void install() : undefined}
            onSync={onSync}
            onLogout={onLogout}
          />
        </Flex>
        {!online && (
          <Alert.Root status="warning" borderRadius="0" role="status">
            <Alert.Indicator />
            <Alert.Title>
              {screen?.offline
                ? 'Anda sedang offline. Data yang Anda catat tersimpan di perangkat dan dikirim otomatis saat online.'
                : 'Anda sedang offline. Halaman ini hanya dapat digunakan saat online.'}
            </Alert.Title>
          </Alert.Root>
        )}
        {/* Room for the fixed bottom navigation (and the phone's home bar), so nothing ends under it. */}
        <Box
          as="main"
          aria-busy={loading || undefined}
          flex="1"
          p={{ base: '3', md: '6' }}
          pb={{ base: user.nrp ? 'calc(5.5rem + env(safe-area-inset-bottom))' : '3', md: '6' }}
        >
          {children}
        </Box>
        {user.nrp && <BottomNav />}
      </Flex>
    </Flex>
  );
}

/**
 * The user's name in the top bar and, from its first tap on, the account menu (Profile, Sinkronisasi
 * Data, Logout). Its own component: the menu's arrival re-renders the button alone, not the top bar.
 */
function AccountButton({
  user,
  onProfile,
  onInstall,
  onSync,
  onLogout,
}: {
  user: SessionUser;
  onProfile: () => void;
  onInstall?: () => void;
  onSync: () => void;
  onLogout: () => void;
}) {
  // The account menu is rendered only once its code is here, never behind a Suspense fallback: a fallback
  // stays at least 300 ms (React's reveal throttle), and a tap on it was lost. A tap before the code came
  // (`tapped`) opens the menu as it mounts.
  const [AccountMenu, setAccountMenu] = useState<AccountMenuType | null>(() => accountMenuLoaded);
  const [tapped, setTapped] = useState(false);
  // A state update after unmount is a no-op, so nothing is cancelled.
  const wantAccountMenu = useCallback(() => {
    loadAccountMenu().then(
      (menu) => setAccountMenu(() => menu),
      () => undefined,
    );
  }, []);
  const accountButton = (
    <Button
      variant="ghost"
      color="white"
      size="sm"
      px="2"
      // The title has the room: below 30em (a 360 px phone) the name is left out, never cut to a sliver,
      // and the icon stands for it; wider, it yields first ("Nabila Aulia P…").
      flexShrink={100}
      minW="11"
      _hover={{ bg: 'green.800' }}
      _expanded={{ bg: 'green.800' }}
      aria-haspopup="menu"
    >
      <Flex wrap="wrap" align="center" columnGap="2" h="5" overflow="hidden" minW="0">
        <UserIcon />
        <Text flex="1 1 auto" maxW={{ sm: '40', md: '56' }} minW="16" truncate hideBelow="sm" data-testid="user-name">
          {user.nama}
        </Text>
        {/* Named by what it shows, then what it is (WCAG 2.5.3, label in name): "Nabila Aulia Menu akun". */}
        <VisuallyHidden hideFrom="sm">{user.nama}</VisuallyHidden>
        <VisuallyHidden> Menu akun</VisuallyHidden>
      </Flex>
    </Button>
  );

  return AccountMenu ? (
    <AccountMenu
      openAtOnce={tapped}
      trigger={accountButton}
      onProfile={onProfile}
      onInstall={onInstall}
      onSync={onSync}
      onLogout={onLogout}
    />
  ) : (
    cloneElement(accountButton, {
      onClick: () => {
        setTapped(true);
        wantAccountMenu();
      },
    })
  );
}
