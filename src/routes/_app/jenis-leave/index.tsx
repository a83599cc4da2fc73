import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { JenisLeavePage } from '../../../features/leave/components/jenis-leave-page';

export const Route = createFileRoute('/_app/jenis-leave/')({
  component: () => (
    <RequirePermission permissions={screenFor('/jenis-leave')!.permissions}>
      <OnlineOnly>
        <JenisLeavePage />
      </OnlineOnly>
    </RequirePermission>
  ),
});
