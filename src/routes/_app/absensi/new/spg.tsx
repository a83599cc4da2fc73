import { createFileRoute } from '@tanstack/react-router';
import { FieldDayPage } from '../../../../features/absensi/components/field-day-page';
import { DeviceCard } from '../../../../features/device/components/device-card';
import { useSession } from '../../../../lib/use-session';

export const Route = createFileRoute('/_app/absensi/new/spg')({
  component: SpgDayPage,
});

/**
 * Her day, and below it the device card while this phone holds no passkey of hers (decision 032). Below,
 * not above: the card is known only once IndexedDB answers, and the day must not move when it appears.
 */
function SpgDayPage() {
  const current = useSession();
  return <FieldDayPage footer={current?.user.nrp ? <DeviceCard userid={current.user.userid} /> : undefined} />;
}
