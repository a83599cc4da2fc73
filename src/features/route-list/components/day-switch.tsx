import { chakra } from '@chakra-ui/react';

interface Props {
  on: boolean;
  label: string;
  pending?: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/**
 * One day of the matrix: a compact switch (role="switch"), so 35 of them fit a desktop row and a
 * tablet scrolls them; a pending change shows its new state, dimmed, until the server answers.
 */
export function DaySwitch({ on, label, pending, disabled, onToggle }: Props) {
  return (
    <chakra.button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      aria-busy={pending || undefined}
      title={label}
      disabled={disabled || pending}
      onClick={onToggle}
      w={{ base: '7', xl: '22px' }}
      h={{ base: '7', xl: '22px' }}
      rounded="sm"
      borderWidth="1px"
      borderColor={on ? 'green.600' : 'border.emphasized'}
      bg={on ? 'green.600' : 'bg'}
      color="white"
      fontSize="xs"
      fontWeight="bold"
      opacity={pending ? 0.55 : 1}
      cursor={disabled ? 'default' : 'pointer'}
      _hover={disabled ? undefined : { borderColor: 'green.700' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'green.500', outlineOffset: '1px' }}
      _disabled={{ cursor: disabled ? 'default' : 'progress' }}
    >
      {on ? 'X' : ''}
    </chakra.button>
  );
}
