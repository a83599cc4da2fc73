import { Box, chakra, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header';
import { MAX_PAGE_SIZE } from '../../../domain/list-query';
import { errorMessage } from '../../../lib/http';
import { useCan } from '../../../lib/use-can';
import { routeListQuery } from '../api';
import { MatrixEditor } from './matrix-editor';

interface Props {
  routeListId: string;
  onPick: (id: string) => void;
}

/**
 * /matrix-kunjungan: the spec's blank Week 1–5 × Monday–Sunday grid made real — the same matrix
 * editor as the route-list screen, for the route list picked here.
 */
export function MatrixPage({ routeListId, onPick }: Props) {
  const can = useCan();
  const lists = useQuery(routeListQuery({ page: 1, per_page: MAX_PAGE_SIZE, q: '' }));
  const options = lists.data?.result ?? [];
  return (
    <Stack gap="4">
      <PageHeader title="Matrix Kunjungan" />
      <Stack gap="1" maxW={{ base: 'full', md: 'md' }}>
        <chakra.label htmlFor="matrix-route-list" fontWeight="medium" textStyle="sm">
          Route List
        </chakra.label>
        <NativeSelect.Root disabled={lists.isPending}>
          <NativeSelect.Field
            id="matrix-route-list"
            value={routeListId}
            onChange={(e) => onPick(e.target.value)}
            bg="bg"
          >
            <option value="">Pilih route list</option>
            {options.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id} — {r.nama} ({r.outlet_count} store)
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {lists.isError && <Text color="fg.error">{errorMessage(lists.error)}</Text>}
      </Stack>
      {routeListId ? (
        <Stack gap="2">
          <Link to="/route-list/$id/edit" params={{ id: routeListId }}>
            <Text as="span" color="green.fg" textDecoration="underline" textStyle="sm">
              Buka detail route list {routeListId}
            </Text>
          </Link>
          <MatrixEditor key={routeListId} routeListId={routeListId} canEdit={can('routeList.update')} />
        </Stack>
      ) : (
        <Box borderWidth="1px" rounded="md" p="6" bg="bg" textAlign="center" color="fg.muted">
          Pilih route list untuk melihat dan mengubah matrix kunjungannya.
        </Box>
      )}
    </Stack>
  );
}
