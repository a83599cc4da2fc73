/**
 * /api/<list> for every master list (spec part 2 §7 "Master data"), generated from MASTER_TABLES: each
 * generated route declares its contract like a hand-written one. Reads are open to every signed-in user,
 * within their trustee scope (docs/decisions/004); writes need master.create / master.update / master.delete.
 */
import { Hono } from 'hono';
import { MessageSchema } from '../../../src/domain/api';
import { ListQuerySchema } from '../../../src/domain/list-query';
import { masterDetailAnswer, masterListAnswer, MasterIdParamSchema } from '../../../src/domain/master/master';
import type { AppEnv } from '../../lib/context';
import { route, validate } from '../../lib/openapi';
import { MASTER_TABLES, type MasterTableConfig } from './master.config';
import { createMaster, deleteMaster, getMaster, listMaster, updateMaster } from './master.service';

const tag = 'Master data';
const SCOPE_NOTE = "Rows outside the user's trustee scope are left out (a list) or refused with 403 (one row).";

type Body = Record<string, unknown>;

function mount(app: Hono<AppEnv>, cfg: MasterTableConfig) {
  const base = `/${cfg.resource}`;
  const label = cfg.label;
  app.get(
    base,
    route({
      tag,
      summary: `List ${label}`,
      access: { session: true, note: SCOPE_NOTE },
      responses: { 200: masterListAnswer(cfg.resource) },
    }),
    validate('query', ListQuerySchema),
    async (c) => c.json(await listMaster(c.get('deps').db, c.get('actor'), cfg, c.req.valid('query'))),
  );
  app.get(
    `${base}/:id`,
    route({
      tag,
      summary: `One ${label}`,
      access: { session: true, note: SCOPE_NOTE },
      responses: { 200: masterDetailAnswer(cfg.resource) },
      errors: [403, 404],
    }),
    validate('param', MasterIdParamSchema),
    async (c) => c.json({ result: await getMaster(c.get('deps').db, c.get('actor'), cfg, c.req.valid('param').id) }),
  );

  const schemas = cfg.schemas;
  if (!schemas) return;
  app.post(
    base,
    route({
      tag,
      summary: `Create a ${label}`,
      description: 'Only within the trustee scope; an unknown kode_prsh is a 400.',
      access: { all: ['master.create'] },
      responses: { 201: MessageSchema },
      errors: [409, 413],
    }),
    validate('json', schemas.create),
    async (c) => {
      const input = c.req.valid('json') as Body;
      return c.json(await createMaster(c.get('deps').db, c.get('actor'), cfg, input), 201);
    },
  );
  app.put(
    `${base}/:id`,
    route({
      tag,
      summary: `Change a ${label} (its code stays)`,
      access: { all: ['master.update'] },
      responses: { 200: MessageSchema },
      errors: [404, 413],
    }),
    validate('param', MasterIdParamSchema),
    validate('json', schemas.update),
    async (c) => {
      const input = c.req.valid('json') as Body;
      const db = c.get('deps').db;
      return c.json(await updateMaster(db, c.get('actor'), cfg, c.req.valid('param').id, input));
    },
  );
  app.delete(
    `${base}/:id`,
    route({
      tag,
      summary: `Delete a ${label} nothing refers to`,
      access: { all: ['master.delete'] },
      responses: { 200: MessageSchema },
      errors: [404, 409],
    }),
    validate('param', MasterIdParamSchema),
    async (c) => c.json(await deleteMaster(c.get('deps').db, c.get('actor'), cfg, c.req.valid('param').id)),
  );
}

export const masterRoutes = new Hono<AppEnv>();
for (const cfg of MASTER_TABLES) mount(masterRoutes, cfg);
