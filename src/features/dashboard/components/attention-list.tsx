import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ATTENTION_KINDS, ATTENTION_LABEL, type AttentionRow } from '../../../domain/dashboard/dashboard';
import { timeWithZone } from '../../../domain/time-zone';
import { errorMessage } from '../../../lib/http';
import { attentionQuery } from '../api';
import { DASHBOARD_UI as T } from '../texts';

function Target({ row }: { row: AttentionRow }) {
  const text = `${row.nrp} - ${row.nama}`;
  // A flagged check-in to decide: the review queue of that day.
  if (row.kind === 'perlu_ditinjau')
    return (
      <Link to="/absensi/tinjau" search={{ startDate: row.tanggal, endDate: row.tanggal }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {text}
        </Text>
      </Link>
    );
  if (row.no_dcp)
    return (
      <Link to="/kunjungan/$no_dcp/edit" params={{ no_dcp: row.no_dcp }}>
        <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
          {text}
        </Text>
      </Link>
    );
  // The day's own attendance: the attendance list of that day and employee.
  return (
    <a href={`/absensi?startDate=${row.tanggal}&endDate=${row.tanggal}&nrp=${encodeURIComponent(row.nrp)}`}>
      <Text as="span" color="green.fg" fontWeight="medium" textDecoration="underline">
        {text}
      </Text>
    </a>
  );
}

/** Beyond the spec: what a supervisor should look at first on the chosen day (docs/decisions/023). */
export function AttentionList({ date }: { date: string }) {
  const query = useQuery(attentionQuery(date));
  if (query.error)
    return (
      <Text color="fg.error" role="alert">
        {errorMessage(query.error)}
      </Text>
    );
  const data = query.data;
  if (!data) return null;
  const total = ATTENTION_KINDS.reduce((s, k) => s + data.counts[k], 0);
  if (total === 0) return <Text color="fg.muted">{T.tidakAdaPerhatian}</Text>;
  return (
    <Stack gap="3" data-testid="attention-list">
      {ATTENTION_KINDS.filter((k) => data.counts[k] > 0).map((kind) => {
        const rows = data.rows.filter((r) => r.kind === kind);
        return (
          <Box key={kind} borderWidth="1px" rounded="md" bg="bg" p="3" data-kind={kind}>
            <HStack justify="space-between" mb="2">
              <Text fontWeight="medium">{ATTENTION_LABEL[kind]}</Text>
              <Badge colorPalette={kind === 'not_started' ? 'red' : 'orange'}>{data.counts[kind]}</Badge>
            </HStack>
            <Stack gap="1" maxH="48" overflowY="auto">
              {rows.map((r, i) => (
                <HStack key={i} gap="2" textStyle="sm" flexWrap="wrap">
                  <Target row={r} />
                  <Text color="fg.muted">
                    {[r.cust_code && `${r.cust_code} ${r.cust_name ?? ''}`, r.jam && timeWithZone(r.jam, r.time_zone)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </HStack>
              ))}
            </Stack>
            {data.counts[kind] > rows.length && (
              <Text textStyle="xs" color="fg.muted" mt="1">
                {T.lebihBanyak(rows.length, data.counts[kind])}
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
