/**
 * Chakra's reset, global CSS and token variables are compiled at build (scripts/chakra-globals.ts) and
 * Chakra's createSystem no longer builds them at start-up. Here: the compiled stylesheet defines every
 * CSS variable of the system's tokens (each colour mode), in Chakra's layers and in their order, with
 * Hadir's own global rules; and the change to Chakra's code still finds the line it replaces.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chakraGlobalCss, chakraGlobals } from '../../scripts/chakra-globals';
import { system } from '../../src/app/theme';

const systemModule = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '../esm/styled-system/system.js',
);

let css = '';
beforeAll(async () => {
  css = await chakraGlobalCss(process.cwd());
}, 60_000);

describe('the build-time Chakra globals', () => {
  it('declares the layers first, then the reset, the global CSS and the tokens in their layers', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    const at = (s: string) => css.indexOf(s);
    expect(at('@layer reset{')).toBeGreaterThan(0);
    expect(at('@layer base{')).toBeGreaterThan(at('@layer reset{'));
    expect(at('@layer tokens{')).toBeGreaterThan(at('@layer base{'));
  });

  it('defines every token variable of the system, in every colour mode', () => {
    const modes = [...system.tokens.cssVarMap.entries()];
    expect(modes.map(([mode]) => mode)).toEqual(expect.arrayContaining(['base', '_dark']));
    for (const [mode, vars] of modes) {
      expect(vars.size, mode).toBeGreaterThan(0);
      // A blank value (blurs.none is " ") is dropped by stylis, in the browser as here.
      const missing = [...vars]
        .filter(([name, value]) => String(value).trim() !== '' && !css.includes(`${name}:`))
        .map(([name]) => name);
      expect(missing, `${mode}: variables not in the stylesheet`).toEqual([]);
    }
    // Hadir's own tokens and global rules (src/app/theme.ts), not just Chakra's defaults.
    expect(css).toContain('--chakra-colors-green-solid:var(--chakra-colors-green-700)');
    expect(css).toContain('--chakra-fonts-body:system-ui');
    expect(css).toMatch(/html,body\{[^}]*--chakra-colors-color-palette-solid:var\(--chakra-colors-green-solid\)/);
  });

  it("takes the globals out of Chakra's createSystem in the build, and fails the build when Chakra changed", () => {
    const source = readFileSync(systemModule, 'utf8');
    const context = {
      error: (message: unknown) => {
        throw new Error(String(message));
      },
    };
    const transformIn = (env: 'build' | 'vitest') => {
      const previous = process.env.VITEST;
      if (env === 'build') delete process.env.VITEST; // the plugin reads it when it is made
      const plugin = chakraGlobals();
      if (previous !== undefined) process.env.VITEST = previous;
      (plugin.configResolved as (c: { root: string; command: string }) => void)({ root: '.', command: 'build' });
      const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | undefined;
      return (code: string) => transform.call(context, code, systemModule);
    };
    const inBuild = transformIn('build');
    const patched = inBuild(source);
    expect(patched?.code).toContain('const _global = [];');
    expect(patched?.code).not.toContain('getTokenCss()];');
    expect(() => inBuild(source.replace('getTokenCss()]', 'x()]'))).toThrow(/Chakra's createSystem changed/);
    // Under Vitest (jsdom applies no CSS) Chakra stays as it is.
    expect(transformIn('vitest')(source)).toBe(undefined);
  });
});
