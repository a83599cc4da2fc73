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
 * The account menu of the top bar. It loads on the first tap of the name, and opens as it mounts.
 *
 * Fixed, like the top bar it hangs from: a journey caught the page scrolling (natively, no script asked)
 * between the pointerdown and the pointerup of a click on Logout, 1 in about 40 logouts on a busy
 * dashboard under load. A menu in the page's flow moved with it, the pointerup landed on the name and the
 * click was lost; a fixed menu stays under the finger.
 *
 * The choice is taken by the root's `onSelect`, which the menu calls with the chosen value.
 */
export default function AccountMenu({ openAtOnce, trigger, onProfile, onInstall, onSync, onLogout }: AccountMenuProps) {
  const actions: Record<string, (() => void) | undefined> = {
    profile: onProfile,
    install: onInstall,
    sync: onSync,
    logout: onLogout,
  };
  return (
    <Menu.Root
      defaultOpen={openAtOnce}
      positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
      onSelect={({ value }) => actions[value]?.()}
    >
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
