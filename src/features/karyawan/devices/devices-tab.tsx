import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEVICE_STATUS_LABEL, DEVICE_TEXTS as T, type DeviceRow } from '../../../domain/device/device';
import { errorMessage } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { approveDevice, devicesQuery, revokeDevice } from './api';
import { RevokeDeviceDialog } from './revoke-device-dialog';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' })
    : '–';
const PALETTE = { active: 'green', pending: 'orange', revoked: 'gray' } as const;

/**
 * "Perangkat" (issue 27): the passkeys she enrolled, when, last used and their state. `manage`: approve a
 * pending one (never on her own profile) and revoke; she may revoke her own lost phone.
 */
export function DevicesTab({ nrp, own = false }: { nrp: string; own?: boolean }) {
  const qc = useQueryClient();
  const list = useQuery(devicesQuery(nrp));
  const approve = useMutation(approveDevice(qc, nrp));
  const revoke = useMutation(revokeDevice(qc, nrp));
  const [revoking, setRevoking] = useState<DeviceRow | null>(null);
  if (list.isPending) return <Text color="fg.muted">{T.loading}</Text>;
  if (list.isError) return <Text color="fg.error">{errorMessage(list.error)}</Text>;
  if (list.data.length === 0) return <Text color="fg.muted">{T.noDevices}</Text>;
  return (
    <Stack gap="3" data-testid="devices">
      {list.data.map((d) => (
        <Stack key={d.id} gap="1" borderWidth="1px" rounded="md" p="3" data-testid="device-row">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Text fontWeight="semibold">{d.device_name}</Text>
            <Badge colorPalette={PALETTE[d.status]}>{DEVICE_STATUS_LABEL[d.status]}</Badge>
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {T.enrolledAt}: {when(d.enrolled_at)} · {T.lastUsed}: {when(d.last_used_at)}
          </Text>
          {d.status !== 'revoked' && (
            <HStack gap="2" flexWrap="wrap">
              {d.status === 'pending' && !own && (
                <Button
                  size="sm"
                  loading={approve.isPending}
                  onClick={() =>
                    approve.mutate(d.id, {
                      onSuccess: (a) => notifySuccess(a.message),
                      onError: (e) => notifyError(e),
                    })
                  }
                >
                  {T.approve}
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRevoking(d)}>
                {T.revoke}
              </Button>
            </HStack>
          )}
        </Stack>
      ))}
      <RevokeDeviceDialog
        device={revoking}
        busy={revoke.isPending}
        revoke={(d, done) => revoke.mutate(d.id, done)}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
