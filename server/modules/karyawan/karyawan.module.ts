import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { karyawanRoutes } from './karyawan.routes';
import { profileRoutes } from './profile.routes';
import { requestRoutes } from './request.routes';

/**
 * Employees, the module's one router, mounted at /api: the register with contracts, resignations, salary,
 * uploads and payroll posting (/api/karyawan…), the employee's own profile (/api/profile) and her profile
 * change requests (/api/request…).
 */
export const karyawanModule = new Hono<AppEnv>()
  .route('/karyawan', karyawanRoutes)
  .route('/request', requestRoutes)
  .route('/profile', profileRoutes);
