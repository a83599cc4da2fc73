/**
 * The API's own description: `/api/openapi.json` (OpenAPI 3.1, generated from the route contracts) and
 * `/api/docs` (the Scalar reference page, its script served from this origin: no CDN, and the CSP allows
 * only our own scripts). Both answer without a token: they describe the API, they hold no data.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '../../lib/context';
import { route } from '../../lib/openapi';
import { applyExamples } from './examples';
import { documentTags } from './tags';

const SCALAR_JS = '/api/docs/scalar.js';
// Everything Scalar would fetch from its own cloud (AI agent, registry, telemetry) is off: the page works
// on a network with no internet and the CSP allows only this origin.
const referencePage = Scalar({
  url: '/api/openapi.json',
  cdn: SCALAR_JS,
  pageTitle: 'Hadir API',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideDarkModeToggle: true,
});

export const OpenApiDocumentSchema = v.looseObject({
  openapi: v.string(),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.unknown()),
});

const DOCUMENTATION = {
  openapi: '3.1.0',
  info: {
    title: 'Hadir API',
    version: '1',
    description:
      'The API of Hadir. Every call but login and this description needs `Authorization: Bearer <token>` ' +
      '(from `POST /auth/web/login`). Each operation states the permission it needs; every employee-based ' +
      "answer is limited to the user's data scope (trustee). Errors answer `{ message, error: { code, message, " +
      'issues? } }` with an Indonesian message. Writes a phone makes offline take an `Idempotency-Key` header ' +
      '(the outbox row id): a repeat answers the stored answer.',
  },
  // Same origin: the document is served by the API it describes, wherever that is deployed.
  servers: [{ url: '/', description: 'This server (the origin that serves this document)' }],
  ...documentTags(),
  components: {
    securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  security: [{ bearer: [] }],
};

/** Mounted on the whole app: the document describes every route `app` holds. */
export function docsRoutes(app: Hono<AppEnv>) {
  let document: Promise<unknown> | undefined;
  let scalarJs: Promise<Buffer> | undefined;
  const require = createRequire(import.meta.url);

  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      route({
        tag: 'Docs',
        summary: 'This API as an OpenAPI 3.1 document',
        access: { public: true },
        responses: { 200: OpenApiDocumentSchema },
      }),
      async (c) => {
        document ??= generateSpecs(app, {
          documentation: DOCUMENTATION,
          defaultValidationErrorResponse: false,
          // Our own .json and .js routes are described like any other.
          excludeStaticFile: false,
        }).then(applyExamples);
        c.header('Cache-Control', 'no-cache');
        return c.json((await document) as Record<string, unknown>);
      },
    )
    .get(
      '/docs',
      route({
        tag: 'Docs',
        summary: 'The interactive API reference',
        access: { public: true },
        responses: { 200: { file: 'text/html' } },
      }),
      async (c, next) => {
        // A nonce for the page's two inline parts (its configuration script and theme style).
        const nonce = randomBytes(16).toString('base64');
        const res = (await referencePage(c as never, next)) as Response;
        const html = (await res.text()).replace(/<(script|style)\b/g, `<$1 nonce="${nonce}"`);
        c.header(
          'Content-Security-Policy',
          `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; ` +
            "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
            "base-uri 'self'; frame-ancestors 'none'",
        );
        return c.html(html);
      },
    )
    .get(
      '/docs/scalar.js',
      route({
        tag: 'Docs',
        summary: "The reference page's script",
        access: { public: true },
        responses: { 200: { file: 'text/javascript' } },
      }),
      async (c) => {
        scalarJs ??= readFile(require.resolve('@scalar/api-reference/browser/standalone.js'));
        return c.body(new Uint8Array(await scalarJs), 200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=86400',
        });
      },
    );
}
