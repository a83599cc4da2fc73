/**
 * Chakra's token dictionary is built at build time (scripts/chakra-tokens.ts) and the production bundle
 * hydrates it from a snapshot (src/app/chakra-token-snapshot.ts). Here: the hydrated dictionary answers
 * every read Chakra makes of it at run time exactly as Chakra's own dictionary of the theme does, through
 * Chakra's own utility (the style props of every token category); the build's changes to Chakra's code and
 * to the theme's tokens module fail loudly when Chakra changed; and src/ has one system.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hydrateTokenDictionary,
  snapshotTokenDictionary,
  type ChakraTokenHelpers,
  type TokenDictionaryLike,
  type TokenSnapshot,
} from '../../src/app/chakra-token-snapshot';
import { UNUSED_PALETTES, type themeTokens } from '../../src/app/theme-tokens';
import { hydrateChakraTokens, themeTokensModule } from '../../scripts/chakra-tokens';
import { system } from '../../src/app/theme';

const styledSystem = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '../esm/styled-system',
);
/** One of Chakra's internal modules (not in its package exports), by file. */
const internal = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(path.join(styledSystem, file)).href)) as T;

interface Utility {
  keys(): string[];
  transform(prop: string, value: unknown): unknown;
}
type CreateUtility = (options: { config: object; tokens: TokenDictionaryLike }) => Utility;

const real = system.tokens as unknown as TokenDictionaryLike;
let snapshot: TokenSnapshot;
let hydrated: TokenDictionaryLike;
let createUtility: CreateUtility;

beforeAll(async () => {
  const helpers: ChakraTokenHelpers = {
    ...(await internal<Pick<ChakraTokenHelpers, 'cssVar'>>('css-var.js')),
    ...(await internal<Pick<ChakraTokenHelpers, 'esc'>>('esc.js')),
    ...(await internal<Pick<ChakraTokenHelpers, 'expandTokenReferences'>>('expand-reference.js')),
    ...(await internal<Pick<ChakraTokenHelpers, 'TOKEN_PATH_REGEX'>>('references.js')),
    memo: (await import(pathToFileURL(path.join(styledSystem, '../utils/memo.js')).href)).memo,
  };
  // The bundle carries the snapshot as JSON.
  snapshot = JSON.parse(JSON.stringify(snapshotTokenDictionary(real))) as TokenSnapshot;
  hydrated = hydrateTokenDictionary(snapshot, helpers);
  ({ createUtility } = await internal<{ createUtility: CreateUtility }>('utility.js'));
});

const names = () => [...real.tokenMap.keys()];

describe('the build-time Chakra token dictionary', () => {
  it('holds every token of the theme, with what Chakra reads of it', () => {
    expect(names().length).toBeGreaterThan(400);
    // Names in flatMap's order, which drives getCategoryValues (below); the order of tokenMap is not read.
    expect([...hydrated.tokenMap.keys()].sort()).toEqual(names().sort());
    for (const name of names()) {
      const want = real.getByName(name)!;
      const got = hydrated.getByName(name)!;
      expect({ name: got.name, value: got.value, path: got.path }, name).toEqual({
        name: want.name,
        value: want.value,
        path: want.path,
      });
      const read = ({ extensions: e }: typeof want) => ({
        category: e.category,
        prop: e.prop,
        originalPath: e.originalPath,
        condition: e.condition,
        cssVar: e.cssVar,
        conditions: e.conditions,
        virtual: !!e.virtual,
        negative: !!e.negative,
        default: !!e.default,
      });
      expect(read(got), name).toEqual(read(want));
    }
    // Hadir's own tokens (theme-tokens.ts), not only Chakra's defaults.
    expect(hydrated.getByName('colors.green.solid')?.extensions.conditions).toEqual({ base: '{colors.green.700}' });
    expect(hydrated.getVar('fonts.body')).toBe('var(--chakra-fonts-body)');
    expect(hydrated.getByName('fonts.body')?.value).toContain('system-ui');
  });

  it('answers getVar, getCategoryValues, flatMap, categoryMap and the colour palettes as Chakra does', () => {
    expect([...hydrated.flatMap]).toEqual([...real.flatMap]);
    for (const name of [...names(), 'colors.nope', 'spacing.-4'])
      expect(hydrated.getVar(name, 'fallback'), name).toBe(real.getVar(name, 'fallback'));
    const categories = [...real.categoryMap.keys()];
    expect([...hydrated.categoryMap.keys()].sort()).toEqual([...categories].sort());
    for (const category of [...categories, 'nope']) {
      const want = real.getCategoryValues(category);
      expect(hydrated.getCategoryValues(category), category).toEqual(want);
      if (want) expect(Object.keys(hydrated.getCategoryValues(category)!)).toEqual(Object.keys(want));
      const props = (d: TokenDictionaryLike) =>
        [...(d.categoryMap.get(category) ?? [])]
          .map(([prop, token]) => [prop, token.name, !!token.extensions.conditions])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(props(hydrated), category).toEqual(props(real));
    }
    const palettes = (d: TokenDictionaryLike) => [...d.colorPaletteMap].map(([name, vars]) => [name, [...vars]]);
    expect(palettes(hydrated)).toEqual(palettes(real));
    for (const palette of UNUSED_PALETTES) expect(hydrated.colorPaletteMap.has(palette)).toBe(false);
  });

  it('expands token references in values as Chakra does, colour mixes and their errors included', () => {
    const values = [
      ...names().map((name) => `{${name}}`),
      '1px solid {colors.border}',
      'calc({spacing.4} * -1)',
      '{colors.green.500/50}',
      '{colors.red.600/30}',
      '{colors.fg/12.5}',
      'colors.green.500',
      'var(--chakra-colors-bg)',
      '{sizes.nope}',
    ];
    for (const value of values)
      expect(hydrated.expandReferenceInValue(value), value).toBe(real.expandReferenceInValue(value));
    expect(() => real.expandReferenceInValue('{colors.green.500/x}')).toThrow(/Invalid color mix/);
    expect(() => hydrated.expandReferenceInValue('{colors.green.500/x}')).toThrow(/Invalid color mix/);
  });

  it("gives Chakra's style props the same CSS for every value of every token category", () => {
    const config = (system._config.utilities ?? {}) as Record<string, { values?: unknown } | undefined>;
    const want = createUtility({ config, tokens: real });
    const got = createUtility({ config, tokens: hydrated });
    let compared = 0;
    for (const prop of want.keys()) {
      const values = config[prop]?.values;
      const keys =
        typeof values === 'string'
          ? Object.keys(real.getCategoryValues(values) ?? {})
          : prop === 'colorPalette'
            ? [...real.colorPaletteMap.keys()]
            : ['green.500', 'red.solid/40', '4', 'full', 'sm', '-2', '1px solid {colors.border}'];
      for (const value of keys) {
        let expected: unknown;
        try {
          expected = want.transform(prop, value);
        } catch (error) {
          expect(() => got.transform(prop, value), `${prop}: ${value}`).toThrow((error as Error).message);
          continue;
        }
        expect(got.transform(prop, value), `${prop}: ${value}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('refuses what the browser no longer builds: the CSS variables per colour mode and new tokens', () => {
    expect(() => hydrated.cssVarMap).toThrow(/compiled at build/);
    expect(() => hydrated.registerToken(hydrated.getByName('colors.bg')!)).toThrow(/built at build/);
  });
});

describe("the build's changes to Chakra and to the theme", () => {
  const source = readFileSync(path.join(styledSystem, 'token-dictionary.js'), 'utf8');

  it("answers Chakra's createTokenDictionary from the snapshot, and fails the build when Chakra changed", () => {
    const patched = hydrateChakraTokens(source, '/repo');
    expect(patched).toContain('function buildTokenDictionary(options) {');
    expect(patched).toMatch(/import __hadirTokens from "virtual:hadir\/chakra-tokens";/);
    expect(patched).toContain('"/repo/src/app/chakra-token-snapshot.ts"');
    expect(patched.match(/function createTokenDictionary\(/g)).toHaveLength(1);
    expect(() => hydrateChakraTokens(source.replace('createTokenDictionary(options)', 'x(options)'), '/r')).toThrow(
      /createTokenDictionary changed/,
    );
    expect(() => hydrateChakraTokens(source.replace("from './esc.js'", "from './escape.js'"), '/r')).toThrow(
      /createTokenDictionary changed/,
    );
  });

  it('ships the theme-tokens module as its categories only, the ones createSystem lists', async () => {
    const code = await themeTokensModule(process.cwd());
    const shipped = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      themeTokens: typeof themeTokens;
      UNUSED_PALETTES: string[];
    };
    expect(Object.keys(shipped.themeTokens.tokens)).toEqual(Object.keys(system._config.theme?.tokens ?? {}));
    expect(Object.keys(shipped.themeTokens.semanticTokens)).toEqual(
      Object.keys(system._config.theme?.semanticTokens ?? {}),
    );
    expect(Object.values(shipped.themeTokens.tokens).every((c) => Object.keys(c as object).length === 0)).toBe(true);
    expect(shipped.UNUSED_PALETTES).toEqual([...UNUSED_PALETTES]);
  }, 60_000);

  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
    });
  const inSrc = (pattern: RegExp) =>
    sources(path.join(process.cwd(), 'src'))
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(process.cwd(), file));

  it('has one Chakra system in src/ (the build gives every system the snapshot of src/app/theme.ts)', () => {
    expect(inSrc(/\bcreateSystem\(/)).toEqual(['src/app/theme.ts']);
  });

  it('lets only the theme read the token definitions, which the bundle ships empty', () => {
    expect(inSrc(/from '\.{1,2}\/(app\/)?theme-tokens'/)).toEqual(['src/app/theme.ts']);
  });
});
