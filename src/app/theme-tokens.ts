import { semanticTokens, tokens } from '@chakra-ui/react/theme';

/**
 * The theme's tokens: Chakra's defaults without the palettes no screen uses, with Hadir's own.
 *
 * The production build makes Chakra's token dictionary from these in Node (scripts/chakra-tokens.ts) and
 * ships that instead: in its bundle this module is replaced by the same categories, empty (decision 011).
 * The dev server and the tests use it as it is. Only theme.ts imports it (test/build/chakra-tokens.test.ts):
 * a screen reading a token here would read nothing in production; it asks the system (`useToken`).
 */

/**
 * Colour palettes no screen uses. Every token becomes a CSS variable in the build's stylesheet, so the three
 * unused palettes (33 tokens and 21 semantic tokens) are left out.
 * test/build/theme-recipes.test.ts fails when src/ names one of them.
 */
export const UNUSED_PALETTES = ['teal', 'cyan', 'pink'] as const;
function withoutPalettes<T extends object>(colors: T | undefined, names: readonly string[]): T | undefined {
  if (!colors) return colors;
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !names.includes(name))) as T;
}

const FONT = { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' };

export const themeTokens = {
  tokens: {
    ...tokens,
    colors: withoutPalettes(tokens.colors, UNUSED_PALETTES),
    fonts: { ...tokens.fonts, heading: FONT, body: FONT },
  },
  semanticTokens: {
    ...semanticTokens,
    colors: {
      ...withoutPalettes(semanticTokens.colors, UNUSED_PALETTES),
      // Green primary (spec part 2 §9). White on green.600 is 3.3:1; green.700 gives 5:1 (WCAG AA) for buttons
      // and the top bar.
      green: {
        ...semanticTokens.colors?.green,
        solid: { value: '{colors.green.700}' },
        emphasized: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
      },
    },
  },
};
