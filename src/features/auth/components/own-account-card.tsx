import { Badge, Button, Card, DataList, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { ChangePasswordDialog } from './change-password-dialog';
import type { SessionUser } from '../../../lib/session';
import { session } from '../../../lib/session';
import { notifySuccess } from '../../../lib/toast';

/** The account part of /profile: user id, role, name, and the own password change. */
export function OwnAccountCard({ user }: { user: SessionUser }) {
  const [changing, setChanging] = useState(false);
  const rows: [string, string][] = [
    ['User ID', user.userid],
    ['Username', user.username],
    ['Nama', user.nama],
    ['NRP', user.nrp ?? '-'],
  ];
  return (
    <Card.Root maxW="xl">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title>Akun Saya</Card.Title>
          <Badge colorPalette="green" size="lg" data-testid="role-badge">
            {user.role}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <Button variant="outline" onClick={() => setChanging(true)}>
          Ganti Password
        </Button>
      </Card.Footer>
      <ChangePasswordDialog
        open={changing}
        username={user.username}
        onClose={() => setChanging(false)}
        onChanged={(answer) => {
          setChanging(false);
          // The change ends older sessions; continue with the fresh token it answered.
          session.start(answer.token);
          notifySuccess(answer.message);
        }}
      />
    </Card.Root>
  );
}
