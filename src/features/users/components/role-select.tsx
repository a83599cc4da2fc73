import { NativeSelect, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { forwardRef } from 'react';
import { errorMessage } from '../../../lib/http';
import { roleOptionsQuery } from '../api';

interface Props {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/**
 * The role of an account, chosen from GET /api/roles. Controlled, so the current role stays selected
 * when the options arrive after the form (an uncontrolled select would fall back to the placeholder).
 */
export const RoleSelect = forwardRef<HTMLSelectElement, Props>(function RoleSelect(
  { name, value, onChange, onBlur },
  ref,
) {
  const roles = useQuery(roleOptionsQuery());
  const list = roles.data ?? [];
  const missingCurrent = !!value && !list.some((r) => r.id === value);
  return (
    <>
      <NativeSelect.Root>
        <NativeSelect.Field
          ref={ref}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          placeholder="Pilih role"
        >
          {missingCurrent && <option value={value}>{value}</option>}
          {list.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id === r.nama ? r.nama : `${r.nama} (${r.id})`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {roles.isError && (
        <Text textStyle="sm" color="fg.error" role="alert">
          Gagal memuat daftar role: {errorMessage(roles.error)}
        </Text>
      )}
    </>
  );
});
