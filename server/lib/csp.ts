/**
 * The Content-Security-Policy of everything the server answers (docs/decisions/013-content-security-policy.md).
 * The session token lives in local storage (spec), so an injected script is the way to steal it: scripts
 * run only from this origin, and the one inline script is index.html's boot script, allowed by the hash
 * of its fixed text (src/domain/boot-script.ts); any other inline script is refused. /api/docs sets a
 * policy of its own (a nonce for Scalar's inline configuration) and keeps it: secureHeaders does not
 * overwrite a header a handler set.
 */
import { createHash } from 'node:crypto';
import { BOOT_SCRIPT } from '../../src/domain/boot-script';

/** The OpenStreetMap standard tile server (docs/guide.md §10), unless MAP_TILE_URL says otherwise. */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The CSP hash source of an inline element's text. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PLACEHOLDERS = /\{[^}]*\}/g;
const PLACEHOLDER = /\{[^}]*\}/;

/**
 * The CSP source of a Leaflet tile URL template: its scheme and host, a `{s}` (or any placeholder) in the
 * host's first label becoming the wildcard `*.` ('https://*.tile.openstreetmap.org'). A template whose host
 * cannot be written as a CSP source (a placeholder in another label, a scheme other than http/https) is
 * an error: the server refuses to start with it.
 */
export function tileSource(template: string): string {
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDERS, 'x'));
  } catch {
    throw new Error(`MAP_TILE_URL is not a URL: ${template}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('MAP_TILE_URL must be http(s)');
  const authority = /^[a-z]+:\/\/([^/?#]+)/i.exec(template)?.[1] ?? '';
  if (authority.includes('@')) throw new Error('MAP_TILE_URL must not carry credentials');
  const [first = '', ...rest] = authority.replace(/:\d+$/, '').split('.');
  if (rest.some((label) => PLACEHOLDER.test(label))) {
    throw new Error('MAP_TILE_URL: a placeholder is allowed only in the first label of the host');
  }
  const wildcard = PLACEHOLDER.test(first);
  if (wildcard && rest.length < 2) throw new Error('MAP_TILE_URL: a placeholder host needs a domain under it');
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${wildcard ? `*.${rest.join('.')}` : url.hostname}${port}`.toLowerCase();
}

/** The policy, as secureHeaders' `contentSecurityPolicy` option. */
export function contentSecurityPolicy(mapTileUrl = DEFAULT_MAP_TILE_URL) {
  return {
    defaultSrc: ["'self'"],
    // 'self', and the one inline script of index.html by its hash (src/domain/boot-script.ts).
    scriptSrc: ["'self'", hashSource(BOOT_SCRIPT)],
    // Chakra's style engine (Emotion, speedy in a production build) creates empty <style> elements and
    // fills them through the CSSOM (insertRule), which CSP does not govern. So the one inline style
    // allowed is the empty one, by its hash: an injected <style> with content, or a style="" attribute,
    // is refused. A nonce could not reach them: the shell is a static file the service worker serves
    // from its cache for every navigation, offline too. (A library that writes style text instead would
    // lose its styles: test/e2e/csp.test.ts sees that as a violation on the screens it visits.)
    styleSrc: ["'self'", hashSource('')],
    // blob: the photo being taken (its preview); data: images the photo library draws to test the
    // browser's orientation handling; the map tiles.
    imgSrc: ["'self'", 'blob:', 'data:', tileSource(mapTileUrl)],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // blob: the photo compressor starts its worker from a blob URL whose code imports the bundled
    // library from this origin (src/lib/image.ts), so photos are compressed off the main thread.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}
