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
      // Text colours that meet WCAG AA (4.5:1) in light mode on white and on the page's gray.50 (issue 30,
      // test/e2e/accessibility.test.ts). Chakra's defaults are lighter: fg.subtle gray.400 2.56:1, fg.error
      // red.500 3.76:1 (red.600 would fail on gray.100 and red.50), fg.warning orange.600 3.55:1, fg.success green.600 3.3:1. Dark mode keeps Chakra's.
      fg: {
        ...semanticTokens.colors?.fg,
        subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.500}' } },
        error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
      },
      // Green primary (spec part 2 §9). White on green.600 is 3.3:1; green.700 gives 5:1 (WCAG AA) for buttons
      // and the top bar.
      green: {
        ...semanticTokens.colors?.green,
        solid: { value: '{colors.green.700}' },
        emphasized: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
      },
      // Red buttons (Tolak, Hapus): white on red.600 is 4.83:1, but a solid button under the pointer is
      // drawn at 90% (#e03c3c, 4.3:1), which is where it stays after a click that keeps its dialog open (the
      // Tolak dialog after an empty submit, issue 41 item 7). red.700 is 8.4:1, 6.9:1 hovered.
      red: {
        ...semanticTokens.colors?.red,
        solid: { value: '{colors.red.700}' },
      },
    },
  },
};
