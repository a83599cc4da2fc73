import { createFileRoute } from '@tanstack/react-router';
import { NotifikasiPage } from '../../features/push/components/notifikasi-page';
import { useSession } from '../../lib/use-session';

export const Route = createFileRoute('/_app/notifikasi')({
  component: NotifikasiScreen,
});

/** /notifikasi: the bell's list (every signed-in user; reads offline from the phone's copy). */
function NotifikasiScreen() {
  const user = useSession()?.user;
  return user ? <NotifikasiPage userid={user.userid} /> : null;
}
