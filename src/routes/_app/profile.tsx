import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { ownRequestsQuery } from '../../features/karyawan/requests/api';
import { OwnAccountCard } from '../../features/auth/components/own-account-card';
import { DeviceCard } from '../../features/device/components/device-card';
import { OwnEmployeeProfile } from '../../features/karyawan/profile/own-employee-profile';
import { ownProfileQuery } from '../../features/karyawan/profile/api';
import { NotifikasiEntry } from '../../features/push/components/notifikasi-entry';
import { session } from '../../lib/session';
import { useSession } from '../../lib/use-session';

export const Route = createFileRoute('/_app/profile')({
  loader: ({ context }) => {
    const user = session.get()?.user;
    if (!user?.nrp || !navigator.onLine) return;
    void context.queryClient.prefetchQuery(ownProfileQuery(user.userid));
    void context.queryClient.prefetchQuery(ownRequestsQuery(user.userid));
  },
  component: ProfilePage,
});

/** /profile: the account (user id, role, name, Ganti Password) and, for an employee, their own data. */
function ProfilePage() {
  const current = useSession();
  if (!current) return null;
  return (
    <Stack gap="6" pb="20">
      <OwnAccountCard user={current.user} />
      {current.user.nrp && <DeviceCard userid={current.user.userid} />}
      <NotifikasiEntry userid={current.user.userid} />
      {current.user.nrp && <OwnEmployeeProfile user={current.user} />}
    </Stack>
  );
}
