import { Badge } from '@chakra-ui/react';

/** Marks what is recorded on the phone but not yet confirmed by the server. */
export function PendingBadge() {
  return (
    <Badge colorPalette="orange" variant="subtle" data-testid="pending-badge">
      menunggu sinkron
    </Badge>
  );
}
