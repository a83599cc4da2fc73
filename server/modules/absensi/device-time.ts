import type { Context } from 'hono';
import type { MultipartForm } from '../../lib/multipart';
import { DEVICE_TIME_HEADER } from '../../../src/domain/absensi/absensi';

/**
 * The check-in form with `sent_at` taken from the X-Device-Time header the outbox sends (the phone's
 * clock at the moment of sending, decision 033), so the same schema checks it and answers 400 when bad.
 */
export function withDeviceTime(c: Context, form: MultipartForm): Record<string, unknown> {
  const header = c.req.header(DEVICE_TIME_HEADER);
  return header === undefined ? form : { ...form, sent_at: header };
}
