import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { JenisCutiPage } from '../../../features/leave/components/jenis-cuti-page';

export const Route = createFileRoute('/_app/jenis-cuti/')({
  component: () => (
    <OnlineOnly>
      <JenisCutiPage />
    </OnlineOnly>
  ),
});
