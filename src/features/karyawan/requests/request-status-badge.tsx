import { Badge } from '@chakra-ui/react';
import { approveStatusLabel } from '../../../domain/karyawan/request';

const PALETTE: Record<string, string> = { N: 'orange', Y: 'green', R: 'red' };

/** A request's approve_status as the spec shows it: Open, Disetujui, Ditolak. */
export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={PALETTE[status] ?? 'orange'} variant="subtle" whiteSpace="nowrap" data-testid="request-status">
      {approveStatusLabel(status)}
    </Badge>
  );
}
