import { createFileRoute } from '@tanstack/react-router';
import { pendingScreenFor } from '../../app/screens';
import { BelumTersedia, PageNotFound } from '../../components/not-allowed';

/**
 * Screens of the spec whose area has not landed yet: "Belum tersedia", behind the layout's guard like
 * every screen. Any other address is a 404 page. An area's own route file takes precedence over this one.
 */
export const Route = createFileRoute('/_app/$')({
  component: PendingScreen,
});

function PendingScreen() {
  const { _splat } = Route.useParams();
  const screen = pendingScreenFor(`/${_splat ?? ''}`);
  return screen ? <BelumTersedia title={screen.title} /> : <PageNotFound />;
}
