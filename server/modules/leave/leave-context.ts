/** What every leave route reads from its request: today in Jakarta, and the caller's own NRP. */
import type { Context } from 'hono';
import { dateInJakarta } from '../../../src/domain/absensi';
import { LEAVE_MESSAGES } from '../../../src/domain/leave-messages';
import { ownNrp } from '../../lib/actor';
import type { AppEnv } from '../../lib/context';

export const TAG = 'Leave';

export const today = (c: Context<AppEnv>) => dateInJakarta(c.get('deps').now());

/** The caller's NRP for the own-records routes; an account without one gets the area's 403. */
export const own = (c: Context<AppEnv>) => ownNrp(c.get('actor'), LEAVE_MESSAGES.notLinked);
