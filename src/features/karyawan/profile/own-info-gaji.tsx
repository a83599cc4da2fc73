/**
 * The Info Gaji tab of /profile: the employee detail's read-only tab, on the signed-in employee's own
 * salary (GET /api/profile/gaji/{period}). Loaded on the tab's first tap, so the phone's first download
 * does not carry it. Online only: salary is never kept on the phone (docs/decisions/036), so offline the
 * tab says so instead.
 */
import { EmptyState, VStack } from '@chakra-ui/react';
import { queryOptions } from '@tanstack/react-query';
import { profileContracts } from '../../../domain/karyawan/profile-contracts';
import { call } from '../../../lib/call';
import { profileKeys } from '../../../lib/own-profile';
import { useOnline } from '../../../lib/use-session';
import { InfoGajiTab } from '../components/info-gaji-tab';

export const OWN_GAJI_TEXTS = {
  offlineTitle: 'Info Gaji hanya tersedia saat online',
  offlineText: 'Data gaji tidak disimpan di perangkat. Buka tab ini lagi saat ada sinyal.',
} as const;

/** No `meta.persist` (decision 036): the answer stays in memory only, and leaves it a minute after the tab closes. */
export const ownGajiQuery = (userid: string, period: string) =>
  queryOptions({
    queryKey: [...profileKeys.all, userid, 'gaji', period] as const,
    queryFn: ({ signal }) => call(profileContracts.gaji, { params: { period }, signal }),
    gcTime: 60_000,
  });

export function OwnInfoGaji({ userid }: { userid: string }) {
  const online = useOnline();
  if (!online) {
    return (
      <EmptyState.Root size="sm" data-testid="own-gaji-offline">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>{OWN_GAJI_TEXTS.offlineTitle}</EmptyState.Title>
            <EmptyState.Description>{OWN_GAJI_TEXTS.offlineText}</EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return <InfoGajiTab gajiOf={(period) => ownGajiQuery(userid, period)} />;
}
