import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { SessionUser } from '../../lib/session';
import { SideMenu } from './side-menu';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  width: number;
}

/** The side menu as a temporary drawer on phones (loaded on the first tap of the menu button). */
export default function MobileDrawer({ open, onClose, user, width }: MobileDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${width}px`}>
            <Drawer.Header>
              <Drawer.Title color="green.fg">Hadir</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <SideMenu user={user} onNavigate={onClose} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
