import { createFileRoute } from '@tanstack/react-router';
import { OnlineOnly } from '../../../../components/online-only';
import { PlanCreatePage } from '../../../../features/kunjungan/components/plan-create-page';

export const Route = createFileRoute('/_app/kunjungan/create/new')({
  component: PlanCreateRoute,
});

function PlanCreateRoute() {
  const navigate = Route.useNavigate();
  return (
    <OnlineOnly>
      <PlanCreatePage
        onSaved={(no_dcp) => void navigate({ to: '/kunjungan/$no_dcp/edit', params: { no_dcp } })}
        onCancel={() => void navigate({ to: '/kunjungan' })}
      />
    </OnlineOnly>
  );
}
