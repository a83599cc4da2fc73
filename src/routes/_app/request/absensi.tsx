import { createFileRoute } from '@tanstack/react-router';
import { KoreksiRequestPage } from '../../../features/absensi/koreksi/components/koreksi-request-page';

export const Route = createFileRoute('/_app/request/absensi')({
  component: KoreksiRequestPage,
});
