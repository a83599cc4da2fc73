import { createFileRoute } from '@tanstack/react-router';
import { FieldDayPage } from '../../../../features/absensi/components/field-day-page';

export const Route = createFileRoute('/_app/absensi/new/spg')({
  component: () => <FieldDayPage />,
});
