// Runs the API suite (test/server) against a real PostgreSQL server instead of PGlite.
// TEST_DATABASE_URL names a database to connect to for admin work (default: the machine's local
// server); the suite creates a template database and one clone per test file, and drops them after.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const extra = process.argv.slice(2);
// Files named on the command line narrow the run; otherwise the whole API suite.
const files = extra.some((a) => !a.startsWith('-')) ? [] : ['test/server'];
const args = ['-y', 'vitest', 'run', '--project', 'node', ...files, ...extra];
const r = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(r.status ?? 1);
