import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Colour palettes no screen uses. Every token becomes a CSS variable that createSystem builds while the
 * first screen waits, so the three unused palettes (33 tokens and 21 semantic tokens) are left out.
 * test/build/theme-recipes.test.ts fails when src/ names one of them.
 */
export const UNUSED_PALETTES = ['teal', 'cyan', 'pink'] as const;
/** The palettes the login screen paints with: green (brand), red (errors), orange (lockout), blue (update banner), gray. */
const LOGIN_LEAVES_OUT = [...UNUSED_PALETTES, 'yellow', 'purple'];

function withoutPalettes<T extends object>(colors: T | undefined, names: readonly string[]): T | undefined {
  if (!colors) return colors;
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !names.includes(name))) as T;
}

/** Chakra's default foundations (preflight, global CSS, tokens, text styles) without some colour palettes. */
export function foundations(leaveOut: readonly string[] = UNUSED_PALETTES) {
  return {
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: { ...tokens, colors: withoutPalettes(tokens.colors, leaveOut) },
      semanticTokens: { ...semanticTokens, colors: withoutPalettes(semanticTokens.colors, leaveOut) },
      textStyles,
    },
  };
}

/** Green primary (spec part 2 §9). Components default to the green palette through the global colorPalette. */
export const hadirTheme = defineConfig({
  globalCss: {
    'html, body': { colorPalette: 'green', bg: 'bg.subtle' },
  },
  theme: {
    // White on green.600 is 3.3:1; green.700 gives 5:1 (WCAG AA) for buttons and the top bar.
    semanticTokens: {
      colors: {
        green: {
          solid: { value: '{colors.green.700}' },
          emphasized: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
      },
    },
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
});

/**
 * What the first screen of a phone that is not signed in needs, and nothing more (decision 011): the
 * recipes of /login, of the root route's update banner and of notices, the palettes they paint with. Building a
 * Chakra system turns every token into a CSS variable while the first screen waits; this one has two
 * thirds of the full theme's colours and a quarter of its recipes, so the login paints sooner and its
 * entry file is smaller. The full system (src/app/theme.ts) is swapped in by src/app/system.ts before
 * any other screen, dialog or notice renders. test/build/theme-recipes.test.ts checks that every Chakra
 * component of the login path finds its recipe here.
 */
const base = foundations(LOGIN_LEAVES_OUT);
export const loginTheme = defineConfig({
  ...base,
  theme: {
    ...base.theme,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: { alert: alertSlotRecipe, card: cardSlotRecipe, field: fieldSlotRecipe, toast: toastSlotRecipe },
  },
});

export const createLoginSystem = () => createSystem(defaultBaseConfig, loginTheme, hadirTheme);
