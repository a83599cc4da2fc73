/**
 * The change requests on the employee detail (/karyawan/{id}/edit): the APPROVE button (spec §2:
 * karyawan.request.approve, only while a request waits), the pending-request banner
 * (karyawan.request.edit) and the history of the Request Update Profile tab. All three read one query.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileRequestRow } from '../../../domain/karyawan/request';
import { useCan } from '../../../lib/use-can';
import { requestHistoryQuery } from './api';
import { REQUEST_TEXTS } from './texts';
import { RequestDialog } from './request-dialog';
import { RequestHistoryTable } from './request-history-table';

/** The oldest request still waiting: requests are decided in the order they were filed. */
function useOldestOpen(nrp: string): ProfileRequestRow | undefined {
  const history = useQuery(requestHistoryQuery(nrp));
  return history.data?.result.filter((r) => r.approve_status === 'N').at(-1);
}

export function RequestApproveButton({ nrp }: { nrp: string }) {
  const open = useOldestOpen(nrp);
  const [deciding, setDeciding] = useState<ProfileRequestRow | null>(null);
  if (!open && !deciding) return null;
  return (
    <>
      {open && (
        <Button colorPalette="orange" onClick={() => setDeciding(open)}>
          {REQUEST_TEXTS.approveButton}
        </Button>
      )}
      {deciding && <RequestDialog row={deciding} canDecide onClose={() => setDeciding(null)} />}
    </>
  );
}

export function PendingRequestBanner({ nrp }: { nrp: string }) {
  const open = useOldestOpen(nrp);
  if (!open) return null;
  return (
    <Alert.Root status="warning" data-testid="pending-request-banner">
      <Alert.Indicator />
      <Alert.Title>{REQUEST_TEXTS.pendingBanner(open.nomor_registrasi)}</Alert.Title>
    </Alert.Root>
  );
}

export function EmployeeRequestHistory({ nrp }: { nrp: string }) {
  const canDecide = useCan()('karyawan.request.approve');
  const history = useQuery(requestHistoryQuery(nrp));
  const [selected, setSelected] = useState<ProfileRequestRow | null>(null);
  return (
    <>
      <RequestHistoryTable
        rows={history.data?.result}
        loading={history.isFetching}
        error={history.error}
        onOpen={setSelected}
      />
      {selected && <RequestDialog row={selected} canDecide={canDecide} onClose={() => setSelected(null)} />}
    </>
  );
}
