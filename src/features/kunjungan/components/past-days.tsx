import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { currentPeriodId } from './plannable';

/**
 * Generating a plan of the running month starts today; the days already past are made only when this
 * is ticked (docs/decisions/030-route-list-change-and-fresh-pickers.md). Shown only for the running month.
 */
export function PastDaysCheckbox({
  period,
  checked,
  onChange,
  disabled,
}: {
  period: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  if (!period || period !== currentPeriodId()) return null;
  return (
    <Stack gap="0.5">
      <Checkbox.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={(e) => onChange(e.checked === true)}
        size="sm"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Termasuk hari yang sudah lewat</Checkbox.Label>
      </Checkbox.Root>
      {!checked && (
        <Text textStyle="xs" color="fg.muted">
          Period berjalan: kunjungan dibuat mulai hari ini.
        </Text>
      )}
    </Stack>
  );
}
