import { HStack, List, Text } from '@chakra-ui/react';
import { passwordChecklist, PASSWORD_MESSAGES } from '../domain/auth/password-policy';
import { CheckIcon, CrossIcon } from './icons';

/** The live checklist of the password policy (spec part 1 §5). */
export function PasswordChecklist({ password, confirm }: { password: string; confirm: string }) {
  const items = [
    ...passwordChecklist(password).map(({ rule, message, ok }) => ({ key: rule, message, ok })),
    { key: 'match', message: PASSWORD_MESSAGES.mismatch, ok: password.length > 0 && password === confirm },
  ];
  return (
    // A group of read-only checkboxes, each ticked when its rule holds: a list (ul) may hold only list
    // items, so neither element is one.
    <List.Root as="div" role="group" variant="plain" gap="1" aria-label="Syarat password">
      {items.map((i) => (
        <List.Item as="div" key={i.key} data-ok={i.ok} aria-checked={i.ok} aria-readonly="true" role="checkbox">
          <HStack gap="2" color={i.ok ? 'green.fg' : 'fg.muted'}>
            {i.ok ? <CheckIcon style={{ flexShrink: 0 }} /> : <CrossIcon style={{ flexShrink: 0 }} />}
            <Text textStyle="sm">{i.message}</Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
