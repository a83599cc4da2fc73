import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import type { ListQuery } from '../../../domain/list-query';
import { ROLE_MESSAGES, type RoleRow } from '../../../domain/roles/roles';
import { useCan } from '../../../lib/use-can';
import { roleListQuery } from '../api';

function PermissionSummary({ role }: { role: RoleRow }) {
  if (role.permissionCount === 0) {
    return (
      <Stack gap="0">
        <Badge colorPalette="orange" alignSelf="start">
          {ROLE_MESSAGES.allAccess}
        </Badge>
        <Text textStyle="xs" color="fg.muted">
          {ROLE_MESSAGES.fullAccess}
        </Text>
      </Stack>
    );
  }
  if (role.allPermissions) return <Badge colorPalette="green">{ROLE_MESSAGES.allAccess}</Badge>;
  return <Text as="span">{role.permissionCount} permission</Text>;
}

const columns: Column<RoleRow>[] = [
  {
    key: 'id',
    header: 'ID',
    cell: (r) => (
      <Link to="/roles/$id/edit" params={{ id: r.id }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {r.id}
        </Text>
      </Link>
    ),
  },
  { key: 'nama', header: 'Nama', cell: (r) => r.nama },
  { key: 'permissions', header: 'Permission', cell: (r) => <PermissionSummary role={r} /> },
  { key: 'users', header: 'Jumlah User', align: 'end', cell: (r) => r.userCount },
];

interface Props {
  search: ListQuery;
  onPage: (page: number) => void;
  onCreate: () => void;
}

export function RoleListPage({ search, onPage, onCreate }: Props) {
  const canCreate = useCan()('role.create');
  const query = useQuery(roleListQuery(search));
  return (
    <Stack gap="4">
      <PageHeader title="Roles" actions={canCreate && <Button onClick={onCreate}>Tambah Role</Button>} />
      <DataTable
        caption="Daftar role"
        columns={columns}
        rows={query.data?.result}
        rowKey={(r) => r.id}
        loading={query.isFetching}
        error={query.error}
        paging={{ page: search.page, perPage: search.per_page, total: query.data?.totalCount ?? 0, onPage }}
      />
    </Stack>
  );
}
