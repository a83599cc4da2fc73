/**
 * npm run restore -- FILE: fills an empty (or absent) DATA_DIR from a file of npm run backup
 * (server/ops/backup.ts), checking its files and database against the backup's manifest. A DATA_DIR that
 * holds anything is refused. Exit code 2: refused, nothing written; 1: failed (nothing left behind).
 */
import { parseArgs } from 'node:util';
import { readEnv } from '../env';
import { setPrivateUmask } from './private-files';
import { OpsRefusal, restore } from './backup';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE   (DATA_DIR must be empty or absent)');
  process.exit(2);
}
// What it writes holds the database and jwt-secret: its user's alone (issue 41).
setPrivateUmask();
try {
  const env = readEnv();
  const { dataDir, manifest } = await restore(env, positionals[0]!);
  console.log(
    `Restored ${dataDir} from the backup of ${manifest.created_at}: database (${manifest.database.migrations} migrations) ` +
      `and ${manifest.files.count} files. Start the server with the same DATA_DIR.`,
  );
} catch (err) {
  console.error(
    err instanceof OpsRefusal ? err.message : `restore failed: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(err instanceof OpsRefusal ? 2 : 1);
}
