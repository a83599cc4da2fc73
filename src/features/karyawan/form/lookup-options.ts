import { useQuery } from '@tanstack/react-query';
import type { MasterResource, MasterRows } from '../../../domain/master';
import { rupiah } from '../../../lib/format';
import { lookupQuery } from '../../../lib/lookups';

export interface LookupOption {
  value: string;
  label: string;
  /** The owning company, for lists filtered by the chosen company. */
  kode_prsh?: string;
}

type AnyRow = MasterRows[MasterResource] & Record<string, unknown>;

function optionOf(resource: MasterResource, r: AnyRow): LookupOption {
  const row = r as Record<string, unknown>;
  const code = String(resource === 'perusahaan' ? row.kode_prsh : row.id);
  const kode_prsh = typeof row.kode_prsh === 'string' ? row.kode_prsh : undefined;
  if (resource === 'karyawan-type') return { value: code, label: `${code} - ${String(row.type)}`, kode_prsh };
  if (resource === 'umr') return { value: code, label: `${code} - ${String(row.area)} (${rupiah(Number(row.umr))})` };
  return { value: code, label: `${code} - ${String(row.nama)}`, kode_prsh };
}

/** The options of a master list for a select (the whole list in the user's scope, cached an hour). */
export function useLookupOptions(resource: MasterResource | undefined) {
  const query = useQuery({ ...lookupQuery(resource ?? 'perusahaan'), enabled: !!resource });
  const rows = (query.data ?? []) as AnyRow[];
  return {
    options: resource ? rows.map((r) => optionOf(resource, r)) : [],
    rows,
    loading: query.isPending && !!resource,
    error: query.isError,
  };
}
