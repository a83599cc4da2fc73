import { Box, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { PermissionItem } from '../../../domain/roles/permissions';

interface Props {
  permissions: readonly PermissionItem[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

type CheckState = boolean | 'indeterminate';

function stateOf(ids: readonly string[], chosen: ReadonlySet<string>): CheckState {
  const n = ids.filter((id) => chosen.has(id)).length;
  return n === 0 ? false : n === ids.length ? true : 'indeterminate';
}

function Choice({
  label,
  checked,
  onToggle,
  disabled,
  strong,
}: {
  label: string;
  checked: CheckState;
  onToggle: (on: boolean) => void;
  disabled?: boolean;
  strong?: boolean;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(e) => onToggle(e.checked === true)}
      disabled={disabled}
      colorPalette="green"
      size="sm"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight={strong ? 'semibold' : 'normal'} wordBreak="break-all">
        {label}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * The role editor's permission picker, grouped by category (spec part 2 §2.10). The select-all boxes
 * are derived from the selection, so they turn on by themselves when everything under them is chosen
 * and off as soon as one item is removed.
 */
export function PermissionChooser({ permissions, value, onChange, disabled }: Props) {
  const groups = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of permissions) map.set(p.category, [...(map.get(p.category) ?? []), p.id]);
    return [...map.entries()];
  }, [permissions]);
  const chosen = new Set(value);
  const allIds = permissions.map((p) => p.id);
  // Catalogue order, whatever order the clicks came in.
  const emit = (next: Set<string>) => onChange(allIds.filter((id) => next.has(id)));
  const setMany = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    emit(next);
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Choice
          label="Pilih semua permission"
          checked={stateOf(allIds, chosen)}
          onToggle={(on) => setMany(allIds, on)}
          disabled={disabled || allIds.length === 0}
          strong
        />
        <Text textStyle="sm" color="fg.muted" data-testid="permission-count">
          {allIds.filter((id) => chosen.has(id)).length} dari {allIds.length} dipilih
        </Text>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
        {groups.map(([category, ids]) => (
          <Box
            key={category}
            as="fieldset"
            borderWidth="1px"
            rounded="md"
            p="3"
            bg="bg"
            role="group"
            aria-label={`Kategori ${category}`}
          >
            <HStack justify="space-between" mb="2" pb="2" borderBottomWidth="1px">
              <Choice
                label={category}
                checked={stateOf(ids, chosen)}
                onToggle={(on) => setMany(ids, on)}
                disabled={disabled}
                strong
              />
              <Text textStyle="xs" color="fg.muted">
                {ids.filter((id) => chosen.has(id)).length}/{ids.length}
              </Text>
            </HStack>
            <Stack gap="1.5" ps="1">
              {ids.map((id) => (
                <Choice
                  key={id}
                  label={id}
                  checked={chosen.has(id)}
                  onToggle={(on) => setMany([id], on)}
                  disabled={disabled}
                />
              ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
