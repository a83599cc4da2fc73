import { Input, InputGroup, NativeSelect, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEVICE_POLICIES, DEVICE_POLICY_LABEL } from '../../../domain/device/device';
import { YA_TIDAK } from '../../../domain/enums';
import { TIME_ZONE_LABEL, TIME_ZONES } from '../../../domain/time-zone';
import { lookupQuery } from '../../../lib/lookups';
import type { MasterField } from '../screens';

/** The control of one form field, by its kind (the label and message come from FormField). */
export function MasterFieldInput({ field, registration }: { field: MasterField; registration: UseFormRegisterReturn }) {
  switch (field.kind) {
    case 'company':
      return <CompanySelect registration={registration} />;
    case 'textarea':
      return <Textarea {...registration} rows={3} autoresize />;
    case 'time':
      return <Input {...registration} type="time" maxW="40" />;
    case 'date':
      return <Input {...registration} type="date" maxW="48" />;
    case 'rupiah':
      return (
        <InputGroup startElement="Rp" maxW="60">
          <Input {...registration} inputMode="numeric" autoComplete="off" />
        </InputGroup>
      );
    case 'minutes':
      return (
        <InputGroup endElement="menit" maxW="40">
          <Input {...registration} inputMode="numeric" autoComplete="off" />
        </InputGroup>
      );
    case 'yesno':
      return (
        <NativeSelect.Root maxW="40">
          <NativeSelect.Field {...registration}>
            {Object.entries(YA_TIDAK).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'timezone':
      return (
        <NativeSelect.Root maxW="60">
          <NativeSelect.Field {...registration}>
            {TIME_ZONES.map((z) => (
              <option key={z} value={z}>
                {TIME_ZONE_LABEL[z]} ({z})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    case 'devicepolicy':
      return (
        <NativeSelect.Root maxW="80">
          <NativeSelect.Field {...registration}>
            {DEVICE_POLICIES.map((p) => (
              <option key={p} value={p}>
                {DEVICE_POLICY_LABEL[p]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    default:
      return <Input {...registration} placeholder={field.placeholder} autoComplete="off" />;
  }
}

/**
 * Companies within the user's scope (GET /api/perusahaan). The select is mounted again once the list
 * arrives, so react-hook-form puts an edited row's company back on it.
 */
function CompanySelect({ registration }: { registration: UseFormRegisterReturn }) {
  const companies = useQuery(lookupQuery('perusahaan'));
  return (
    <NativeSelect.Root disabled={companies.isPending}>
      <NativeSelect.Field key={companies.data ? 'loaded' : 'loading'} {...registration}>
        <option value="">{companies.isError ? 'Gagal memuat perusahaan' : 'Pilih perusahaan'}</option>
        {companies.data?.map((c) => (
          <option key={c.kode_prsh} value={c.kode_prsh}>
            {c.kode_prsh} - {c.nama}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
