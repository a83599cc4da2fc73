import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { contractEnd } from '../../../domain/dates';
import type { KaryawanFormValues } from '../../../domain/karyawan/karyawan-form';
import { useLookupOptions } from './lookup-options';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * The derived fields of spec §5, applied as the user types (only user changes trigger them):
 * a new contract start or length recomputes the end; a new start of the first contract moves
 * tgl_awkerja and tgl_pph; a type fills the three allowances and a UMR code the base salary (when the
 * salary may be edited); a new client clears the store.
 */
export function useDerivedFields(form: UseFormReturn<KaryawanFormValues>, opts: { salary: boolean }) {
  const types = useLookupOptions('karyawan-type').rows as unknown as {
    id: string;
    tun_makan: number;
    tun_bensin: number;
    tun_lain: number;
  }[];
  const umrs = useLookupOptions('umr').rows as unknown as { id: string; umr: number }[];
  const { salary } = opts;

  useEffect(() => {
    const set = (name: Parameters<typeof form.setValue>[0], value: string) =>
      form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    const sub = form.watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const mulai = values.mulai_kontrak ?? '';
      const lama = Number(values.lama_kontrak);
      if ((name === 'mulai_kontrak' || name === 'lama_kontrak') && isDate(mulai) && lama > 0) {
        set('selesai_kontrak', contractEnd(mulai, lama));
      }
      if (name === 'mulai_kontrak' && isDate(mulai) && values.per_kontrak === '1') {
        set('tgl_awkerja', mulai);
        set('tgl_pph', mulai);
      }
      if (name === 'client_id') set('cust_code', '');
      if (name === 'type_spg_id' && salary) {
        const t = types.find((x) => x.id === values.type_spg_id);
        if (t) {
          set('gaji.tun_makan', String(t.tun_makan));
          set('gaji.tun_bensin', String(t.tun_bensin));
          set('gaji.tun_lain', String(t.tun_lain));
        }
      }
      if (name === 'kode_umr' && salary) {
        const u = umrs.find((x) => x.id === values.kode_umr);
        if (u) set('gaji.gapok', String(u.umr));
      }
    });
    return () => sub.unsubscribe();
  }, [form, types, umrs, salary]);
}
