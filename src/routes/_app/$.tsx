import { createFileRoute } from '@tanstack/react-router';
import { screenFor } from '../../app/navigation';
import { BelumTersedia, PageNotFound } from '../../components/not-allowed';
import { RequirePermission } from '../../components/require-permission';

/**
 * Screens of the spec whose area has not landed yet: guarded by their permission, then "Belum tersedia".
 * Any other address is a 404 page. An area's own route file takes precedence over this one.
 */
export const Route = createFileRoute('/_app/$')({
  component: PendingScreen,
});

function PendingScreen() {
  const { _splat } = Route.useParams();
  const screen = screenFor(`/${_splat ?? ''}`);
  if (!screen) return <PageNotFound />;
  return (
    <RequirePermission permissions={screen.permissions}>
      <BelumTersedia title={screen.title} />
    </RequirePermission>
  );
}
