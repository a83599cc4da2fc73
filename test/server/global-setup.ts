/**
 * Builds one migrated, seeded database once per run; each test file starts from a copy of it.
 * PGlite: a dumped data dir loaded into a fresh in-memory instance. PostgreSQL (TEST_DATABASE_URL):
 * a template database that each file clones with CREATE DATABASE … TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { TEST_EMPLOYEES, TEST_TODAY } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `hadir_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const db = await openDatabase({ url: databaseUrlWithName(url, name) });
    await db.migrate();
    await seedDemo(db.db, { today: TEST_TODAY, employees: TEST_EMPLOYEES });
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Per-file clones are dropped by their files; drop the template and any stragglers.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`${name.replace(/_/g, '\\_')}\\_c\\_%`, name],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-test-'));
  const db = await openDatabase({ memory: true });
  await db.migrate();
  await seedDemo(db.db, { today: TEST_TODAY, employees: TEST_EMPLOYEES });
  const dump = await db.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
