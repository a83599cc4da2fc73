/**
 * src/app/theme.ts registers only the Chakra recipes Hadir renders (a smaller first download on phones).
 * A component whose recipe is missing renders unstyled without any error, so this test follows every
 * Chakra component src/ imports through Chakra's own sources to the recipe keys it uses, and fails when
 * one of them is not in the system.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import type { SystemContext } from '@chakra-ui/react';
import { system, UNUSED_PALETTES } from '../../src/app/theme';

const chakraIndex = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '../esm/index.js',
);
const esmRoot = path.dirname(chakraIndex);
const indexSource = readFileSync(chakraIndex, 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Names imported from '@chakra-ui/react' in the given files (all of src/ by default). */
function importedChakraNames(files = sourceFiles('src')): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g))
      for (const part of m[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  }
  return names;
}

/** The module of Chakra's ESM build that defines an exported name. */
function moduleOf(name: string): string | undefined {
  const direct = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`).exec(indexSource);
  if (direct) return path.join(esmRoot, direct[1]!);
  const ns = new RegExp(`export \\{ (namespace\\$?\\w*) as ${name} \\}`).exec(indexSource);
  if (!ns) return undefined;
  const imp = new RegExp(`import \\* as ${ns[1]!.replace('$', '\\$')} from '(\\./[^']+)'`).exec(indexSource);
  return imp ? path.join(esmRoot, imp[1]!) : undefined;
}

/** Recipe keys used by a module and, through relative imports, by the components it renders. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bkey: "(\w+)"/g)) keys.add(m[1]!);
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), m[1]!);
    if (target.includes(`${path.sep}components${path.sep}`)) for (const k of recipeKeys(target, seen)) keys.add(k);
  }
  return keys;
}

/** The Chakra components of `names` whose recipe (one Chakra itself defines) is not registered in `sys`. */
function missingRecipes(sys: SystemContext, names: Set<string>): string[] {
  const config = sys._config.theme ?? {};
  const registered = new Set([...Object.keys(config.recipes ?? {}), ...Object.keys(config.slotRecipes ?? {})]);
  // Some components look up a key Chakra's own theme does not define either (Text, Clipboard).
  const chakraDefines = new Set([...Object.keys(recipes), ...Object.keys(slotRecipes)]);
  const missing: string[] = [];
  for (const name of names) {
    const file = moduleOf(name);
    if (!file || !file.includes(`${path.sep}components${path.sep}`)) continue;
    for (const key of recipeKeys(file))
      if (chakraDefines.has(key) && !registered.has(key)) missing.push(`${name} → ${key}`);
  }
  return missing;
}

describe('the Chakra theme', () => {
  it('registers the recipe of every Chakra component src/ renders', () => {
    const names = importedChakraNames();
    expect(names.size).toBeGreaterThan(20);
    expect(missingRecipes(system, names)).toEqual([]);
  });

  it('catches a component whose recipe is missing', () => {
    // Guards the scan itself: these are known to use recipes (slot and plain), and Accordion is not registered.
    expect([...recipeKeys(moduleOf('Checkbox')!)]).toEqual(expect.arrayContaining(['checkbox', 'checkmark']));
    expect([...recipeKeys(moduleOf('IconButton')!)]).toContain('button');
    expect(recipeKeys(moduleOf('Accordion')!).has('accordion')).toBe(true);
    expect(Object.keys(system._config.theme?.slotRecipes ?? {})).not.toContain('accordion');
  });

  it('leaves out only colour palettes no source file names', () => {
    const palette = new RegExp(`\\b(${UNUSED_PALETTES.join('|')})\\b(\\.\\w+|['"])`);
    const users = sourceFiles('src').filter(
      (file) => !file.endsWith(path.join('app', 'theme-tokens.ts')) && palette.test(readFileSync(file, 'utf8')),
    );
    expect(users).toEqual([]);
    // The palettes that are kept are in the system, the ones left out are not.
    expect(system.token('colors.green.700', '')).not.toBe('');
    expect(system.token('colors.teal.500', '')).toBe('');
  });
});
