/**
 * Route contracts (docs/guide.md §9). A route file reads like the OpenAPI document it produces:
 *
 *   .post('/approved/status',
 *     route({ tag: 'Leave', summary: 'Approve or reject', access: { all: ['leave.approve'] },
 *             responses: { 200: MessageSchema }, errors: [404, 409] }),
 *     validate('json', LeaveDecisionSchema),
 *     async (c) => { const input = c.req.valid('json'); … })
 *
 * `route()` is one middleware that both documents the route (hono-openapi's describeRoute) and enforces
 * its access rule, so the permission the document states is the one the server checks. Every declared
 * answer is kept in a registry that the API tests read to check each JSON answer they receive.
 */
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import { describeRoute, resolver, uniqueSymbol, validator, type DescribeRouteOptions } from 'hono-openapi';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type * as v from 'valibot';
import { ErrorSchema } from '../../src/domain/api';
import type { Access, ErrorStatus } from '../../src/domain/contract';
import type { AppEnv } from './context';
import { badRequest, forbidden, type FieldIssue } from './errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_RE } from './idempotency-key';
// Registers the document's valibot conversion (defaults, required keys, components/schemas).
import './openapi-schema';

/** Who may call a route; declared with the endpoint contracts (src/domain/contract.ts). */
export type { Access, ErrorStatus };

/** A binary answer (a download): its media type. */
export interface FileAnswer {
  file: string;
  /** Further media types the same answer may have (a stored attachment: PDF, JPEG or PNG). */
  also?: readonly string[];
}

export type Answer = v.GenericSchema | FileAnswer;

export interface RouteSpec {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The success answers. */
  responses: Partial<Record<200 | 201, Answer>>;
  /** Error answers beyond those implied: 400 (bad input), 401 (unless public), 403 (permission rules). */
  errors?: readonly ErrorStatus[];
  /**
   * The route runs its write under `idempotent()` (server/middleware/idempotency.ts): the offline outbox
   * replays it. The document then declares the `Idempotency-Key` header and its 422.
   */
  idempotent?: true;
  /** Anything else for the document (a multipart request body, parameters a validator does not carry). */
  extra?: Omit<DescribeRouteOptions, 'responses' | 'tags' | 'summary' | 'description'>;
}

export interface RouteContract {
  spec: RouteSpec;
  /** status → the answer's schema (errors: ErrorSchema), or its media type for a file. */
  answers: Map<number, Answer>;
}

const contracts = new WeakMap<object, RouteContract>();

/** The contract of a route handler `route()` made, for tests that check answers against it. */
export const contractOf = (handler: unknown): RouteContract | undefined =>
  typeof handler === 'function' ? contracts.get(handler) : undefined;

const isFile = (a: Answer): a is FileAnswer => typeof a === 'object' && a !== null && 'file' in a && !('kind' in a);

export function accessText(access: Access): string {
  if ('public' in access) return 'Permission: none (no token needed)';
  const note = access.note ? ` ${access.note}` : '';
  if ('session' in access) return `Permission: any signed-in user.${note}`;
  if ('all' in access) return `Permission: ${access.all.join(' + ')}.${note}`;
  return `Permission: one of ${access.any.join(', ')}.${note}`;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: `error.issues` lists each field and its message',
  401: 'No valid session',
  403: "Not permitted, or the record is outside the user's data scope",
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  422: "The Idempotency-Key was already used for another request, or what the route's description says",
  429: "Too many attempts: retry after the Retry-After header's seconds",
  503: 'Not ready: the server is starting (migrations, demo seed) or stopping; retry after Retry-After',
};

/** The header every route the outbox replays takes (`idempotent: true`). */
export const IDEMPOTENCY_PARAMETER = {
  in: 'header',
  name: IDEMPOTENCY_HEADER,
  required: false,
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_RE.source },
  description:
    'The outbox row id. A repeat with the same key gets the first answer again (kept at least 30 days) ' +
    'without writing twice; the same key on another path or method is a 422.',
  example: '0b6f3c7e-4f1a-4d2b-9c3e-5a7d8e9f0a1b',
} as const;

function content(answer: Answer) {
  if (isFile(answer)) {
    const binary = { schema: { type: 'string' as const, format: 'binary' } };
    return Object.fromEntries([answer.file, ...(answer.also ?? [])].map((type) => [type, binary]));
  }
  return { 'application/json': { schema: resolver(answer as unknown as StandardSchemaV1) } };
}

/** Documents a route and enforces its access rule (see the module comment). */
export function route(spec: RouteSpec): MiddlewareHandler<AppEnv> {
  const answers = new Map<number, Answer>();
  for (const [status, answer] of Object.entries(spec.responses)) if (answer) answers.set(Number(status), answer);
  const errorStatuses = new Set<number>([400, ...(spec.errors ?? []), ...(spec.idempotent ? [422] : [])]);
  if (!('public' in spec.access)) errorStatuses.add(401);
  if ('all' in spec.access || 'any' in spec.access) errorStatuses.add(403);
  for (const status of errorStatuses) answers.set(status, ErrorSchema);

  const responses: NonNullable<DescribeRouteOptions['responses']> = {};
  for (const [status, answer] of [...answers].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: status < 300 ? (isFile(answer) ? 'The file' : 'Success') : (ERROR_TEXT[status] ?? 'Error'),
      content: content(answer),
    };
  }
  const described = describeRoute({
    ...spec.extra,
    ...(spec.idempotent ? { parameters: [IDEMPOTENCY_PARAMETER, ...(spec.extra?.parameters ?? [])] } : {}),
    tags: [spec.tag],
    summary: spec.summary,
    description: [accessText(spec.access), spec.description].filter(Boolean).join('\n\n'),
    responses,
    ...('public' in spec.access ? { security: [] } : {}),
  });

  const access = spec.access;
  const enforce = createMiddleware<AppEnv>(async (c, next) => {
    if ('all' in access || 'any' in access) {
      const held = c.get('actor').permissions;
      const ok = 'all' in access ? access.all.every((p) => held.includes(p)) : access.any.some((p) => held.includes(p));
      if (!ok) throw forbidden();
    }
    await next();
  });
  // The document generator finds a described route by this property of its middleware.
  const marked = Object.assign(enforce, {
    [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol],
  });
  contracts.set(marked, { spec, answers });
  return marked;
}

function toFieldIssues(issues: readonly StandardSchemaV1.Issue[]): FieldIssue[] {
  return issues.map((i) => ({
    path: (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
    message: i.message,
  }));
}

/**
 * Validates one part of the request with a domain schema and documents it; bad input is the project's
 * 400 whose message is the first issue's text. Read the result with `c.req.valid(target)`.
 */
export function validate<S extends v.GenericSchema, T extends keyof ValidationTargets>(target: T, schema: S) {
  return validator(target, schema as S & StandardSchemaV1<v.InferInput<S>, v.InferOutput<S>>, (result) => {
    if (!result.success) {
      const issues = toFieldIssues(result.error);
      throw badRequest(issues[0]?.message ?? 'Data tidak valid', issues);
    }
  });
}
