import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_MAP_TILE_URL, tileSource } from './lib/csp';
import type { S3Config } from './lib/storage/s3';
import { DEFAULT_VAPID_SUBJECT, type PushConfig } from './modules/push/push.service';

/** A tile URL template the CSP can allow (tileSource throws on one it cannot). */
const isTileTemplate = (value: string) => {
  try {
    tileSource(value);
    return true;
  } catch {
    return false;
  }
};

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '8080'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.nonEmpty())),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  SEED_DEMO: v.optional(v.picklist(['true', 'false']), 'true'),
  DASHBOARD_CACHE_SECONDS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(300)),
    '15',
  ),
  TOKEN_TTL_HOURS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '168'),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  VISIT_RADIUS_M: v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(10), v.maxValue(100_000)), '300'),
  MAP_TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        isTileTemplate,
        'MAP_TILE_URL must be an http(s) URL template, a placeholder only in the first host label',
      ),
    ),
    DEFAULT_MAP_TILE_URL,
  ),
  LOGIN_IP_MAX_FAILURES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '300'),
  LOGIN_IP_WINDOW_MIN: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(1440)), '15'),
  // 'true' = one proxy (a load balancer); a number = that many proxies in a row; 'false'/'0' = none.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or the number of proxies'),
      v.transform((s) => (s === 'true' ? 1 : s === 'false' ? 0 : Number(s))),
    ),
    'false',
  ),
  // Object storage (docs/decisions/ — object storage): all stored files go to this bucket when S3_BUCKET is set.
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('S3_ENDPOINT must be a URL (https://s3.example.com)'))),
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET is not a bucket name')),
  ),
  S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty()), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.nonEmpty())),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.nonEmpty())),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['true', 'false']), 'false'),
  // The app's public address (issue 41): passkeys' relying party and absolute links; default http://localhost:PORT.
  PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^https?:\/\/[^/?#\s]+\/?$/i,
        'PUBLIC_URL must be the address phones open Hadir by, without a path (https://hadir.example.com)',
      ),
      v.check((s) => URL.canParse(s), 'PUBLIC_URL must be a URL (https://hadir.example.com)'),
    ),
  ),
  // Passkeys (decision 032): still accepted; each overrides the part of PUBLIC_URL it names.
  RP_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9.-]{1,253}$/i, 'RP_ID must be a host name (hadir.example.com)')),
  ),
  RP_ORIGIN: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/[^/]+$/, 'RP_ORIGIN must be an origin (https://hadir.example.com)')),
  ),
  PHOTO_RETENTION_MONTHS: v.optional(
    v.pipe(
      v.string(),
      v.toNumber(),
      v.integer('PHOTO_RETENTION_MONTHS must be a whole number of months'),
      v.minValue(1, 'PHOTO_RETENTION_MONTHS must be at least 1'),
    ),
    '13',
  ),
  // Web Push (issue 29): the VAPID pair (both or neither; unset: made at first start and kept in the
  // database), its contact, and further push-service hosts (tests, self-hosted) as host or host:port.
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be base64url (87 characters)')),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be base64url (43 characters)')),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')),
    DEFAULT_VAPID_SUBJECT,
  ),
  PUSH_ENDPOINT_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[a-z0-9.-]+(:\d{1,5})?(\s*,\s*[a-z0-9.-]+(:\d{1,5})?)*$/i,
        'PUSH_ENDPOINT_HOSTS must be host or host:port, comma-separated',
      ),
    ),
  ),
  // Operations (issue 31): pino's level, and the bearer token of GET /metrics (unset: no /metrics at all).
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\x21-\x7e]{16,256}$/, 'METRICS_TOKEN must be 16–256 printable characters, no spaces'),
    ),
  ),
});

export interface Env {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  tokenTtlHours: number;
  /** The built PWA to serve; default dist/ of the checkout. */
  staticDir: string | undefined;
  /** Store visits farther than this from the store are flagged for supervisors (not refused). */
  visitRadiusM: number;
  /** Leaflet tile URL template of the maps; the CSP allows its origin for images. */
  mapTileUrl: string;
  /** Failed logins one client address may make per window before its logins are refused. */
  loginIpMaxFailures: number;
  loginIpWindowMin: number;
  /** Proxies whose X-Forwarded-For entry gives the client address (0: the socket's address). */
  trustProxy: number;
  /** The bucket of every stored file; undefined: DATA_DIR/uploads on this machine's disk. */
  s3: S3Config | undefined;
  /** The app's public origin (PUBLIC_URL, else RP_ORIGIN, else http://localhost:PORT): absolute links. */
  publicUrl: string;
  /** Passkeys' relying party, from configuration only (never a request's Host): RP_ID/RP_ORIGIN or PUBLIC_URL. */
  relyingParty: { id: string; origin: string };
  /** Check-in photos older than this many months are deleted by the daily retention job (decision 035). */
  photoRetentionMonths: number;
  /** Web Push: VAPID keys (else the push_key row), subject, extra allowed endpoint hosts. */
  push: PushConfig;
  /** pino's level (LOG_LEVEL, default info). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token of GET /metrics; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** How long a dashboard answer is shared by the users of one scope (decision 042); 0: never. */
  dashboardCacheSeconds: number;
}

function s3Config(e: v.InferOutput<typeof EnvSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID) throw new Error('Invalid environment:\n  S3_BUCKET: required with S3_*');
    return undefined;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

function pushConfig(e: v.InferOutput<typeof EnvSchema>): PushConfig {
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid environment:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  return {
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
    subject: e.VAPID_SUBJECT,
    extraHosts: (e.PUSH_ENDPOINT_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * The relying party of passkeys and the public origin, from PUBLIC_URL (default http://localhost:PORT);
 * RP_ID and RP_ORIGIN, the older names, override their part. The RP ID must be the origin's host or a
 * parent domain of it, as browsers require: a mismatch stops the start rather than every enrolment failing.
 */
function publicAddress(e: v.InferOutput<typeof EnvSchema>): Pick<Env, 'publicUrl' | 'relyingParty'> {
  const base = new URL(e.PUBLIC_URL ?? e.RP_ORIGIN ?? `http://localhost:${e.PORT}`);
  const origin = e.RP_ORIGIN ? new URL(e.RP_ORIGIN).origin : base.origin;
  const id = (e.RP_ID ?? new URL(origin).hostname).toLowerCase();
  const host = new URL(origin).hostname.toLowerCase();
  if (host !== id && !host.endsWith(`.${id}`)) {
    throw new Error(
      `Invalid environment:\n  RP_ID: ${id} must be the host of ${origin} or a parent domain of it (set PUBLIC_URL)`,
    );
  }
  return { publicUrl: base.origin, relyingParty: { id, origin } };
}

/** Reads and checks the environment once at start; a bad value stops the server with a clear line. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const picked = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((k) =>
      source[k] === undefined || source[k] === '' ? [] : [[k, source[k]]],
    ),
  );
  const parsed = v.safeParse(EnvSchema, picked);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.output;
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO === 'true',
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    visitRadiusM: e.VISIT_RADIUS_M,
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : undefined,
    mapTileUrl: e.MAP_TILE_URL,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginIpWindowMin: e.LOGIN_IP_WINDOW_MIN,
    trustProxy: e.TRUST_PROXY,
    s3: s3Config(e),
    ...publicAddress(e),
    photoRetentionMonths: e.PHOTO_RETENTION_MONTHS,
    push: pushConfig(e),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
  };
}
