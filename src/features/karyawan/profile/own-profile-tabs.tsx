import { DEVICE_TEXTS } from '../../../domain/device/device';
import { Box, DataList, Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { SimpleTabs as Tabs } from '../../../components/simple-tabs';
import { KARYAWAN_TAB_LABELS, type KaryawanDetail, type KaryawanTab } from '../../../domain/karyawan/karyawan';
import { rupiah, tanggal } from '../../../lib/format';
import { TAB_FIELDS, type FieldDef } from '../form/fields';

// What only a tap on its tab shows loads then (the service worker keeps it for offline): /profile is
// where she lands after login, so its first download carries the first tab only.
const KontrakHistory = lazy(() => import('./kontrak-history').then((m) => ({ default: m.KontrakHistory })));
const DevicesTab = lazy(() => import('../devices/devices-tab').then((m) => ({ default: m.DevicesTab })));
const OwnInfoGaji = lazy(() => import('./own-info-gaji').then((m) => ({ default: m.OwnInfoGaji })));

/** The employee detail's tab name (spec part 1 §2). */
const INFO_GAJI = 'Info Gaji';

type Named = { id: string; nama: string } | null;
const named = (code: string | null, n: Named) => (code ? (n ? `${code} - ${n.nama}` : code) : null);

/** Codes shown with the names the answer carries (no master list is needed, so it works offline). */
const NAMES: Partial<Record<string, (d: KaryawanDetail) => string | null>> = {
  kode_prsh: (d) => (d.perusahaan ? `${d.kode_prsh} - ${d.perusahaan.nama}` : d.kode_prsh),
  kode_lokasi: (d) => named(d.kode_lokasi, d.lokasi),
  type_spg_id: (d) => (d.type ? `${d.type_spg_id} - ${d.type.type}` : d.type_spg_id),
  jabatan_id: (d) => named(d.jabatan_id, d.jabatan),
  departemen_id: (d) => named(d.departemen_id, d.departemen),
  divisi_id: (d) => named(d.divisi_id, d.divisi),
  sales_office_id: (d) => named(d.sales_office_id, d.sales_office),
  client_id: (d) => named(d.client_id, d.client),
  cust_code: (d) => (d.cust_code ? (d.store ? `${d.cust_code} - ${d.store.cust_name}` : d.cust_code) : null),
  route_list_id: (d) => named(d.route_list_id, d.route_list),
  kode_umr: (d) => (d.umr ? `${d.umr.id} - ${d.umr.area}` : d.kode_umr),
};

function valueText(def: FieldDef, d: KaryawanDetail): string {
  if (def.name.startsWith('gaji.')) {
    const amount = d.gaji?.[def.name.slice(5) as keyof NonNullable<KaryawanDetail['gaji']>];
    return amount === null || amount === undefined ? '-' : rupiah(amount);
  }
  const byName = NAMES[def.name];
  const raw = byName ? byName(d) : (d as unknown as Record<string, unknown>)[def.name];
  if (raw === null || raw === undefined || raw === '') return '-';
  const s = String(raw);
  if (def.options) return def.options[s] ?? s;
  if (def.kind === 'date' || /^\d{4}-\d{2}-\d{2}$/.test(s)) return tanggal(s);
  return s;
}

function FieldList({ fields, detail }: { fields: FieldDef[]; detail: KaryawanDetail }) {
  return (
    // The list itself is the grid: a <dl> holds its dt/dd groups directly (a grid element between broke the list).
    <DataList.Root
      orientation="horizontal"
      size="md"
      display="grid"
      gridTemplateColumns={{ base: 'repeat(1, minmax(0, 1fr))', lg: 'repeat(2, minmax(0, 1fr))' }}
      rowGap="0"
      columnGap="8"
    >
      {fields
        .filter((d) => d.only !== 'create')
        .map((def) => (
          <DataList.Item key={def.name} py="2" borderBottomWidth="1px" borderColor="border.muted">
            <DataList.ItemLabel minW="36">{def.label}</DataList.ItemLabel>
            <DataList.ItemValue data-field={def.name} wordBreak="break-word">
              {valueText(def, detail)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
}

interface Props {
  detail: KaryawanDetail;
  /** The signed-in account (her Info Gaji is asked for as hers). */
  userid: string;
  tab: string;
  onTab: (tab: string) => void;
  /** The Request Update Profile tab's content. */
  requests: ReactNode;
}

/**
 * The employee detail's tabs in their own-profile variant (spec §2 "Own profile"): read only, the
 * salary tab only when the answer carries it (karyawan.gaji.read), Info Gaji (her own pay of a period,
 * online only), then Request Update Profile.
 */
export function OwnProfileTabs({ detail, userid, tab, onTab, requests }: Props) {
  const tabs: KaryawanTab[] = ['personal', 'pegawai', 'pajak', 'bpjs', 'kontrak'];
  if (detail.gaji) tabs.push('gaji');
  return (
    // Tabs without zag's machine: /profile is in the phone's first download (components/simple-tabs.tsx).
    <Tabs.Root value={tab} onValueChange={onTab} variant="line" colorPalette="green">
      <Box bg="bg" roundedTop="md" borderWidth="1px" borderBottomWidth="0">
        {/* Where they do not fit in one row (a phone, a tablet) the tabs wrap: a strip scrolling sideways
            hides tabs past the edge. */}
        <Tabs.List flexWrap="wrap" px="2">
          {tabs.map((t) => (
            <Tabs.Trigger key={t} value={t} whiteSpace="nowrap">
              {KARYAWAN_TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="info-gaji" whiteSpace="nowrap">
            {INFO_GAJI}
          </Tabs.Trigger>
          <Tabs.Trigger value="request" whiteSpace="nowrap">
            Request Update Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="perangkat" whiteSpace="nowrap">
            {DEVICE_TEXTS.tab}
          </Tabs.Trigger>
        </Tabs.List>
      </Box>
      <Box bg="bg" borderWidth="1px" roundedBottom="md" p={{ base: '3', md: '6' }}>
        {tabs.map((t) => (
          <Tabs.Content key={t} value={t} pt="0">
            <Stack gap="6">
              <FieldList fields={TAB_FIELDS[t]} detail={detail} />
              {t === 'kontrak' && detail.kontrak && detail.kontrak.length > 0 && (
                <Suspense fallback={null}>
                  <KontrakHistory rows={detail.kontrak} />
                </Suspense>
              )}
            </Stack>
          </Tabs.Content>
        ))}
        <Tabs.Content value="info-gaji" pt="0">
          {tab === 'info-gaji' && (
            <Suspense fallback={<Skeleton height="40" rounded="md" />}>
              <OwnInfoGaji userid={userid} />
            </Suspense>
          )}
        </Tabs.Content>
        <Tabs.Content value="request" pt="0">
          {requests}
        </Tabs.Content>
        <Tabs.Content value="perangkat" pt="0">
          {tab === 'perangkat' && (
            <Suspense fallback={null}>
              <DevicesTab nrp={detail.nrp} own />
            </Suspense>
          )}
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
