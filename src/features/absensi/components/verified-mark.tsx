import { Badge } from '@chakra-ui/react';
import { VERIFIED_LABEL } from '../../../domain/device/device';

/** Her own check-in or check-out, signed by her approved passkey and verified by the server. */
export function VerifiedMark() {
  return (
    <Badge size="sm" colorPalette="green" variant="subtle" alignSelf="start" data-testid="verified-mark">
      {VERIFIED_LABEL}
    </Badge>
  );
}
