import { Button, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import type { ListQuery } from '../../../domain/list-query';
import type { UserRow } from '../../../domain/users/users';
import { useCan } from '../../../lib/use-can';
import { userListQuery } from '../api';
import { formatLastLogin } from './format';
import { useSearchText } from '../../../lib/use-search-text';
import { UserStatusBadge } from './user-status-badge';

const columns: Column<UserRow>[] = [
  {
    key: 'userid',
    header: 'User ID',
    cell: (u) => (
      <Link to="/users/$id/edit" params={{ id: u.userid }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {u.userid}
        </Text>
      </Link>
    ),
  },
  { key: 'username', header: 'Username', cell: (u) => u.username },
  { key: 'nama', header: 'Nama', cell: (u) => u.nama },
  { key: 'role', header: 'Role', cell: (u) => u.role_nama },
  { key: 'status', header: 'Status', cell: (u) => <UserStatusBadge active={u.is_active} /> },
  {
    key: 'last_login',
    header: 'Login Terakhir',
    cell: (u) => (
      <Text as="span" whiteSpace="nowrap">
        {formatLastLogin(u.last_login)}
      </Text>
    ),
  },
];

interface Props {
  search: ListQuery;
  onSearchChange: (next: Partial<ListQuery>) => void;
  onCreate: () => void;
}

/** /users: search (500 ms debounce), paging, all in the URL so a reload or a shared link shows the same page. */
export function UserListPage({ search, onSearchChange, onCreate }: Props) {
  const canCreate = useCan()('user.create');
  const [text, setText] = useSearchText(search.q, (q) => onSearchChange({ q, page: 1 }));
  const query = useQuery(userListQuery(search));

  return (
    <Stack gap="4">
      <PageHeader title="Users" actions={canCreate && <Button onClick={onCreate}>Tambah User</Button>} />
      <InputGroup maxW={{ md: 'sm' }}>
        <Input
          type="search"
          placeholder="Cari user ID, username atau nama"
          aria-label="Cari user"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </InputGroup>
      <DataTable
        caption="Daftar user"
        columns={columns}
        rows={query.data?.result}
        rowKey={(u) => u.userid}
        loading={query.isFetching}
        error={query.error}
        paging={{
          page: search.page,
          perPage: search.per_page,
          total: query.data?.totalCount ?? 0,
          onPage: (page) => onSearchChange({ page }),
        }}
      />
    </Stack>
  );
}
