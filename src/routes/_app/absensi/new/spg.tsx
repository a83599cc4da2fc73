import { Stack } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { FieldDayPage } from '../../../../features/absensi/components/field-day-page';
import { DeviceCard } from '../../../../features/device/components/device-card';
import { useSession } from '../../../../lib/use-session';

export const Route = createFileRoute('/_app/absensi/new/spg')({
  component: SpgDayPage,
});

/** Her day, with the device card above it while this phone holds no passkey of hers (decision 032). */
function SpgDayPage() {
  const current = useSession();
  return (
    <Stack gap="6">
      {current?.user.nrp && <DeviceCard userid={current.user.userid} maxW="2xl" w="full" mx="auto" />}
      <FieldDayPage />
    </Stack>
  );
}
