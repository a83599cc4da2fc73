/**
 * npm run bench:device-verify [-- --runs 400] [-- --pg postgres://root@127.0.0.1:5432/test]
 *
 * What checking a passkey signature adds to a check-in (issue 27 item 6, budget ≤ 2 ms of server CPU):
 * on the embedded database (PGlite, in this process, so its CPU is counted too), the same transaction
 * runs `checkSignature` for a signed check-in and for an unsigned one (nothing to check: the policy comes
 * with the check-in's first read of the employee), `--runs`
 * times each, alternating; the process's CPU time (user + system) of each is measured. Prints the mean and
 * p95 per check-in of both and their difference. The signatures come from a software ES256 passkey
 * (test/server/device/soft-authenticator.ts), one fresh challenge each, as a phone sends them.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { deviceChallenge, deviceCredential } from '../server/db/schema/device';
import { seedDemo } from '../server/db/seed/demo';
import { checkSignature } from '../server/modules/device/check-in-signature';
import { canonicalPayload, signedChallenge, type SignedPayload } from '../src/domain/device/device';
import { dateIn } from '../src/domain/time-zone';
import { SoftAuthenticator } from '../test/server/device/soft-authenticator';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 400);
const NRP = '26000002';
const rp = { id: 'localhost', origin: 'http://localhost' };

const cpuMs = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, p95: s[Math.floor(s.length * 0.95)]! };
};

/**
 * --pg URL: a scratch database on that PostgreSQL server (created and dropped here), where the database's
 * own CPU is another process's: the figure is then what the Node server spends.
 */
async function open() {
  const i = process.argv.indexOf('--pg');
  if (i < 0)
    return { database: await openDatabase({ memory: true }), label: 'PGlite in-process', drop: async () => {} };
  const admin = new pg.Client({ connectionString: process.argv[i + 1] });
  await admin.connect();
  const name = `hadir_bench_device_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.argv[i + 1]!);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: url.toString() }),
    label: 'PostgreSQL (node process CPU only)',
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  const { database, label, drop } = await open();
  await database.migrate();
  const now = new Date();
  const today = dateIn('Asia/Jakarta', now);
  await seedDemo(database.db, { today: now, employees: 40 });
  const db = database.db;
  // A synced platform passkey, as on her Android phone: its counter stays 0.
  const phone = new SoftAuthenticator('localhost', 'http://localhost', false);
  // Her enrolled passkey, as POST /api/device/register/verify keeps it (the COSE key of the soft passkey).
  const reg = phone.register(Buffer.from('bench').toString('base64url'));
  const { verifyRegistrationResponse } = await import('@simplewebauthn/server');
  const info = (
    await verifyRegistrationResponse({
      response: reg as never,
      expectedChallenge: Buffer.from('bench').toString('base64url'),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    })
  ).registrationInfo!;
  await db.insert(deviceCredential).values({
    nrp: NRP,
    userid: 'U00004',
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: 0,
    device_name: 'bench',
    status: 'active',
  });
  const photo = randomBytes(300_000);
  const photoSha = createHash('sha256').update(photo).digest('hex');
  const signed: number[] = [];
  const unsigned: number[] = [];
  let verified = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const nonce = randomBytes(18).toString('base64url');
    await db.insert(deviceChallenge).values({
      nonce,
      nrp: NRP,
      userid: 'U00004',
      kind: 'check-in',
      expires_at: new Date(now.getTime() + 86_400_000),
    });
    const payload: SignedPayload = {
      nrp: NRP,
      action: 'absensi.check-in',
      tanggal: today,
      jam: '07:55:00',
      captured_at: `${today}T07:55:00+07:00`,
      lat: -6.2001,
      long: 106.8166,
      accuracy: 9.5,
      photo_sha256: photoSha,
    };
    const digest = createHash('sha256').update(canonicalPayload(payload)).digest('base64url');
    const assertion = JSON.stringify(phone.assert(signedChallenge(nonce, digest)));
    // The server hashes the photo it received: counted on the signed side.
    const started = process.cpuUsage();
    await db.transaction(async (tx) => {
      const received = { ...payload, photo_sha256: createHash('sha256').update(photo).digest('hex') };
      const result = await checkSignature(tx, { rp, now, policy: 'wajib' }, received, assertion);
      if (result.verified === 'passkey') verified += 1;
    });
    signed.push(cpuMs(started));
    const bare = process.cpuUsage();
    await db.transaction(async (tx) => {
      await checkSignature(tx, { rp, now, policy: 'wajib' }, payload, undefined);
    });
    unsigned.push(cpuMs(bare));
  }
  await database.close();
  await drop();
  const s = stats(signed.slice(20));
  const u = stats(unsigned.slice(20));
  const fmt = (x: number) => x.toFixed(2);
  console.log(`device-verify: ${RUNS} check-ins each way (first 20 of each left out as warm-up), ${label}`);
  console.log(`  verified by passkey: ${verified} of ${RUNS}`);
  console.log(`  signed   CPU per check-in: mean ${fmt(s.mean)} ms, p95 ${fmt(s.p95)} ms`);
  console.log(`  unsigned CPU per check-in: mean ${fmt(u.mean)} ms, p95 ${fmt(u.p95)} ms`);
  console.log(`  added by verification: mean ${fmt(s.mean - u.mean)} ms (budget ≤ 2 ms)`);
}

await main();
