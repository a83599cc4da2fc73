import { Box, CloseButton, Drawer, HStack, Portal } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { SyncIcon } from '../../components/icons';
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
              {/* What waits on the phone is a field worker's concern: one tap from the menu, not only the badge. */}
              <Box borderTopWidth="1px" p="2">
                <Link to="/sinkron" onClick={onClose}>
                  <HStack px="3" py="3" rounded="md" textStyle="sm" _hover={{ bg: 'bg.muted' }}>
                    <SyncIcon />
                    <span>Sinkronisasi Data</span>
                  </HStack>
                </Link>
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Tutup menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
