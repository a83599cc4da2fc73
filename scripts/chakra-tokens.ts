/**
 * Chakra's token dictionary built once at build time instead of on every start (decision 011,
 * src/app/chakra-token-snapshot.ts).
 *
 * - `virtual:hadir/chakra-tokens` is the snapshot of the dictionary of src/app/theme.ts's system, built in
 *   Node with Chakra as published (scripts/chakra-globals.ts, `loadTheme`). It is served as a JSON
 *   string parsed at start-up, which V8 reads faster than the same object literal.
 * - In the production build, src/app/theme-tokens.ts (the token definitions, ~3.5 KB br) is replaced by its
 *   categories, empty, and Chakra's `createTokenDictionary` (called once, by `createSystem`) answers with
 *   the dictionary hydrated from that snapshot, and Chakra's own builder is left for the tree-shaker with
 *   its transforms and middlewares. The build fails when a Chakra update changed the lines this replaces.
 * - Hadir has one system (src/app/theme.ts); test/build/chakra-tokens.test.ts fails when src/ creates
 *   another, which would otherwise get this one's tokens.
 * - The dev server pre-bundles Chakra without this plugin, and Vitest leaves Chakra as it is: both build
 *   the dictionary as Chakra does.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { snapshotTokenDictionary, type TokenDictionaryLike } from '../src/app/chakra-token-snapshot';
import { loadTheme } from './chakra-globals';

export const CHAKRA_TOKENS_ID = 'virtual:hadir/chakra-tokens';
const RESOLVED_ID = `\0${CHAKRA_TOKENS_ID}`;
const THEME_TOKENS = 'src/app/theme-tokens.ts';
const DICTIONARY_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/token-dictionary\.js$/;
const BUILDER_LINE = 'function createTokenDictionary(options) {';
/** Chakra's helpers the hydrated dictionary uses, as token-dictionary.js imports them. */
const HELPER_IMPORTS = [
  "import { memo } from '../utils/memo.js';",
  "import { cssVar } from './css-var.js';",
  "import { esc } from './esc.js';",
  "import { expandTokenReferences } from './expand-reference.js';",
  'import { TOKEN_PATH_REGEX, hasReference, expandReferences, getReferences } from',
];

/** The module the virtual id stands for: the snapshot of the theme's dictionary. */
export async function chakraTokensModule(root: string): Promise<string> {
  const { system } = await loadTheme(root);
  const snapshot = snapshotTokenDictionary(system.tokens as unknown as TokenDictionaryLike);
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(snapshot))});`;
}

/**
 * What src/app/theme-tokens.ts is in the production bundle: its categories, empty. Chakra's createSystem
 * still lists them (`system.query`), and reads nothing else of them once the dictionary is built.
 */
export async function themeTokensModule(root: string): Promise<string> {
  const { system, UNUSED_PALETTES } = await loadTheme(root);
  const { tokens = {}, semanticTokens = {} } = system._config.theme ?? {};
  const categories = (group: object) => Object.fromEntries(Object.keys(group).map((key) => [key, {}]));
  const themeTokens = { tokens: categories(tokens), semanticTokens: categories(semanticTokens) };
  return (
    `export const UNUSED_PALETTES = ${JSON.stringify(UNUSED_PALETTES)};\n` +
    `export const themeTokens = ${JSON.stringify(themeTokens)};\n`
  );
}

/** token-dictionary.js with `createTokenDictionary` answering from the snapshot; throws when Chakra changed. */
export function hydrateChakraTokens(code: string, root: string): string {
  const missing = [BUILDER_LINE, ...HELPER_IMPORTS].find((line) => !code.includes(line));
  if (missing) throw new Error(`Chakra's createTokenDictionary changed: "${missing}" is not in token-dictionary.js`);
  const hydrate = path.join(root, 'src/app/chakra-token-snapshot.ts');
  return (
    code.replace(BUILDER_LINE, 'function buildTokenDictionary(options) {') +
    `\nimport { hydrateTokenDictionary as __hadirHydrate } from ${JSON.stringify(hydrate)};` +
    `\nimport __hadirTokens from ${JSON.stringify(CHAKRA_TOKENS_ID)};` +
    '\nfunction createTokenDictionary() {' +
    '\n  return __hadirHydrate(__hadirTokens, { memo, cssVar, esc, expandTokenReferences, TOKEN_PATH_REGEX });' +
    '\n}\n'
  );
}

export function chakraTokens(): Plugin {
  let root = process.cwd();
  let build = false;
  const vitest = Boolean(process.env.VITEST);
  return {
    name: 'hadir-chakra-tokens',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    resolveId: (id) => (id === CHAKRA_TOKENS_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id === RESOLVED_ID) return chakraTokensModule(root);
      if (build && !vitest && id === path.join(root, THEME_TOKENS)) return themeTokensModule(root);
      return undefined;
    },
    transform(code, id) {
      if (!build || vitest || !DICTIONARY_MODULE.test(id)) return undefined;
      try {
        return { code: hydrateChakraTokens(code, root), map: null };
      } catch (error) {
        this.error(`${(error as Error).message} (scripts/chakra-tokens.ts)`);
      }
    },
  };
}
