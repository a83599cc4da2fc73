/**
 * An employee's enrolled devices (decision 032): the list, approve and revoke. The server decides who may
 * (herself, her team leader, HR in scope); the screen shows the buttons the answer allows.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DeviceAnswerSchema, DeviceListAnswerSchema } from '../../../domain/device/device';
import { api } from '../../../lib/http';

export const deviceKeys = {
  list: (nrp: string) => ['karyawan', 'devices', nrp] as const,
};

export const devicesQuery = (nrp: string) =>
  queryOptions({
    queryKey: deviceKeys.list(nrp),
    queryFn: ({ signal }) =>
      api(`/api/karyawan/${encodeURIComponent(nrp)}/devices`, { answer: DeviceListAnswerSchema, signal }).then(
        (a) => a.result,
      ),
  });

export const approveDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) =>
      api(`/api/karyawan/${encodeURIComponent(nrp)}/devices/${id}/approve`, {
        method: 'POST',
        answer: DeviceAnswerSchema,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.list(nrp) }),
  });

export const revokeDevice = (qc: QueryClient, nrp: string) =>
  mutationOptions({
    mutationFn: (id: number) =>
      api(`/api/karyawan/${encodeURIComponent(nrp)}/devices/${id}`, { method: 'DELETE', answer: DeviceAnswerSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.list(nrp) }),
  });
