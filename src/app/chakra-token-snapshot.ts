/**
 * Chakra's token dictionary, built once at build time instead of on every start (decision 011).
 *
 * `createSystem` walks the theme's ~490 tokens through Chakra's transforms and middlewares (CSS variables,
 * references, colour palettes, conditions) before the first screen can render: on a phone the largest
 * part of building the system, and the result depends on the theme alone. So the build
 * (scripts/chakra-tokens.ts) builds the dictionary in Node, keeps what Chakra reads from it once the
 * system exists (`snapshotTokenDictionary`), and replaces Chakra's `createTokenDictionary` in the
 * production bundle by `hydrateTokenDictionary` over that snapshot.
 *
 * What Chakra reads from the dictionary at run time, and what this gives it:
 * - `getVar`, `getCategoryValues`, `expandReferenceInValue`, `colorPaletteMap`, `flatMap`: the same
 *   values, computed by the same code (Chakra's own helpers are passed in, its memoization included);
 * - `getByName`, `tokenMap`, `allTokens`, `categoryMap`: one token per name, with its value, path and
 *   the extensions that are read (category, prop, cssVar, conditions, virtual, negative, default). The
 *   conditional copies of a semantic token (one per colour mode) only fed the CSS variables, and a token's
 *   `originalValue` is its value here: only the build's own steps read it;
 * - `cssVarMap` (the CSS variables per colour mode) throws: the variables are compiled into a stylesheet
 *   at build (scripts/chakra-globals.ts), and Chakra's only reader of it, `getTokenCss`, is not run.
 *
 * test/build/chakra-tokens.test.ts checks every read above against Chakra's own dictionary of the theme.
 */

/** A token as Chakra's dictionary holds it (the parts read at run time). */
export interface SnapshotToken {
  name: string;
  value: unknown;
  originalValue: unknown;
  path: string[];
  extensions: {
    category: string;
    prop: string;
    originalPath: string[];
    condition?: string;
    cssVar?: { var: string; ref: string };
    conditions?: Record<string, unknown>;
    virtual?: boolean;
    negative?: boolean;
    default?: boolean;
  };
}

/** The dictionary Chakra's createSystem and its utilities use (the type is not exported by Chakra). */
export interface TokenDictionaryLike {
  prefix: string;
  allTokens: SnapshotToken[];
  tokenMap: Map<string, SnapshotToken>;
  flatMap: Map<string, string>;
  cssVarMap: Map<string, Map<string, string>>;
  categoryMap: Map<string, Map<string, SnapshotToken>>;
  colorPaletteMap: Map<string, Map<string, string>>;
  getByName(name: string): SnapshotToken | undefined;
  getVar(value: string, fallback?: string): string | undefined;
  getCategoryValues(category: string): Record<string, string> | null;
  expandReferenceInValue(value: string): string;
  formatTokenName(path: string[]): string;
  formatCssVar(path: string[], prefix: string): { var: string; ref: string };
  registerToken(token: SnapshotToken): void;
}

/**
 * JSON: one row per token name, in the order of the dictionary's flatMap: [name, value, flags, conditions, differs?].
 * flags: 1 virtual, 2 negative, 4 default; conditions: 0 for a plain token. Most of a token follows from its
 * name (path: the name split on dots; category and prop: the path's head and rest; CSS variable: Chakra's
 * `formatCssVar` of the path; condition: 'base'), so `differs` holds only what does not.
 */
interface Differs {
  path?: string[];
  originalPath?: string[];
  category?: string;
  prop?: string;
  var?: string | null;
  condition?: string;
}
type Row = [string, unknown, number, Record<string, unknown> | 0, Differs?];
export interface TokenSnapshot {
  prefix: string;
  rows: Row[];
  /** flatMap's values that are not the token's `var(...)` (negative tokens: `calc(var(…) * -1)`). */
  flat: Record<string, string>;
  palettes: Record<string, Record<string, string>>;
}

/** Chakra's own helpers, which the bundle has already (they live beside createTokenDictionary). */
export interface ChakraTokenHelpers {
  cssVar: (name: string, options: { prefix: string }) => { var: string; ref: string };
  memo: <F extends (...args: never[]) => unknown>(fn: F) => F;
  esc: (value: string) => string;
  expandTokenReferences: (value: string, resolve: (path: string) => string | undefined) => string;
  TOKEN_PATH_REGEX: RegExp;
}

const VIRTUAL = 1;
const NEGATIVE = 2;
const DEFAULT = 4;
const ref = (cssVar: string) => `var(${cssVar})`;

/** What follows from a token's name alone (see `Row`). */
function derived(
  name: string,
  path: string[] | undefined,
  prefix: string,
  format: TokenDictionaryLike['formatCssVar'],
) {
  const p = path ?? name.split('.');
  return { path: p, category: p[0] ?? '', prop: p.slice(1).join('.'), var: format(p.filter(Boolean), prefix).var };
}

/** At build, in Node: what `hydrateTokenDictionary` needs from Chakra's dictionary. */
export function snapshotTokenDictionary(dict: TokenDictionaryLike): TokenSnapshot {
  const rows: Row[] = [];
  const flat: Record<string, string> = {};
  // In flatMap's order, which getCategoryValues' objects follow (Chakra builds its views after adding the
  // negative and referencing tokens, so it differs from the order the tokens were registered in).
  const order = [...dict.flatMap.keys(), ...[...dict.tokenMap.keys()].filter((name) => !dict.flatMap.has(name))];
  for (const name of order) {
    const token = dict.tokenMap.get(name);
    if (!token) throw new Error(`Chakra token ${name} is in flatMap without a token`);
    const e = token.extensions;
    const samePath = token.path.join('\u0000') === name.split('.').join('\u0000');
    const guess = derived(name, samePath ? undefined : token.path, dict.prefix, dict.formatCssVar);
    const differs: Differs = {};
    if (!samePath) differs.path = token.path;
    if (e.category !== guess.category) differs.category = e.category;
    if (e.prop !== guess.prop) differs.prop = e.prop;
    if ((e.cssVar?.var ?? null) !== guess.var) differs.var = e.cssVar?.var ?? null;
    if (e.condition !== 'base') differs.condition = e.condition;
    if (e.originalPath.join('\u0000') !== token.path.join('\u0000')) differs.originalPath = e.originalPath;
    const flags = (e.virtual ? VIRTUAL : 0) | (e.negative ? NEGATIVE : 0) | (e.default ? DEFAULT : 0);
    const row: Row = [name, token.value, flags, e.conditions ?? 0];
    if (Object.keys(differs).length) row.push(differs);
    rows.push(row);
    const flatValue = dict.flatMap.get(name);
    if (flatValue !== undefined && (!e.cssVar || flatValue !== e.cssVar.ref)) flat[name] = flatValue;
  }
  for (const token of dict.allTokens)
    if (token.extensions.cssVar && token.extensions.cssVar.ref !== ref(token.extensions.cssVar.var))
      throw new Error(`Chakra token ${token.name}: a CSS variable with a fallback is not kept by the snapshot`);
  const palettes: TokenSnapshot['palettes'] = {};
  for (const [name, vars] of dict.colorPaletteMap) palettes[name] = Object.fromEntries(vars);
  return { prefix: dict.prefix, rows, flat, palettes };
}

/** In the browser: the dictionary Chakra's createSystem would have built, from the build's snapshot. */
export function hydrateTokenDictionary(snapshot: TokenSnapshot, h: ChakraTokenHelpers): TokenDictionaryLike {
  const tokenMap = new Map<string, SnapshotToken>();
  const flatMap = new Map<string, string>();
  const categoryMap = new Map<string, Map<string, SnapshotToken>>();
  const byCategory: Record<string, Record<string, string>> = {};
  const formatCssVar = (path: string[], prefix: string) => h.cssVar(path.join('-'), { prefix });
  for (const [name, value, flags, conditions, differs = {}] of snapshot.rows) {
    const guess = derived(name, differs.path, snapshot.prefix, formatCssVar);
    const cssVar = differs.var === undefined ? guess.var : differs.var;
    const category = differs.category ?? guess.category;
    const prop = differs.prop ?? guess.prop;
    const token: SnapshotToken = {
      name,
      value,
      originalValue: value,
      path: guess.path,
      extensions: {
        category,
        prop,
        originalPath: differs.originalPath ?? guess.path,
        condition: differs.condition ?? 'base',
      },
    };
    const e = token.extensions;
    if (cssVar) e.cssVar = { var: cssVar, ref: ref(cssVar) };
    if (conditions) e.conditions = conditions;
    if (flags & VIRTUAL) e.virtual = true;
    if (flags & NEGATIVE) e.negative = true;
    if (flags & DEFAULT) e.default = true;
    tokenMap.set(name, token);
    let inCategory = categoryMap.get(category);
    if (!inCategory) categoryMap.set(category, (inCategory = new Map()));
    inCategory.set(prop, token);
    const flatValue = snapshot.flat[name] ?? e.cssVar?.ref;
    if (flatValue !== undefined) {
      flatMap.set(name, flatValue);
      (byCategory[category] ??= {})[prop] = flatValue;
    }
  }
  const colorPaletteMap = new Map(
    Object.entries(snapshot.palettes).map(([name, vars]) => [name, new Map(Object.entries(vars))]),
  );
  const getByName = (name: string) => tokenMap.get(name);
  // The rest is Chakra's createTokenDictionary, line for line.
  const getVar = h.memo((value: string, fallback?: string) => flatMap.get(value) ?? fallback);
  const colorMix = (value: string) => {
    const [colorPath, rawOpacity] = value.split('/');
    if (!colorPath || !rawOpacity) return { invalid: true, value: colorPath };
    const colorToken = getVar(colorPath);
    const opacityToken = getByName(`opacity.${rawOpacity}`)?.value;
    if (!opacityToken && isNaN(Number(rawOpacity))) return { invalid: true, value: colorPath };
    const percent = opacityToken ? `${Number(opacityToken) * 100}%` : `${rawOpacity}%`;
    return { invalid: false, value: `color-mix(in srgb, ${colorToken ?? colorPath} ${percent}, transparent)` };
  };
  const expandReferenceInValue = h.memo((value: string) =>
    h.expandTokenReferences(value, (path) => {
      if (!path) return undefined;
      if (path.includes('/')) {
        const mix = colorMix(path);
        if (mix.invalid) throw new Error(`Invalid color mix at ${path}: ${mix.value}`);
        return mix.value;
      }
      const resolved = getVar(path);
      if (resolved) return resolved;
      return h.TOKEN_PATH_REGEX.test(path) ? h.esc(path) : path;
    }),
  );
  return {
    prefix: snapshot.prefix,
    allTokens: [...tokenMap.values()],
    tokenMap,
    flatMap,
    get cssVarMap(): Map<string, Map<string, string>> {
      throw new Error("Chakra's token variables are compiled at build (scripts/chakra-globals.ts)");
    },
    categoryMap,
    colorPaletteMap,
    getByName,
    getVar,
    getCategoryValues: h.memo((category: string) => byCategory[category] ?? null),
    expandReferenceInValue,
    formatTokenName: (path) => path.join('.'),
    formatCssVar,
    registerToken() {
      throw new Error("Chakra's tokens are built at build (scripts/chakra-tokens.ts): register them in the theme");
    },
  };
}
