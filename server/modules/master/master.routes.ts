import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

export const masterRoutes = new Hono<AppEnv>();
