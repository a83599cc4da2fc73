/**
 * The server's log (issue 31): pino, one JSON object a line on stdout, so any log collector reads it.
 * LOG_LEVEL sets the level (default info; silent under the tests). In development on a terminal
 * (NODE_ENV not 'production' and stdout a TTY) the lines are printed short and readable instead.
 *
 * What is never written: a password, a token (bearer, refresh, push keys), a cookie, a request or answer
 * body or any file's bytes. The request line (server/middleware/request-log.ts) holds only the request id,
 * method, route template, status, duration and user id; the keys below are censored in case a caller
 * logs an object that holds one anyway (redactSecrets).
 */
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SECRET_KEYS = [
  'password',
  'password_baru',
  'password_lama',
  'new_password',
  'old_password',
  'token',
  'refresh_token',
  'refreshToken',
  'access_token',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'secret',
  'jwtKey',
  'auth',
  'p256dh',
];

const SECRETS = new Set(SECRET_KEYS);
const CENSOR = '[redacted]';

/** A plain object literal (not an Error, a Date, a Buffer or an array): the only kind searched. */
const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

function censorKeys(headers: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(headers)) if (SECRETS.has(key)) (out ??= { ...headers })[key] = CENSOR;
  return out ?? headers;
}

/**
 * `obj` with each secret key censored: at the top (`password`), one level down (`body.password`), and under
 * headers one or two levels down (`req.headers.authorization`, `ctx.req.headers.cookie`). Copies only the
 * objects that hold one; the caller's object is never changed.
 */
function redactLevel(obj: Record<string, unknown>, depth: number): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    let next = value;
    if (depth <= 1 && SECRETS.has(key)) next = CENSOR;
    else if (isPlain(value)) {
      if (key === 'headers' && depth >= 1) next = censorKeys(value);
      else if (depth < 2) next = redactLevel(value, depth + 1);
    }
    if (next !== value) (out ??= { ...obj })[key] = next;
  }
  return out ?? obj;
}

/**
 * The log object a line is written from, its secrets censored (see redactLevel). A key lookup in a set per
 * key: pino's path redaction of the same keys cost 75–90 µs a line, on every request of the morning rush.
 */
export const redactSecrets = (obj: Record<string, unknown>) => redactLevel(obj, 0);

export interface LoggerOptions {
  level?: LogLevel;
  /** Where the lines go (tests capture them); default stdout, pretty on a development terminal. */
  destination?: DestinationStream;
}

/** The level of the environment: LOG_LEVEL when it names one, silent under vitest, else info. */
export function levelFromEnv(source: NodeJS.ProcessEnv = process.env): LogLevel {
  const wanted = source.LOG_LEVEL as LogLevel | undefined;
  if (wanted && LOG_LEVELS.includes(wanted)) return wanted;
  return source.VITEST ? 'silent' : 'info';
}

/**
 * stdout, written by pino's own stream (sonic-boom) 4 KB at a time and at least every second: a write per
 * line was a system call and a trip through libuv's thread pool per request, with a thread woken each time
 * (the morning rush, issue 42 §2). At most a second of lines waits; pino writes what waits when the process
 * exits, and a process killed outright loses at most that second.
 */
const stdoutDestination = () => pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });

export function createLogger(opts: LoggerOptions = {}): Logger {
  const destination =
    opts.destination ??
    (process.env.NODE_ENV !== 'production' && process.stdout.isTTY ? prettyStream() : stdoutDestination());
  return pino(
    {
      level: opts.level ?? levelFromEnv(),
      base: undefined,
      formatters: { log: redactSecrets },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}

/** The process's log: server start, jobs, and every app built without a logger of its own. */
export let logger: Logger = createLogger();

/** server/index.ts sets the level read from the environment (LOG_LEVEL, checked by readEnv). */
export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

/** Replaces the process's log (tests that read what the jobs write). Answers the previous one. */
export function replaceLogger(next: Logger): Logger {
  const previous = logger;
  logger = next;
  return previous;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[35m' };
const STANDARD = new Set(['level', 'time', 'msg', 'reqId', 'method', 'route', 'status', 'ms', 'userid', 'err']);

/** One JSON line as a short readable line: `12:04:05 INFO  GET /api/x/:id 200 12 ms [user] msg {rest} #reqId`. */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = Number(o.level);
  const time = typeof o.time === 'number' ? new Date(o.time).toTimeString().slice(0, 8) : '';
  const name = (LEVEL_NAMES[level] ?? String(o.level)).padEnd(5);
  const colour = LEVEL_COLOURS[level];
  const parts = [time, colour ? `${colour}${name}\x1b[0m` : name];
  if (o.method) {
    const timing = o.status === undefined ? '' : ` ${String(o.status)} ${String(o.ms ?? '')} ms`;
    parts.push(`${String(o.method)} ${String(o.route ?? '')}${timing}`);
  }
  if (o.userid) parts.push(`[${String(o.userid)}]`);
  if (o.msg && o.msg !== 'request') parts.push(String(o.msg));
  const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !STANDARD.has(k)));
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  if (o.reqId) parts.push(`\x1b[2m#${String(o.reqId)}\x1b[0m`);
  const err = o.err as { stack?: string; message?: string } | undefined;
  return parts.join(' ') + (err ? `\n${err.stack ?? err.message ?? ''}` : '');
}

function prettyStream(): DestinationStream {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) process.stdout.write(prettyLine(line) + '\n');
      done();
    },
  });
}
