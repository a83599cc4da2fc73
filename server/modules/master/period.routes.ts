import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

export const periodRoutes = new Hono<AppEnv>();
