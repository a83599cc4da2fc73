import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { absensiAdminRoutes } from './absensi-admin.routes';
import { absensiFieldRoutes } from './absensi-field.routes';
import { absensiPostingRoutes } from './absensi-posting.routes';
import { koreksiRoutes } from './koreksi.routes';
import { kunjunganCheckinRoutes } from './kunjungan-checkin.routes';
import { tinjauRoutes } from './tinjau.routes';

/**
 * Attendance, the module's one router, mounted at /api: the employee's own check-in/out of the day and of
 * each planned visit (/api/absensi/spg…, /api/kunjungan/detail/{id}/check-in|out), HR's list, manual
 * entries and uploads, posting, the review queue (tinjau) and
 * the employee's corrections (koreksi). Those come first: their literal paths win
 * over the list's `:id`.
 */
export const absensiModule = new Hono<AppEnv>()
  .route('/absensi/koreksi', koreksiRoutes)
  .route('/absensi', absensiPostingRoutes)
  .route('/absensi', tinjauRoutes)
  .route('/absensi', absensiFieldRoutes)
  .route('/absensi', absensiAdminRoutes)
  .route('/kunjungan', kunjunganCheckinRoutes);
