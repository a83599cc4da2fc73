import { createFileRoute } from '@tanstack/react-router';
import { InfoListPage } from '../../../features/news/components/info-list-page';

export const Route = createFileRoute('/_app/info/')({
  component: () => <InfoListPage />,
});
