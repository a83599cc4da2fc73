/**
 * The employee form's values (spec part 1 §5): every field as its input holds it (text), checked by
 * the field rules of the create and update bodies (./karyawan-fields.ts), so the form and the server
 * give the same message for the same value. Shown-only fields (the contract's end and number, the
 * status) travel with the values but are never sent: the server derives them.
 */
import * as v from 'valibot';
import { fieldEntries, formText, GajiSchema, type KaryawanField } from './karyawan-fields';

type TextRules = { [K in KaryawanField]: ReturnType<typeof formText<(typeof fieldEntries)[K]>> };
const textRules = Object.fromEntries(
  Object.entries(fieldEntries).map(([name, rule]) => [name, formText(rule)]),
) as TextRules;

/** Shown, never sent (team_leader_nama: the chosen leader's name beside her NRP). */
export const SHOWN_FIELDS = [
  'selesai_kontrak',
  'per_kontrak',
  'no_kontrak',
  'sts_kontrak',
  'status',
  'team_leader_nama',
] as const;
export type ShownField = (typeof SHOWN_FIELDS)[number];

export const GAJI_FIELDS = ['gapok', 'tun_makan', 'tun_bensin', 'tun_lain'] as const;
export type GajiField = (typeof GAJI_FIELDS)[number];

export const KaryawanFormSchema = v.object({
  ...textRules,
  selesai_kontrak: v.optional(v.string()),
  per_kontrak: v.optional(v.string()),
  no_kontrak: v.optional(v.string()),
  sts_kontrak: v.optional(v.string()),
  status: v.optional(v.string()),
  team_leader_nama: v.optional(v.string()),
  gaji: v.object({
    gapok: formText(GajiSchema.entries.gapok),
    tun_makan: formText(GajiSchema.entries.tun_makan),
    tun_bensin: formText(GajiSchema.entries.tun_bensin),
    tun_lain: formText(GajiSchema.entries.tun_lain),
  }),
});
export type KaryawanFormValues = v.InferInput<typeof KaryawanFormSchema>;

/** An edit checks only the tabs the user may change: the fields of the others are left out. */
export const KaryawanEditFormSchema = v.partial(KaryawanFormSchema);
export type KaryawanEditFormValues = v.InferInput<typeof KaryawanEditFormSchema>;
