import { Badge } from '@chakra-ui/react';

export function UserStatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'red'} variant="subtle">
      {active ? 'Aktif' : 'Tidak Aktif'}
    </Badge>
  );
}
