/**
 * Builds bench/bare (the bare page of `npm run bench:startup`) with the app's own React and Chakra
 * plugins, so the Chakra system it renders is built exactly as the app's is. The root stays the
 * repository's (the Chakra plugins read src/app/theme.ts from it); the page is at /bench/bare/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chakraGlobals } from '../../scripts/chakra-globals';
import { chakraTokens } from '../../scripts/chakra-tokens';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  plugins: [react(), chakraGlobals(), chakraTokens()],
  build: { rollupOptions: { input: path.join(root, 'bench/bare/index.html') } },
  logLevel: 'warn',
});
