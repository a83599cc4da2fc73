import { Badge, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { JenisLeaveRow } from '../../../domain/leave/leave-kinds';
import type { OutboxRow } from '../../../lib/offline/db';
import { tanggal } from '../../../lib/format';

function when(p: OutboxRow<'leave.create'>['payload']): string {
  const start = p.start_date ?? p.tanggal_off ?? '';
  const end = p.end_date ?? start;
  if (!start) return '';
  return start === end ? tanggal(start) : `${tanggal(start)} – ${tanggal(end)}`;
}

/**
 * Requests filed on this device that the list does not show yet: waiting ("menunggu sinkron"),
 * refused with the server's message and the way to fix it, or just delivered ("terkirim").
 */
export function PendingRequests({ rows, kinds }: { rows: OutboxRow<'leave.create'>[]; kinds: JenisLeaveRow[] }) {
  if (!rows.length) return null;
  return (
    <Stack gap="2">
      {rows.map((r) => {
        const kind = kinds.find((k) => String(k.id) === r.payload.jenis_leave);
        const refused = r.state === 'needs-action';
        const delivered = r.state === 'done';
        return (
          <Card.Root
            key={r.id}
            size="sm"
            borderColor={refused ? 'border.error' : delivered ? 'green.muted' : 'orange.muted'}
            data-testid="pending-request"
          >
            <Card.Body py="3">
              <HStack justify="space-between" align="start" gap="3">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">{kind?.jenis_leave ?? r.payload.jenis_label ?? 'Pengajuan leave'}</Text>
                  <Text textStyle="sm" color="fg.muted">
                    {when(r.payload)}
                    {r.files.length ? ` · lampiran ${r.files[0]!.name}` : ''}
                  </Text>
                  {refused && (
                    <Text textStyle="sm" color="fg.error">
                      Ditolak server: {r.lastError} ·{' '}
                      <Link to="/sinkron" style={{ textDecoration: 'underline' }}>
                        buka Sinkronisasi
                      </Link>
                    </Text>
                  )}
                </Stack>
                <Badge
                  colorPalette={refused ? 'red' : delivered ? 'green' : 'orange'}
                  variant="subtle"
                  flexShrink={0}
                  data-testid="pending-badge"
                >
                  {refused ? 'perlu tindakan' : delivered ? 'terkirim' : 'menunggu sinkron'}
                </Badge>
              </HStack>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
