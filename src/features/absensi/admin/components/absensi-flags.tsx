import { Badge, Wrap } from '@chakra-ui/react';
import type { AbsensiListRow } from '../../../../domain/absensi/absensi-list';
import { VERIFIED_LABEL } from '../../../../domain/device/device';
import { ABSENSI_ADMIN_TEXTS as T } from '../texts';

/**
 * Every review mark of a day: computed ones (late, no check-out) and those the server stored. A day the
 * forgot-checkout job marked says "Lupa Check Out" instead of the plainer "Belum check out".
 */
export function flagsOf(r: AbsensiListRow): string[] {
  const open = r.forgot_checkout ? ['forgot_checkout'] : r.missing_checkout ? ['missing_checkout'] : [];
  return [...(r.late ? ['late'] : []), ...open, ...r.flags];
}

export function AbsensiFlags({ row }: { row: AbsensiListRow }) {
  const flags = flagsOf(row);
  // Both sides she recorded were signed by her enrolled passkey (decision 032).
  const verified = row.in_verified === 'passkey' && (row.field_jam_keluar === null || row.out_verified === 'passkey');
  const decided = row.tinjau?.keputusan ?? null;
  if (flags.length === 0 && !verified && !decided) return null;
  return (
    <Wrap gap="1">
      {decided && (
        // What a reviewer decided on her flagged check-in (Perlu Ditinjau, decision 035).
        <Badge size="sm" colorPalette={decided === 'tolak' ? 'red' : 'green'} title={row.tinjau?.alasan ?? undefined}>
          {decided === 'tolak' ? T.reviewRejected : T.reviewAccepted}
        </Badge>
      )}
      {verified && (
        <Badge size="sm" colorPalette="green" data-testid="verified-badge">
          {VERIFIED_LABEL}
        </Badge>
      )}
      {flags.map((f) => (
        <Badge
          key={f}
          size="sm"
          colorPalette={f === 'after_posting' || f === 'missing_checkout' || f === 'forgot_checkout' ? 'red' : 'orange'}
        >
          {T.flags[f] ?? f}
        </Badge>
      ))}
    </Wrap>
  );
}
