import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../../app/navigation';
import { OnlineOnly } from '../../../components/online-only';
import { RequirePermission } from '../../../components/require-permission';
import { JenisCutiPage } from '../../../features/leave/components/jenis-cuti-page';

export const Route = createFileRoute('/_app/jenis-cuti/')({
  component: () => (
    <RequirePermission permissions={screenFor('/jenis-cuti')!.permissions}>
      <OnlineOnly>
        <JenisCutiPage />
      </OnlineOnly>
    </RequirePermission>
  ),
});
