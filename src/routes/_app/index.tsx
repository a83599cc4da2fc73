import { createFileRoute } from '@tanstack/react-router';
import { BelumTersedia } from '../../components/not-allowed';

export const Route = createFileRoute('/_app/')({
  component: () => <BelumTersedia title="Dashboard" />,
});
