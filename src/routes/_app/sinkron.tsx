import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '../../features/sync/components/sync-page';

export const Route = createFileRoute('/_app/sinkron')({
  component: SyncPage,
});
