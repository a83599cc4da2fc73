import { useQuery } from '@tanstack/react-query';
import type { MasterResource, MasterRows } from '../../../domain/master/master';
import { rupiah } from '../../../lib/format';
import { lookupQuery, routeListLookupQuery, storeLookupQuery } from '../../../lib/lookups';

export interface LookupOption {
  value: string;
  label: string;
  /** The owning company, for lists filtered by the chosen company. */
  kode_prsh?: string;
}

/** Where a select's options come from: a master list, the stores of a client, the route lists. */
export type LookupSource = MasterResource | 'store' | 'route-list';

type AnyRow = MasterRows[MasterResource] & Record<string, unknown>;

function optionOf(resource: MasterResource, r: AnyRow): LookupOption {
  const row = r as Record<string, unknown>;
  const code = String(resource === 'perusahaan' ? row.kode_prsh : row.id);
  const kode_prsh = typeof row.kode_prsh === 'string' ? row.kode_prsh : undefined;
  if (resource === 'karyawan-type') return { value: code, label: `${code} - ${String(row.type)}`, kode_prsh };
  if (resource === 'umr') return { value: code, label: `${code} - ${String(row.area)} (${rupiah(Number(row.umr))})` };
  return { value: code, label: `${code} - ${String(row.nama)}`, kode_prsh };
}

const isMaster = (source: LookupSource | undefined): source is MasterResource =>
  !!source && source !== 'store' && source !== 'route-list';

/**
 * The options of a select: the whole list in the user's scope, refreshed by every write that changes it
 * (src/lib/lookup-meta.ts). Stores are those of `clientId`: none until a client is chosen.
 */
export function useLookupOptions(
  source: LookupSource | undefined,
  clientId = '',
): { options: LookupOption[]; rows: AnyRow[]; loading: boolean; error: boolean } {
  const master = useQuery({ ...lookupQuery(isMaster(source) ? source : 'perusahaan'), enabled: isMaster(source) });
  const stores = useQuery({ ...storeLookupQuery(clientId), enabled: source === 'store' && !!clientId });
  const routeLists = useQuery({ ...routeListLookupQuery(), enabled: source === 'route-list' });
  if (source === 'store')
    return {
      options: (clientId ? (stores.data ?? []) : []).map((s) => ({
        value: s.cust_code,
        label: `${s.cust_code} - ${s.cust_name}`,
      })),
      rows: [] as AnyRow[],
      loading: !!clientId && stores.isPending,
      error: stores.isError,
    };
  if (source === 'route-list')
    return {
      options: (routeLists.data ?? []).map((r) => ({
        value: r.id,
        label: `${r.id} - ${r.nama}`,
        kode_prsh: r.kode_prsh,
      })),
      rows: [] as AnyRow[],
      loading: routeLists.isPending,
      error: routeLists.isError,
    };
  const rows = (master.data ?? []) as AnyRow[];
  return {
    options: isMaster(source) ? rows.map((r) => optionOf(source, r)) : [],
    rows,
    loading: master.isPending && isMaster(source),
    error: master.isError,
  };
}
