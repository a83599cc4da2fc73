/** What every leave route reads from its request: today (an employee's, or the office's), and the caller's own NRP. */
import type { Context } from 'hono';
import { LEAVE_MESSAGES } from '../../../src/domain/leave/leave-messages';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';
import { newestToday, todayOfNrp } from '../../lib/time-zone';

/** An employee's today: the calendar day in her location's time zone. */
export const todayOf = (c: Context<AppEnv>, nrp: string) => todayOfNrp(c.get('deps').db, nrp, c.get('deps').now());

/** The office's "not after today" bound for lists spanning every zone: the newest day in Indonesia. */
export const officeToday = (c: Context<AppEnv>) => newestToday(c.get('deps').now());

/** The caller's NRP for the own-records routes; an account without one gets the area's 403. */
export const own = (c: Context<AppEnv>) => ownNrp(c.get('actor'), LEAVE_MESSAGES.notLinked);
