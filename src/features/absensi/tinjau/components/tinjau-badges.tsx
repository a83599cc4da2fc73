import { Badge, Wrap } from '@chakra-ui/react';
import { fieldFlagLabel } from '../../../../domain/absensi/absensi';
import { KEPUTUSAN_LABEL, type TinjauItem } from '../../../../domain/absensi/tinjau';
import { TINJAU_TEXTS as T } from '../texts';

export function FlagBadges({ flags }: { flags: string[] }) {
  return (
    <Wrap gap="1">
      {flags.map((f) => (
        <Badge key={f} size="sm" colorPalette={f === 'after_posting' ? 'red' : 'orange'}>
          {fieldFlagLabel(f)}
        </Badge>
      ))}
    </Wrap>
  );
}

export function DecisionBadge({ item }: { item: TinjauItem }) {
  if (!item.keputusan) return <Badge size="sm">{T.open}</Badge>;
  return (
    <Badge size="sm" colorPalette={item.keputusan === 'terima' ? 'green' : 'red'}>
      {KEPUTUSAN_LABEL[item.keputusan]}
    </Badge>
  );
}
