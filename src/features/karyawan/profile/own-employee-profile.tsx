import { Alert, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ProfileRequestRow } from '../../../domain/karyawan/request';
import { errorMessage } from '../../../lib/http';
import { tanggalPanjang } from '../../../lib/format';
import { onOutboxMessage } from '../../../lib/offline/signal';
import { useOutboxRows } from '../../../lib/offline/use-outbox';
import type { SessionUser } from '../../../lib/session';
import { useOnline } from '../../../lib/use-session';
import { ownRequestsQuery } from '../requests/api';
import { undeliveredProfileChanges } from '../requests/outbox';
import { REQUEST_TEXTS } from '../requests/texts';
import { ownProfileQuery, refreshOwnProfile } from './api';
import { OwnProfileTabs } from './own-profile-tabs';

// The request form and a request's detail open on a tap: their code loads then.
const ProfileRequestForm = lazy(() =>
  import('./profile-request-form').then((m) => ({ default: m.ProfileRequestForm })),
);
// The own requests' table shows on the Request Update Profile tab only.
const RequestHistoryTable = lazy(() =>
  import('../requests/request-history-table').then((m) => ({ default: m.RequestHistoryTable })),
);
const RequestDialog = lazy(() => import('../requests/request-dialog').then((m) => ({ default: m.RequestDialog })));

/**
 * The employee part of /profile: the own record in the detail's own-profile tabs, the Request Update
 * Profile form, and the own requests with those still on the device ("menunggu sinkron"). Read from
 * the persisted cache, so it opens and files requests offline.
 */
export function OwnEmployeeProfile({ user }: { user: SessionUser }) {
  const profile = useQuery(ownProfileQuery(user.userid));
  const requests = useQuery(ownRequestsQuery(user.userid));
  const outbox = useOutboxRows(user.userid) ?? [];
  const waiting = undeliveredProfileChanges(outbox);
  const online = useOnline();
  const [tab, setTab] = useState('personal');
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ProfileRequestRow | null>(null);
  const queryClient = useQueryClient();

  // A delivered request changes what the server says: ask again for the list (and, later, the record).
  useEffect(
    () =>
      onOutboxMessage((m) => {
        if (m.type === 'synced' && m.userid === user.userid) void refreshOwnProfile(queryClient, user.userid);
      }),
    [queryClient, user.userid],
  );

  const detail = profile.data;
  const stale = !online && profile.dataUpdatedAt > 0;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" flexWrap="wrap">
        <Stack gap="0">
          <Heading as="h2" size="md">
            Data Karyawan
          </Heading>
          {detail && (
            <Text color="fg.muted" textStyle="sm">
              {detail.nrp} - {detail.nama}
            </Text>
          )}
        </Stack>
        {!editing && (
          <Button size="sm" disabled={!detail} onClick={() => setEditing(true)}>
            {REQUEST_TEXTS.requestButton}
          </Button>
        )}
      </Flex>
      {stale && (
        <Text textStyle="xs" color="fg.muted" data-testid="profile-cached">
          Offline: data tersimpan di perangkat per {tanggalPanjang(profile.dataUpdatedAt, true)}.
        </Text>
      )}
      {!detail ? (
        profile.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(profile.error)}</Alert.Title>
          </Alert.Root>
        ) : profile.isPaused ? (
          <Text color="fg.muted">Data karyawan belum tersimpan di perangkat ini. Buka halaman ini saat online.</Text>
        ) : (
          <Skeleton height="64" rounded="md" />
        )
      ) : editing ? (
        <Suspense fallback={<Skeleton height="64" rounded="md" />}>
          <ProfileRequestForm
            detail={detail}
            userid={user.userid}
            onCancel={() => setEditing(false)}
            onDone={() => {
              setEditing(false);
              setTab('request');
            }}
          />
        </Suspense>
      ) : (
        <OwnProfileTabs
          detail={detail}
          userid={user.userid}
          tab={tab}
          onTab={setTab}
          requests={
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {REQUEST_TEXTS.historyTitle}
              </Heading>
              <Suspense fallback={null}>
                <RequestHistoryTable
                  rows={requests.data?.result}
                  waiting={waiting}
                  loading={requests.isFetching}
                  error={requests.error}
                  emptyText={requests.isPaused && !requests.data ? 'Belum ada data tersimpan di perangkat' : undefined}
                  onOpen={setSelected}
                />
              </Suspense>
            </Stack>
          }
        />
      )}
      {selected && (
        <Suspense>
          <RequestDialog row={selected} canDecide={false} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
