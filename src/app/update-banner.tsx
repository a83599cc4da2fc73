import { Alert, Button } from '@chakra-ui/react';
import { useUpdateReady } from './pwa';

/** Shown on every screen when a new version is installed and waiting; outbox rows survive the reload. */
export function UpdateBanner() {
  const apply = useUpdateReady();
  if (!apply) return null;
  return (
    <Alert.Root status="info" borderRadius="0" alignItems="center" role="status">
      <Alert.Indicator />
      <Alert.Title flex="1">Versi baru tersedia</Alert.Title>
      <Button size="xs" onClick={apply}>
        Muat ulang
      </Button>
    </Alert.Root>
  );
}
