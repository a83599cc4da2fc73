/**
 * Chakra's global styles written once at build time instead of on every start (decision 011).
 *
 * `createSystem` turns the theme into three style objects before the first screen can render: the reset
 * (preflight), the global CSS and a CSS variable for each of the ~700 tokens. Emotion then serializes them
 * and stylis compiles them into rules. On a low-end phone that is about half of building the system and
 * a long task of its own at the first render, and the result never changes between starts: it depends on
 * the theme alone. So:
 *
 * - `src/app/theme.ts` imports `virtual:hadir/chakra-globals.css`. At build (and in the dev server) this
 *   plugin loads the theme in Node, asks the same system for the same objects and compiles them with
 *   Emotion's own serializer and stylis, with the same plugins as in the browser. The result is a
 *   stylesheet of the `theme` chunk: Vite links it before the chunk's code runs, and the boot script
 *   fetches it beside the chunks when a session is stored (src/domain/boot-script.ts).
 * - In the production build, Chakra's `createSystem` no longer builds `_global`, the one thing
 *   `<ChakraProvider>` renders with `<Global>`. The build fails if Chakra's code no longer has the line
 *   this replaces (a Chakra update), rather than shipping the styles twice or not at all.
 *   The dev server pre-bundles Chakra without this plugin, so there the rules are inserted twice, identical.
 * - Vitest (jsdom) neither compiles nor applies CSS: the module is empty there, and Chakra unchanged.
 */
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { runnerImport, type Plugin } from 'vite';
import type * as Theme from '../src/app/theme';

export const CHAKRA_GLOBALS_ID = 'virtual:hadir/chakra-globals.css';
const RESOLVED_ID = `\0${CHAKRA_GLOBALS_ID}`;
/** What the theme's import of the stylesheet becomes while the theme is loaded in Node: nothing. */
const EMPTY_ID = '\0hadir-chakra-globals-empty';
const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const GLOBAL_LINE = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

/**
 * src/app/theme.ts with the app's Chakra system, loaded in Node with Chakra as it is published (this file's
 * and scripts/chakra-tokens.ts's changes apply to the browser bundle only). One load per root.
 */
const themes = new Map<string, Promise<typeof Theme>>();
export function loadTheme(root: string): Promise<typeof Theme> {
  let theme = themes.get(root);
  if (!theme) {
    theme = runnerImport<typeof Theme>('/src/app/theme.ts', {
      root,
      configFile: false,
      logLevel: 'error',
      // The theme's import of this stylesheet, as an empty module: Node only needs the system.
      plugins: [
        {
          name: 'hadir-chakra-globals-empty',
          resolveId: (id) => (id === CHAKRA_GLOBALS_ID ? EMPTY_ID : undefined),
          load: (id) => (id === EMPTY_ID ? 'export {};' : undefined),
        },
      ],
    }).then(({ module }) => module);
    themes.set(root, theme);
  }
  return theme;
}

/** The CSS `<ChakraProvider value={system}>` would insert: the layer order, then reset, global CSS, tokens. */
export async function chakraGlobalCss(root: string): Promise<string> {
  const { system } = await loadTheme(root);
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, system._global]
    .map((styles) => cache.insert('', serializeStyles([styles], cache.registered), cache.sheet, false))
    .join('\n');
}

export function chakraGlobals(): Plugin {
  let root = process.cwd();
  let build = false;
  const vitest = Boolean(process.env.VITEST);
  return {
    name: 'hadir-chakra-globals',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    resolveId: (id) => (id === CHAKRA_GLOBALS_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return vitest ? '' : chakraGlobalCss(root);
    },
    transform(code, id) {
      if (!build || vitest || !SYSTEM_MODULE.test(id)) return undefined;
      if (!code.includes(GLOBAL_LINE))
        this.error(`Chakra's createSystem changed: "${GLOBAL_LINE}" is not in ${id} (scripts/chakra-globals.ts)`);
      return { code: code.replace(GLOBAL_LINE, 'const _global = [];'), map: null };
    },
  };
}
