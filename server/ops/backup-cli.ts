/**
 * npm run backup -- --out FILE: one file with the embedded database (PGlite), the stored files and the
 * session key of DATA_DIR (server/ops/backup.ts). The server must be stopped; PostgreSQL and bucket
 * installs are refused with the way to back them up. Exit code 2: refused, nothing written; 1: failed.
 */
import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { setPrivateUmask } from './private-files';
import { backup, OpsRefusal } from './backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('usage: npm run backup -- --out FILE   (for example --out hadir-backup.tar.gz)');
  process.exit(2);
}
// What it writes holds the database and jwt-secret: its user's alone (issue 41).
setPrivateUmask();
try {
  const env = readEnv();
  const started = Date.now();
  const { file, manifest } = await backup(env, values.out);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${file}: database (${manifest.database.migrations} migrations, ${mb(manifest.database.dump_bytes)} MB) ` +
      `and ${manifest.files.count} files (${mb(manifest.files.bytes)} MB) of ${env.dataDir}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (err) {
  console.error(
    err instanceof OpsRefusal ? err.message : `backup failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(err instanceof OpsRefusal ? 2 : 1);
}
