import { Box, Field, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { GAJI_MESSAGES, gajiLines, type GajiPeriodAnswer } from '../../../domain/karyawan/karyawan-gaji';
import { tanggal } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { currentPeriodQuery, periodLookupQuery } from '../../../lib/lookups';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';

/** Whose salary: the period's query (the detail's `gajiQuery(nrp, …)`, the own profile's `ownGajiQuery`). */
export type GajiOf<K extends QueryKey> = (
  period: string,
) => UseQueryOptions<GajiPeriodAnswer, Error, GajiPeriodAnswer, K>;

/**
 * The Info Gaji tab (spec part 1 §2): a period picker, then the period's salary as label: value lines,
 * or "Tidak menemukan data gaji di periode terpilih". Read only; the employee detail shows an employee's
 * (karyawan.gaji.read), /profile the signed-in employee's own.
 */
export function InfoGajiTab<K extends QueryKey>({ gajiOf }: { gajiOf: GajiOf<K> }) {
  const periods = useQuery(periodLookupQuery());
  const current = useQuery(currentPeriodQuery());
  // The current period until the user picks another.
  const [chosen, setPeriod] = useState<string | null>(null);
  const period = chosen ?? current.data?.id ?? '';
  const gaji = useQuery({ ...gajiOf(period), enabled: !!period });
  const options = [...(periods.data ?? [])].sort((a, b) => b.id.localeCompare(a.id));

  return (
    <Stack gap="5" maxW="2xl">
      <Field.Root maxW={{ base: 'full', sm: '80' }}>
        <Field.Label>{KARYAWAN_UPLOAD_TEXTS.gajiPeriod}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={period} onChange={(e) => setPeriod(e.target.value)}>
            <option value="">{GAJI_MESSAGES.pickPeriod}</option>
            {period && !options.some((p) => p.id === period) && <option value={period}>{period}</option>}
            {options.map((p) => (
              <option key={p.id} value={p.id}>
                {p.id} ({tanggal(p.mulai)} s/d {tanggal(p.akhir)})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {!period ? null : gaji.isPending ? (
        <Skeleton height="40" rounded="md" />
      ) : gaji.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(gaji.error)}
        </Text>
      ) : !gaji.data.result ? (
        <Text color="fg.muted">{gaji.data.message ?? GAJI_MESSAGES.noData}</Text>
      ) : (
        <Box as="dl" borderWidth="1px" rounded="md" overflow="hidden" aria-label="Info gaji">
          {gajiLines(gaji.data.result.info_gaji).map((line, i, all) => (
            <Stack
              key={line.label}
              direction={{ base: 'column', sm: 'row' }}
              gap={{ base: '0', sm: '4' }}
              px="4"
              py="2"
              bg={i === all.length - 1 ? 'bg.muted' : i % 2 ? 'bg.subtle' : 'bg'}
              fontWeight={i === all.length - 1 ? 'semibold' : undefined}
            >
              <Text as="dt" color="fg.muted" minW={{ sm: '56' }} textStyle={{ base: 'sm', sm: 'md' }}>
                {line.label}
              </Text>
              <Text as="dd">{line.value}</Text>
            </Stack>
          ))}
        </Box>
      )}
    </Stack>
  );
}
