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
};

export const devicesQuery = (nrp: string) =>
  queryOptions({
    queryKey: deviceKeys.list(nrp),
    queryFn: ({ signal }) => call(devices.list, { params: { nrp }, signal }).then((a) => a.result),
  });

export const approveDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(devices.approve, { params: { nrp, id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.list(nrp) }),
  });

export const revokeDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) => call(devices.revoke, { params: { nrp, id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.list(nrp) }),
  });
