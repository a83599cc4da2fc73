import { Badge } from '@chakra-ui/react';
import {
  KOREKSI_STATE_LABEL,
  koreksiState,
  type KoreksiRow,
  type KoreksiState,
} from '../../../../domain/absensi/koreksi';

const PALETTE: Record<KoreksiState, string> = { tl: 'orange', admin: 'blue', approved: 'green', rejected: 'red' };

/** Where a correction stands: Menunggu Team Leader, Menunggu Admin, Disetujui, Ditolak. */
export function KoreksiStateBadge({ row }: { row: Pick<KoreksiRow, 'status' | 'step'> }) {
  const state = koreksiState(row);
  return (
    <Badge colorPalette={PALETTE[state]} variant="subtle" whiteSpace="nowrap" data-testid="koreksi-state">
      {KOREKSI_STATE_LABEL[state]}
    </Badge>
  );
}
