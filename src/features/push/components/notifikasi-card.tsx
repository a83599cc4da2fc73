import { Alert, Card, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NOTIFIKASI_LABEL, type NotifikasiJenis } from '../../../domain/push/notifikasi';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-session';
import {
  currentSubscription,
  PUSH_TEXTS,
  pushSettingMutation,
  pushSettingQuery,
  pushSupported,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '../api';
import { pushKeys } from '../keys';

/**
 * /profile "Notifikasi": this browser's notifications on or off (the permission prompt opens only when she
 * turns it on, never on load) and each kind on or off. A kind that is off still lands in the bell list.
 */
export function NotifikasiCard({ userid }: { userid: string }) {
  const online = useOnline();
  const qc = useQueryClient();
  const settings = useQuery({ ...pushSettingQuery(userid), enabled: online });
  const save = useMutation({ ...pushSettingMutation(qc, userid), onError: (err) => notifyError(err) });
  const supported = pushSupported();
  // null: still asking the browser.
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(
    supported && Notification.permission === 'denied' ? PUSH_TEXTS.denied : null,
  );
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((s) => live && setSubscribed(s !== null && Notification.permission === 'granted'))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    // Shown as asked while it runs; a failure puts it back (a controlled switch follows only changes).
    setSubscribed(on);
    try {
      notifySuccess(on ? await subscribeThisBrowser() : await unsubscribeThisBrowser());
      setSubscribed(on);
      void qc.invalidateQueries({ queryKey: pushKeys.setting(userid) });
    } catch (err) {
      const message = errorMessage(err);
      setProblem(on && Notification.permission === 'denied' ? PUSH_TEXTS.denied : message);
      setSubscribed((await currentSubscription().catch(() => null)) !== null);
    } finally {
      setBusy(false);
    }
  };

  const aktif = (jenis: NotifikasiJenis) =>
    save.isPending && save.variables?.jenis === jenis
      ? save.variables.aktif
      : (settings.data?.result.settings.find((s) => s.jenis === jenis)?.aktif ?? true);

  return (
    <Card.Root data-testid="notifikasi-card">
      <Card.Header>
        <Card.Title as="h2">Notifikasi</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {supported ? (
            <Switch.Root
              checked={subscribed === true}
              disabled={busy || subscribed === null || !online}
              onCheckedChange={(e) => void toggle(e.checked)}
              data-testid="notifikasi-device-switch"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Notifikasi di perangkat ini</Switch.Label>
              {busy && <Spinner size="xs" />}
            </Switch.Root>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {PUSH_TEXTS.unsupported}
            </Text>
          )}
          {problem && (
            <Alert.Root status="warning" size="sm" data-testid="notifikasi-problem">
              <Alert.Indicator />
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Root>
          )}
          <Stack gap="1" role="group" aria-labelledby="notifikasi-jenis-title">
            <Text id="notifikasi-jenis-title" fontWeight="semibold" mb="2">
              Jenis notifikasi
            </Text>
            {/* Only the kinds her role can receive, as the server lists them for her. */}
            {(settings.data?.result.settings ?? []).map(({ jenis }) => (
              <Switch.Root
                key={jenis}
                checked={aktif(jenis)}
                disabled={!online || !settings.data}
                onCheckedChange={(e) => save.mutate({ jenis, aktif: e.checked })}
                py="1.5"
                data-testid={`notifikasi-jenis-${jenis}`}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{NOTIFIKASI_LABEL[jenis]}</Switch.Label>
              </Switch.Root>
            ))}
          </Stack>
          <Text textStyle="xs" color="fg.muted">
            {online
              ? 'Jenis yang dimatikan tidak dikirim ke perangkat, tetapi tetap tampil di ikon lonceng.'
              : PUSH_TEXTS.needsOnline}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default NotifikasiCard;
