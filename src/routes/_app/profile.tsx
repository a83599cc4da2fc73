import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { OwnAccountCard } from '../../features/profile/components/own-account-card';
import { useSession } from '../../lib/use-session';

export const Route = createFileRoute('/_app/profile')({
  component: ProfilePage,
});

function ProfilePage() {
  const current = useSession();
  if (!current) return null;
  return (
    <Stack gap="6">
      <OwnAccountCard user={current.user} />
    </Stack>
  );
}
