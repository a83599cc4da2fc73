import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  KOREKSI_APPROVAL_SEARCH_DEFAULTS,
  KoreksiApprovalSearchSchema,
  type KoreksiApprovalSearch,
} from '../../../domain/absensi/koreksi-search';
import { KoreksiApprovalPage } from '../../../features/absensi/koreksi/components/koreksi-approval-page';
import { PendingDevices } from '../../../features/karyawan/devices/pending-devices';

export const Route = createFileRoute('/_app/approval/absensi')({
  validateSearch: KoreksiApprovalSearchSchema,
  search: { middlewares: [stripSearchParams(KOREKSI_APPROVAL_SEARCH_DEFAULTS)] },
  component: ApprovalAbsensiRoute,
});

function ApprovalAbsensiRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<KoreksiApprovalSearch>) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
    [navigate],
  );
  // The devices waiting for this approver come first: until approved, their check-ins say "Perangkat baru".
  return (
    <>
      <PendingDevices />
      <KoreksiApprovalPage search={search} onSearchChange={onSearchChange} />
    </>
  );
}
