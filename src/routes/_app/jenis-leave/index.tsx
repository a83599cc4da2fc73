import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../components/online-only';
import { JenisLeavePage } from '../../../features/leave/components/jenis-leave-page';

export const Route = createFileRoute('/_app/jenis-leave/')({
  component: () => (
    <OnlineOnly>
      <JenisLeavePage />
    </OnlineOnly>
  ),
});
