import { Badge, Box, Grid, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { TRUSTEE_KEYS, TRUSTEE_LABELS, type TrusteeKey, type UserDetail } from '../../../domain/users/users';
import { trusteeOptionsQuery } from '../api';
import { formatLastLogin } from './format';
import { UserStatusBadge } from './user-status-badge';

function TrusteeValue({ dimension, codes }: { dimension: TrusteeKey; codes: string[] }) {
  const options = useQuery({ ...trusteeOptionsQuery(dimension), enabled: codes.length > 0 });
  if (!codes.length) return <Text color="fg.muted">Semua (tanpa batasan)</Text>;
  const label = (code: string) => options.data?.find((o) => o.value === code)?.label ?? code;
  return (
    <Wrap gap="1">
      {codes.map((c) => (
        <Badge key={c} variant="outline">
          {label(c)}
        </Badge>
      ))}
    </Wrap>
  );
}

/** Label and value side by side from tablet width, stacked on a phone. */
function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Grid as="dl" templateColumns={{ base: '1fr', md: '14rem 1fr' }} columnGap="4" rowGap={{ base: '1', md: '3' }}>
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Text as="dt" textStyle="sm" color="fg.muted" mt={{ base: '2', md: '0' }}>
              {label}
            </Text>
            <Box as="dd">{value}</Box>
          </Fragment>
        ))}
      </Grid>
    </Stack>
  );
}

/** The view mode of /users/{id}/edit. */
export function UserView({ user }: { user: UserDetail }) {
  const rows: [string, ReactNode][] = [
    ['User ID', user.userid],
    ['Username', user.username],
    ['Nama', user.nama],
    ['Role', user.role === user.role_nama ? user.role : `${user.role_nama} (${user.role})`],
    ['Status', <UserStatusBadge key="s" active={user.is_active} />],
    ['Wajib ganti password', user.reset_password ? 'Ya' : 'Tidak'],
    ['NRP Karyawan', user.nrp ? `${user.nrp}${user.karyawan_nama ? ` – ${user.karyawan_nama}` : ''}` : '-'],
    ['Login terakhir', formatLastLogin(user.last_login)],
    ['Versi aplikasi', user.app_version ?? '-'],
  ];
  return (
    <Stack gap="6" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <Section title="Akun" rows={rows} />
      <Section
        title="Cakupan Data (Trustee)"
        rows={TRUSTEE_KEYS.map((key) => [
          TRUSTEE_LABELS[key],
          <TrusteeValue key={key} dimension={key} codes={user.trustee[key]} />,
        ])}
      />
    </Stack>
  );
}
