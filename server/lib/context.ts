import type { Permission } from '../../src/domain/roles/permissions';
import type { Trustee } from '../db/schema/auth';
import type { Db } from '../db/client';
import type { AnswerCache } from './answer-cache';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { PushConfig } from './push-config';
import type { Storage } from './storage';

/** Failed logins per client address (server/modules/auth/login-address.ts). */
export interface AddressLimit {
  /** Failed logins one address may make in a window; the next attempt is refused. */
  maxFailures: number;
  windowSeconds: number;
}

/** What every request handler can reach: built once in server/index.ts (or by a test). */
export interface Deps {
  db: Db;
  /** HS256 key for login tokens. */
  jwtKey: Uint8Array;
  tokenTtlHours: number;
  /** Every stored file (photos, attachments): DATA_DIR/uploads, or the S3 bucket of several copies. */
  storage: Storage;
  /** The built PWA (dist/), when it is served by this process. */
  staticDir?: string;
  /** Injectable clock: lockout windows are tested by moving it. */
  now: () => Date;
  /** Visit check-ins farther than this from the store are flagged (default VISIT_RADIUS_DEFAULT_M, 300 m). */
  visitRadiusM?: number;
  /** The map tile URL template (MAP_TILE_URL); its origin is allowed for images by the CSP. */
  mapTileUrl?: string;
  /** Failed logins per client address (LOGIN_IP_*; default 300 per 15 minutes). */
  loginAddressLimit?: AddressLimit;
  /** Proxies in front of the server whose X-Forwarded-For entry is trusted (TRUST_PROXY); 0: the socket's address. */
  trustProxy?: number;
  /**
   * The app's public address (PUBLIC_URL) and passkeys' relying party derived from it (RP_ID, RP_ORIGIN):
   * configuration only, never a request's Host. Unset (tests): http://localhost, RP ID localhost.
   */
  publicUrl?: string;
  relyingParty?: { id: string; origin: string };
  /** Where the process is in its life (server/index.ts); GET /api/health answers it. Unset: 'ok'. */
  health?: () => 'starting' | 'ok' | 'stopping';
  /** Web Push: VAPID_* and PUSH_ENDPOINT_HOSTS (unset: the push_key row, the push services' hosts only). */
  push?: PushConfig;
  /** The request and error log (server/lib/logger.ts); unset: the process's logger. */
  logger?: Logger;
  /** The dashboard's answers shared for a few seconds per scope (decision 042); unset: computed every time. */
  dashboardCache?: AnswerCache;
  /** Prometheus metrics and GET /metrics (server/lib/metrics.ts); unset (no METRICS_TOKEN): /metrics is 404. */
  metrics?: Metrics;
}

/** The authenticated user, loaded from the database on every request (not trusted from the token). */
export interface Actor {
  userid: string;
  username: string;
  nama: string;
  roleId: string;
  role: string;
  nrp: string | null;
  permissions: readonly Permission[];
  trustee: Trustee | null;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    actor: Actor;
    /** This request's id (X-Request-Id), on its log lines and its answer. */
    requestId: string;
  };
}
