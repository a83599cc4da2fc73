/**
 * Checks every answer an API test receives against the contract its route declares (server/lib/openapi.ts):
 * the status must be declared, a JSON answer must parse with the declared schema, a file answer must carry
 * the declared media type. A server that drifts from its published contract fails the test that saw it.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../../server/lib/context';
import * as v from 'valibot';
import { ErrorSchema } from '../../src/domain/api';
import { contractOf, type RouteContract } from '../../server/lib/openapi';

export interface DeclaredRoute {
  method: string;
  /** Hono's path, e.g. /api/leave/:id */
  path: string;
  pattern: RegExp;
  contract: RouteContract;
}

/** Hono path → a regex over the request path (`:name`, `:name{re}`, a trailing `*`). */
function pathPattern(path: string): RegExp {
  const parts = path.split('/').map((seg) => {
    if (seg === '*') return '.*';
    const m = /^:([^{?]+)(?:\{(.+)\})?(\?)?$/.exec(seg);
    if (m) return m[2] ? `(?:${m[2]})` : '[^/]+';
    return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}/?$`);
}

/** The app's routes that declare a contract, in registration order (the order Hono matches in). */
export function declaredRoutes(app: Hono<AppEnv>): DeclaredRoute[] {
  const found = new Map<string, DeclaredRoute>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const contract = contractOf(r.handler);
    const key = `${r.method} ${r.path}`;
    if (contract && !found.has(key))
      found.set(key, { method: r.method, path: r.path, pattern: pathPattern(r.path), contract });
  }
  return [...found.values()];
}

/** Every method + path the app registers a handler for (middleware aside). */
export function registeredRoutes(app: Hono<AppEnv>): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ method: r.method, path: r.path });
    }
  }
  return out;
}

export class ContractError extends Error {
  override name = 'ContractError';
}

export function contractChecker(app: Hono<AppEnv>) {
  let routes: DeclaredRoute[] | undefined;
  return async function check(method: string, url: string, res: Response): Promise<void> {
    routes ??= declaredRoutes(app);
    const { pathname } = new URL(url, 'http://test');
    const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const route = routes.find((r) => r.method === m && r.pattern.test(pathname));
    const type = res.headers.get('content-type') ?? '';
    const isJson = type.includes('json');
    const what = `${method} ${pathname} → ${res.status}`;

    if (!route) {
      // Only the app's own fallbacks may answer outside a declared route: no session (401), no such
      // endpoint (404), a body over the global limit (413), and the PWA's static files.
      if (!isJson) return;
      if ([401, 404, 413].includes(res.status)) return parseOrThrow(ErrorSchema, await res.json(), what);
      throw new ContractError(`${what}: no route declares a contract for this path`);
    }
    const answer = route.contract.answers.get(res.status);
    if (!answer) {
      const declared = [...route.contract.answers.keys()].join(', ');
      throw new ContractError(`${what}: status not declared by ${route.method} ${route.path} (declares ${declared})`);
    }
    if ('file' in answer && !('kind' in answer)) {
      const declared = [answer.file, ...(answer.also ?? [])];
      if (!declared.some((file) => type.startsWith(file.replace(/\*$/, ''))))
        throw new ContractError(`${what}: answered ${type || 'no content type'}, declares ${declared.join(', ')}`);
      return;
    }
    if (!isJson) throw new ContractError(`${what}: answered ${type || 'no content type'}, declares JSON`);
    parseOrThrow(answer as v.GenericSchema, await res.json(), `${what} (${route.method} ${route.path})`);
  };
}

function parseOrThrow(schema: v.GenericSchema, body: unknown, what: string) {
  const r = v.safeParse(schema, body);
  if (r.success) return;
  const issues = r.issues
    .slice(0, 5)
    .map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
    .join('; ');
  throw new ContractError(`${what}: answer does not match its declared schema: ${issues}`);
}
