import { eq } from 'drizzle-orm';
import type { Q } from '../db/client';
import { karyawan } from '../db/schema/karyawan';
import { lokasi, perusahaan } from '../db/schema/master';
import { asTimeZone, dateIn, type TimeZone } from '../../src/domain/time-zone';
import { DEVICE_POLICIES, type DevicePolicy } from '../../src/domain/device/device';

/** An employee's time zone: her location's (WIB when the employee or location is unknown). */
export async function timeZoneOfNrp(db: Q, nrp: string): Promise<TimeZone> {
  const [row] = await db
    .select({ tz: lokasi.time_zone })
    .from(karyawan)
    .innerJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return asTimeZone(row?.tz);
}

/**
 * What an employee's own check-in needs to know about her, in one read: her zone (the day and the time) and
 * her company's device policy (decision 032; 'wajib' when unknown).
 */
export async function checkInContextOfNrp(db: Q, nrp: string): Promise<{ zone: TimeZone; devicePolicy: DevicePolicy }> {
  const [row] = await db
    .select({ tz: lokasi.time_zone, policy: perusahaan.device_policy })
    .from(karyawan)
    .leftJoin(lokasi, eq(lokasi.id, karyawan.kode_lokasi))
    .leftJoin(perusahaan, eq(perusahaan.kode_prsh, karyawan.kode_prsh))
    .where(eq(karyawan.nrp, nrp))
    .limit(1);
  return { zone: asTimeZone(row?.tz), devicePolicy: asDevicePolicy(row?.policy) };
}

/** A company's stored device policy; 'wajib' when unknown (decision 032). */
export function asDevicePolicy(value: string | null | undefined): DevicePolicy {
  const policy = value as DevicePolicy | null | undefined;
  return policy && DEVICE_POLICIES.includes(policy) ? policy : 'wajib';
}

/** Today for an employee: the calendar day in her location's zone. */
export async function todayOfNrp(db: Q, nrp: string, now: Date): Promise<string> {
  return dateIn(await timeZoneOfNrp(db, nrp), now);
}

/**
 * The newest calendar day anywhere in Indonesia (WIT's, the first zone to start a day): the "not after
 * today" bound of an office list or filter that spans employees of every zone.
 */
export function newestToday(now: Date): string {
  return dateIn('Asia/Jayapura', now);
}
