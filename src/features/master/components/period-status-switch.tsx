import { Switch } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PeriodRow } from '../../../domain/master/master';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { setPeriodStatus } from '../api';

/** Enable Posting: the switch calls PUT /api/period/{id} at once (spec part 2 §4). */
export function PeriodStatusSwitch({ period, disabled }: { period: PeriodRow; disabled: boolean }) {
  const qc = useQueryClient();
  const mutation = useMutation({
    ...setPeriodStatus(qc, period.id),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (err) => notifyError(err),
  });
  // While the call runs (and until the list is fresh) the switch shows where it is going.
  const checked = mutation.isPending ? mutation.variables : period.status;
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled || mutation.isPending}
      onCheckedChange={(e) => mutation.mutate(e.checked)}
      colorPalette="green"
    >
      <Switch.HiddenInput aria-label={`Enable Posting ${period.id}`} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
