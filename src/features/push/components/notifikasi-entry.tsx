import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';

// The switches (and the push code) load when she asks for them: /profile is the phone's landing screen.
const NotifikasiCard = lazy(() => import('./notifikasi-card'));

/**
 * /profile "Notifikasi": one tap opens the settings. Nothing asks the browser for permission here; that
 * waits until she turns notifications on in the card.
 */
export function NotifikasiEntry({ userid }: { userid: string }) {
  const [open, setOpen] = useState(false);
  const entry = (
    <Card.Root data-testid="notifikasi-entry">
      <Card.Header>
        <Card.Title as="h2">Notifikasi</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3" align="start">
          <Text textStyle="sm">
            Terima pemberitahuan pengajuan, keputusan, info dan perubahan rencana kunjungan di perangkat ini.
          </Text>
          <Button variant="outline" onClick={() => setOpen(true)} loading={open}>
            Atur Notifikasi
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
  if (!open) return entry;
  return (
    <Suspense fallback={entry}>
      <NotifikasiCard userid={userid} />
    </Suspense>
  );
}
