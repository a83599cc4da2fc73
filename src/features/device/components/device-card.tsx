import { Alert, Button, Card, Stack, Text, type CardRootProps } from '@chakra-ui/react';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { DEVICE_TEXTS as T } from '../../../domain/device/device';
import { offlineDb, type DeviceKey } from '../../../lib/offline/db';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';

/**
 * "Verifikasi Perangkat" (issue 27): shown on a phone that holds no passkey of hers. One tap registers the
 * phone's own passkey; a phone without a screen lock is told to set one (she can still check in).
 */
export function DeviceCard({ userid, ...frame }: { userid: string } & CardRootProps) {
  // null: still reading IndexedDB; undefined: no passkey of hers on this phone.
  const [key, setKey] = useState<DeviceKey | undefined | null>(null);
  useEffect(() => {
    const sub = liveQuery(() => offlineDb().deviceKeys.get(userid)).subscribe({ next: setKey, error: () => {} });
    return () => sub.unsubscribe();
  }, [userid]);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [noLock, setNoLock] = useState(false);
  const supported = typeof window !== 'undefined' && !!window.PublicKeyCredential;
  useEffect(() => {
    if (!supported) return;
    void PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
      .then((ok) => setNoLock(!ok))
      .catch(() => setNoLock(false));
  }, [supported]);
  if (key !== undefined || !supported) return null;
  const enroll = async () => {
    setBusy(true);
    try {
      const { enrollThisDevice } = await import('../enroll');
      notifySuccess(await enrollThisDevice(userid));
    } catch (err) {
      // A cancelled prompt says nothing the user did not see; anything else is told.
      if (!(err instanceof Error && err.name === 'NotAllowedError')) notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root data-testid="device-card" {...frame}>
      <Card.Header>
        <Card.Title>{T.cardTitle}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text textStyle="sm">{T.consent}</Text>
          {noLock && (
            // An alert, not orange text: fg.warning on white is 3.55:1, under WCAG AA's 4.5:1 (axe).
            <Alert.Root status="warning" size="sm" data-testid="device-no-lock">
              <Alert.Indicator />
              <Alert.Description>{T.noScreenLock}</Alert.Description>
            </Alert.Root>
          )}
          <Button onClick={() => void enroll()} loading={busy} disabled={!online}>
            {T.enroll}
          </Button>
          {!online && (
            <Text textStyle="xs" color="fg.muted">
              {T.needsOnline}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
