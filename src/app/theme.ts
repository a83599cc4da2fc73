import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Green primary (spec part 2 §9). Components default to the green palette through the global colorPalette. */
const config = defineConfig({
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

export const system = createSystem(defaultConfig, config);
