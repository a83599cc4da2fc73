import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

export const roleRoutes = new Hono<AppEnv>();
