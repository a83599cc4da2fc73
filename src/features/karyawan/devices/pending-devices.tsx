import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEVICE_STATUS_LABEL, DEVICE_TEXTS as T, type PendingDeviceRow } from '../../../domain/device/device';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { decidePendingDevice, pendingDevicesQuery } from './api';
import { RevokeDeviceDialog } from './revoke-device-dialog';

const when = (iso: string) =>
  new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' });

/**
 * The devices waiting for this approver (issue 41): a passkey enrolled after an employee's first one
 * signs as "Perangkat baru" until her team leader or HR approves it here, or revokes it when she did not
 * enrol it herself. Nothing is shown when none waits.
 */
export function PendingDevices() {
  const qc = useQueryClient();
  const list = useQuery(pendingDevicesQuery());
  const decide = useMutation(decidePendingDevice(qc));
  const [revoking, setRevoking] = useState<PendingDeviceRow | null>(null);
  if (!list.data?.length) return null;
  return (
    <Stack gap="3" mb="6" data-testid="pending-devices">
      <Heading size="md">{T.pendingTitle}</Heading>
      <Text textStyle="sm" color="fg.muted">
        {T.pendingHint}
      </Text>
      {list.data.map((d) => (
        <Stack key={d.id} gap="1" borderWidth="1px" rounded="md" p="3" data-testid="pending-device-row">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Text fontWeight="semibold">
              {d.nama} ({d.nrp}) · {d.device_name}
            </Text>
            <Badge colorPalette="orange">{DEVICE_STATUS_LABEL[d.status]}</Badge>
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {T.enrolledAt}: {when(d.enrolled_at)}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="sm"
              loading={decide.isPending && decide.variables.id === d.id && decide.variables.approve}
              onClick={() =>
                decide.mutate(
                  { nrp: d.nrp, id: d.id, approve: true },
                  { onSuccess: (a) => notifySuccess(a.message), onError: (e) => notifyError(e) },
                )
              }
            >
              {T.approve}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRevoking(d)}>
              {T.revoke}
            </Button>
          </HStack>
        </Stack>
      ))}
      <RevokeDeviceDialog
        device={revoking}
        busy={decide.isPending}
        revoke={(d, done) => decide.mutate({ nrp: d.nrp, id: d.id, approve: false }, done)}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
