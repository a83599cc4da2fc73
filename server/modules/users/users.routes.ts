import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';

export const userRoutes = new Hono<AppEnv>();
