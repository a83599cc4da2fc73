import { Badge, Box, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { KARYAWAN_TAB_LABELS, type KaryawanTab } from '../../../domain/karyawan/karyawan';
import type { KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import { tabOfPath, TAB_FIELDS } from './fields';
import { FieldGrid } from './field-grid';
import { PhotoField } from './photo-field';

export type Photos = { foto_kar: File | null; foto_ktp: File | null };

interface Props {
  form: UseFormReturn<KaryawanFormValues>;
  mode: 'create' | 'detail';
  editing: boolean;
  tabs: KaryawanTab[];
  canEdit: (tab: KaryawanTab) => boolean;
  tab: string;
  onTab: (tab: string) => void;
  photos: Photos;
  onPhoto: (field: keyof Photos, file: File | null) => void;
  stored?: { foto_kar: string | null; foto_ktp: string | null };
  /** Under the Kontrak tab's fields (the contract history of the detail). */
  kontrakExtra?: ReactNode;
  /** Tabs after the form's own (Request Update Profile on the detail). */
  extraTabs?: { value: string; label: string; content: ReactNode }[];
}

/** The employee form's tabs; a tab with a field error carries a red mark. */
export function KaryawanTabs(p: Props) {
  const errorTabs = new Set(
    Object.keys(p.form.formState.errors)
      .map(tabOfPath)
      .filter((t): t is KaryawanTab => !!t),
  );
  return (
    <Tabs.Root value={p.tab} onValueChange={(e) => p.onTab(e.value)} variant="line" colorPalette="green">
      <Box overflowX="auto" bg="bg" roundedTop="md" borderWidth="1px" borderBottomWidth="0">
        <Tabs.List minW="max-content" px="2">
          {p.tabs.map((t) => (
            <Tabs.Trigger key={t} value={t} whiteSpace="nowrap">
              {KARYAWAN_TAB_LABELS[t]}
              {p.editing && errorTabs.has(t) && (
                <Badge colorPalette="red" size="xs" variant="solid" aria-label="ada kesalahan">
                  !
                </Badge>
              )}
            </Tabs.Trigger>
          ))}
          {p.extraTabs?.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} whiteSpace="nowrap">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      <Box bg="bg" borderWidth="1px" roundedBottom="md" p={{ base: '4', md: '6' }}>
        {p.tabs.map((t) => (
          <Tabs.Content key={t} value={t} pt="0">
            <Stack gap="6">
              {p.editing && !p.canEdit(t) && (
                <Text textStyle="sm" color="fg.muted">
                  Anda tidak memiliki akses untuk mengubah tab {KARYAWAN_TAB_LABELS[t]}.
                </Text>
              )}
              <FieldGrid
                form={p.form}
                fields={TAB_FIELDS[t]}
                editing={p.editing}
                editable={p.canEdit(t)}
                mode={p.mode}
              />
              {t === 'personal' && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" maxW="3xl">
                  <PhotoField
                    label="Foto Karyawan"
                    stored={p.stored?.foto_kar ?? null}
                    value={p.photos.foto_kar}
                    onChange={(f) => p.onPhoto('foto_kar', f)}
                    editing={p.editing && p.canEdit('personal')}
                  />
                  <PhotoField
                    label="Foto KTP"
                    stored={p.stored?.foto_ktp ?? null}
                    value={p.photos.foto_ktp}
                    onChange={(f) => p.onPhoto('foto_ktp', f)}
                    editing={p.editing && p.canEdit('personal')}
                  />
                </SimpleGrid>
              )}
              {t === 'kontrak' && p.kontrakExtra}
            </Stack>
          </Tabs.Content>
        ))}
        {p.extraTabs?.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="0">
            {t.content}
          </Tabs.Content>
        ))}
      </Box>
    </Tabs.Root>
  );
}
