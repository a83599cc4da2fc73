import { Button, Card, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormField } from '../../../components/form-field';
import { LEAVE_STATUS_VALUES, leaveStatusLabel } from '../../../domain/leave/leave-rules';
import { periodLookupQuery } from '../../../lib/lookups';
import type { LeaveListSearch } from '../search';
import { SelectField } from './select-field';
import { DateFilterInput } from '../../../components/date-filter-input';

export type OwnFilterValues = Pick<LeaveListSearch, 'startDate' | 'endDate' | 'status' | 'period_id'>;

/**
 * The own list's filter (spec §5: dates not after today): a period for the kinds filed by period, a
 * date range for the others, and the status. Nothing applies until Filter is pressed.
 */
export function OwnFilter({
  byPeriod,
  applied,
  onApply,
}: {
  byPeriod: boolean;
  applied: OwnFilterValues;
  onApply: (draft: OwnFilterValues) => void;
}) {
  const [draft, setDraft] = useState<OwnFilterValues>(applied);
  const periods = useQuery({ ...periodLookupQuery(), enabled: byPeriod });
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <Card.Root size="sm">
      <Card.Body>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" alignItems="end">
          {byPeriod ? (
            <FormField label="Period">
              <SelectField
                value={draft.period_id}
                placeholder="Semua period"
                options={(periods.data ?? []).map((p) => ({ value: p.id, label: p.id }))}
                onChange={(period_id) => setDraft({ ...draft, period_id })}
              />
            </FormField>
          ) : (
            <>
              <FormField label="Mulai">
                <DateFilterInput
                  label="Mulai"
                  size="md"
                  max={today}
                  value={draft.startDate ?? ''}
                  onChange={(d) => setDraft({ ...draft, startDate: d || undefined })}
                />
              </FormField>
              <FormField label="Selesai">
                <DateFilterInput
                  label="Selesai"
                  size="md"
                  max={today}
                  value={draft.endDate ?? ''}
                  onChange={(d) => setDraft({ ...draft, endDate: d || undefined })}
                />
              </FormField>
            </>
          )}
          <FormField label="Status">
            <SelectField
              value={draft.status}
              placeholder="Semua status"
              options={LEAVE_STATUS_VALUES.map((s) => ({ value: s, label: leaveStatusLabel(s) }))}
              onChange={(status) => setDraft({ ...draft, status: status as OwnFilterValues['status'] })}
            />
          </FormField>
          <Button onClick={() => onApply(draft)}>Filter</Button>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
