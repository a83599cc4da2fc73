import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';

export interface AccountMenuProps {
  trigger: ReactElement;
  onProfile: () => void;
  onInstall?: () => void;
  onSync: () => void;
  onLogout: () => void;
}

/** The account menu of the top bar. It loads on the first tap of the name, so it opens at once. */
export default function AccountMenu({ trigger, onProfile, onInstall, onSync, onLogout }: AccountMenuProps) {
  return (
    <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onSelect={onProfile}>
              Profile
            </Menu.Item>
            {onInstall && (
              <Menu.Item value="install" onSelect={onInstall}>
                Pasang Aplikasi
              </Menu.Item>
            )}
            <Menu.Item value="sync" onSelect={onSync}>
              Sinkronisasi Data
            </Menu.Item>
            <Menu.Item value="logout" onSelect={onLogout}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
