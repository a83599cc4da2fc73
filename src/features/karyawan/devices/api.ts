/**
 * An employee's enrolled devices (decision 032): the list, approve and revoke, by their contracts
 * (src/domain/device/contracts.ts). The server decides who may (herself, her team leader, HR in scope);
 * the screen shows the buttons the answer allows.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { deviceContracts as devices } from '../../../domain/device/contracts';
import { call } from '../../../lib/call';

export const deviceKeys = {
  list: (nrp: string) => ['karyawan', 'devices', nrp] as const,
  /** The devices waiting for the caller's approval (team leader: her team; HR: her scope). */
  pending: () => ['karyawan', 'devices', 'pending'] as const,
};

export const pendingDevicesQuery = () =>
  queryOptions({
    queryKey: deviceKeys.pending(),
    queryFn: ({ signal }) => call(devices.pending, { signal }).then((a) => a.result),
  });

export const devicesQuery = (nrp: string) =>
  queryOptions({
    queryKey: deviceKeys.list(nrp),
    queryFn: ({ signal }) => call(devices.list, { params: { nrp }, signal }).then((a) => a.result),
  });

export const approveDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(devices.approve, { params: { nrp, id } }),
    // Her list and the approver's pending list.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['karyawan', 'devices'] }),
  });

export const revokeDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(devices.revoke, { params: { nrp, id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['karyawan', 'devices'] }),
  });

/** Approve or revoke (turn down) a device of the approver's pending list: each row names its employee. */
export const decidePendingDevice = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: ({ nrp, id, approve }: { nrp: string; id: number; approve: boolean }) =>
      approve ? call(devices.approve, { params: { nrp, id } }) : call(devices.revoke, { params: { nrp, id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['karyawan', 'devices'] }),
  });
