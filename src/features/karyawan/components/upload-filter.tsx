import { Button, Card, createListCollection, Heading, Portal, Select, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { MasterResource } from '../../../domain/master/master';
import { notifyError } from '../../../lib/toast';
import { useLookupOptions } from '../form/lookup-options';
import { downloadKaryawanData, downloadKaryawanTemplate, type KaryawanSheetFilter } from '../upload-api';
import { KARYAWAN_UPLOAD_TEXTS } from './upload-texts';

const FILTERS: { key: keyof KaryawanSheetFilter; label: string; resource: MasterResource }[] = [
  { key: 'kode_prsh', label: 'Perusahaan', resource: 'perusahaan' },
  { key: 'lokasi', label: 'Lokasi', resource: 'lokasi' },
  { key: 'client', label: 'Client', resource: 'client' },
  { key: 'type', label: 'Type Karyawan', resource: 'karyawan-type' },
  { key: 'divisi', label: 'Divisi', resource: 'divisi' },
  { key: 'jabatan', label: 'Jabatan', resource: 'jabatan' },
  { key: 'sales_office', label: 'Sales Office', resource: 'sales-office' },
];

const EMPTY: KaryawanSheetFilter = {
  kode_prsh: [],
  lokasi: [],
  client: [],
  type: [],
  divisi: [],
  jabatan: [],
  sales_office: [],
};

function CodeSelect({
  label,
  resource,
  value,
  onChange,
}: {
  label: string;
  resource: MasterResource;
  value: string[];
  onChange: (codes: string[]) => void;
}) {
  const { options, loading } = useLookupOptions(resource);
  const collection = useMemo(() => createListCollection({ items: options }), [options]);
  return (
    <Select.Root
      multiple
      collection={collection}
      value={value}
      onValueChange={(e) => onChange(e.value)}
      size="sm"
      disabled={loading}
      positioning={{ sameWidth: false }}
    >
      <Select.HiddenSelect />
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder={KARYAWAN_UPLOAD_TEXTS.all} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          {value.length > 0 && <Select.ClearTrigger />}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content minW="56" maxH="72">
            {collection.items.map((item) => (
              <Select.Item item={item} key={item.value}>
                {item.label}
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
}

/**
 * The filter panel of the upload screen: the data download (active employees matching every chosen
 * list, in the user's scope), ready to edit and upload again, and the empty template.
 */
export function KaryawanUploadFilter() {
  const [filter, setFilter] = useState<KaryawanSheetFilter>(EMPTY);
  const [busy, setBusy] = useState<'data' | 'template' | null>(null);
  const run = async (what: 'data' | 'template') => {
    setBusy(what);
    try {
      await (what === 'data' ? downloadKaryawanData(filter) : downloadKaryawanTemplate());
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h3" size="sm">
              {KARYAWAN_UPLOAD_TEXTS.filterTitle}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {KARYAWAN_UPLOAD_TEXTS.filterHint}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
            {FILTERS.map((f) => (
              <CodeSelect
                key={f.key}
                label={f.label}
                resource={f.resource}
                value={filter[f.key]}
                onChange={(codes) => setFilter((prev) => ({ ...prev, [f.key]: codes }))}
              />
            ))}
          </SimpleGrid>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="flex-end" gap="2">
            <Button variant="ghost" onClick={() => setFilter(EMPTY)} disabled={busy !== null}>
              {KARYAWAN_UPLOAD_TEXTS.clear}
            </Button>
            <Button variant="outline" onClick={() => void run('template')} loading={busy === 'template'}>
              {KARYAWAN_UPLOAD_TEXTS.template}
            </Button>
            <Button onClick={() => void run('data')} loading={busy === 'data'}>
              {KARYAWAN_UPLOAD_TEXTS.filterDownload}
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
