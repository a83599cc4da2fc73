/**
 * The user's own calendar day for what a download is named after (issue 41 item 6): at 06:30 WIB on 2
 * December a file is named 2 December, not the server's UTC 1 December. The app sends the browser's zone
 * with every download (`X-Time-Zone`, src/lib/http.ts); a missing or unknown zone is read as WIB, where
 * the back office works.
 */
import type { Context } from 'hono';
import { TIME_ZONE_HEADER } from '../../src/domain/api';
import { DEFAULT_TIME_ZONE, dateIn, isTimeZone } from '../../src/domain/time-zone';

/** 'YYYY-MM-DD' of `now` in the zone named by the request, or in WIB. */
export function localDay(c: Context, now: Date): string {
  const name = c.req.header(TIME_ZONE_HEADER);
  if (isTimeZone(name)) return dateIn(name, now);
  // Another IANA zone (a desktop abroad): the runtime's own tables, once per download.
  if (name && name.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(name)) {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone: name }).format(now);
    } catch {
      // not a zone this runtime knows
    }
  }
  return dateIn(DEFAULT_TIME_ZONE, now);
}
