import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';

export interface AccountMenuProps {
  /** Tapped before this code had loaded: open as it mounts. */
  openAtOnce: boolean;
  trigger: ReactElement;
  onProfile: () => void;
  onInstall?: () => void;
  onSync: () => void;
  onLogout: () => void;
}

/**
 * The account menu of the top bar. It loads once the first screen is idle, or on the first tap of the name
 * when that comes sooner (then it opens as it mounts).
 *
 * The choice is taken by the root's `onSelect`, which the menu calls directly with the chosen value. An
 * item's own `onSelect` is a listener on the item's DOM node, attached by an effect that finds no node
 * while the menu mounts already open: then the first tap on Logout closed the menu and did nothing (the
 * journeys met it as a flake, always on the first Logout after this chunk loaded).
 */
export default function AccountMenu({ openAtOnce, trigger, onProfile, onInstall, onSync, onLogout }: AccountMenuProps) {
  const actions: Record<string, (() => void) | undefined> = {
    profile: onProfile,
    install: onInstall,
    sync: onSync,
    logout: onLogout,
  };
  return (
    <Menu.Root defaultOpen={openAtOnce} positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => actions[value]?.()}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">Profile</Menu.Item>
            {onInstall && <Menu.Item value="install">Pasang Aplikasi</Menu.Item>}
            <Menu.Item value="sync">Sinkronisasi Data</Menu.Item>
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
