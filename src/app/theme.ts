import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Green primary (spec part 2 §9). Components default to the green palette through the global colorPalette. */
const config = defineConfig({
  globalCss: {
    'html, body': { colorPalette: 'green', bg: 'bg.subtle' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
