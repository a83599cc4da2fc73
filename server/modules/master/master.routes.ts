/**
 * /api/<list> for every master list (spec part 2 §7 "Master data"), generated from MASTER_TABLES.
 * Reads are open to every signed-in user, within their trustee scope (docs/decisions/004);
 * writes need master.create / master.update / master.delete.
 */
import { Hono } from 'hono';
import { ListQuerySchema } from '../../../src/domain/list-query';
import type { AppEnv } from '../../lib/context';
import { jsonBody, queryOf } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { MASTER_TABLES, type MasterTableConfig } from './master.config';
import { createMaster, deleteMaster, getMaster, listMaster, updateMaster } from './master.service';

function mount(app: Hono<AppEnv>, cfg: MasterTableConfig) {
  const base = `/${cfg.resource}`;
  app.get(base, async (c) =>
    c.json(await listMaster(c.get('deps').db, c.get('actor'), cfg, queryOf(c, ListQuerySchema))),
  );
  app.get(`${base}/:id`, async (c) =>
    c.json({ result: await getMaster(c.get('deps').db, c.get('actor'), cfg, c.req.param('id')) }),
  );

  const schemas = cfg.schemas;
  if (!schemas) return;
  app.post(base, requirePermission('master.create'), async (c) => {
    const input = await jsonBody(c, schemas.create);
    return c.json(await createMaster(c.get('deps').db, c.get('actor'), cfg, input as Record<string, unknown>), 201);
  });
  app.put(`${base}/:id`, requirePermission('master.update'), async (c) => {
    const input = await jsonBody(c, schemas.update);
    const db = c.get('deps').db;
    return c.json(await updateMaster(db, c.get('actor'), cfg, c.req.param('id'), input as Record<string, unknown>));
  });
  app.delete(`${base}/:id`, requirePermission('master.delete'), async (c) =>
    c.json(await deleteMaster(c.get('deps').db, c.get('actor'), cfg, c.req.param('id'))),
  );
}

export const masterRoutes = new Hono<AppEnv>();
for (const cfg of MASTER_TABLES) mount(masterRoutes, cfg);
