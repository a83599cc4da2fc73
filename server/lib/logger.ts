/**
 * The server's log (issue 31): pino, one JSON object a line on stdout, so any log collector reads it.
 * LOG_LEVEL sets the level (default info; silent under the tests). In development on a terminal
 * (NODE_ENV not 'production' and stdout a TTY) the lines are printed short and readable instead.
 *
 * What is never written: a password, a token (bearer, refresh, push keys), a cookie, a request or answer
 * body or any file's bytes. The request line (server/middleware/request-log.ts) holds only the request id,
 * method, route template, status, duration and user id; the paths below are redacted in case a caller
 * logs an object that holds one anyway.
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

/** Each secret key at the top of a log object, one level down (`body.password`) and under headers. */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.headers.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.headers.${k}`),
];

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

export function createLogger(opts: LoggerOptions = {}): Logger {
  const destination =
    opts.destination ??
    (process.env.NODE_ENV !== 'production' && process.stdout.isTTY ? prettyStream() : pino.destination(1));
  return pino(
    {
      level: opts.level ?? levelFromEnv(),
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
