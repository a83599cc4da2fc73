import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraGlobals } from './scripts/chakra-globals';
import { chakraTokens } from './scripts/chakra-tokens';
import { BOOT_SCRIPT, PHONE_CHUNK_META } from './src/domain/boot-script';

/**
 * What a phone downloads first (decision 011). The entry (src/main.ts) holds the login form, built with
 * the DOM, and what it needs to send the password: nothing of React or Chakra. The app (React, the router,
 * Query, Chakra, the route tree and the app's /login route) is the `app` chunk, the Chakra theme the `theme`
 * chunk, and the layout with the field screens a phone opens first (PHONE_ROUTES) travel together in one
 * `phone` chunk with the outbox (Dexie, replay): signed in, the boot script asks for all three at once;
 * on /login they load while the server checks the password. Every other screen stays a lazy chunk of its
 * own (the service worker precaches them all, so they still open offline).
 */
const ENTRY_ROUTES = new Set(['/login']);
const PHONE_ROUTES = ['_app', '_app/profile', '_app/absensi/new/spg', '_app/kunjungan/hari-ini'];
const PHONE_CHUNK = new RegExp(
  `/src/(lib/offline/triggers\\.ts$|routes/(${PHONE_ROUTES.join('|')})\\.tsx\\?tsr-split)`,
);

/**
 * The `app` chunk: src/app/start.tsx with what it needs, and the small helpers the theme shares with the
 * phone's screens (zag's anatomies, Chakra's utilities). Left to the `theme` chunk, they made the `phone`
 * chunk import it, so loading the screens built the Chakra system in the same long task.
 */
const appChunk = (id: string) =>
  /\/src\/app\/start\.tsx$/.test(id) ||
  /@zag-js\/anatomy\//.test(id) ||
  /@chakra-ui\/react\/dist\/esm\/utils\//.test(id);

/**
 * Brotli copies (`.br`, quality 11) of the hashed assets, written once at build: the server sends them
 * to browsers that accept br (every current one) — about a fifth smaller than its on-the-fly gzip, and
 * no compression work per request. The service worker precaches the plain files (its own requests
 * still travel compressed).
 */
function brotliAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hadir-brotli-assets',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest)$/.test(file)) continue;
        const target = path.join(outDir, file);
        const compressed = brotliCompressSync(readFileSync(target), {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        });
        writeFileSync(`${target}.br`, compressed);
      }
    },
  };
}

/**
 * Signed in, the app, theme and phone chunks (and the theme's stylesheet) are fetched beside the entry,
 * not after it: index.html gets their names in a meta tag and the boot script (src/domain/boot-script.ts)
 * that preloads them when a session is stored. Build only (the dev server serves modules one by one).
 */
function phoneChunkPreload(): Plugin {
  return {
    name: 'hadir-phone-chunk-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const named = ['app', 'theme', 'phone'].map((name) => chunks.find((c) => c.name === name));
        if (named.some((c) => !c))
          throw new Error('the app, theme or phone chunk is missing from the build (vite.config.ts)');
        // The chunks and what they import beyond what index.html already loads (the entry and its imports).
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set<string>();
        const load = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) load(dep);
        };
        for (const c of chunks) if (c.isEntry) load(c.fileName);
        const files = named
          .flatMap((c) => (c ? [c.fileName, ...c.imports, ...(c.viteMetadata?.importedCss ?? [])] : []))
          .filter((f, i, all) => !loaded.has(f) && all.indexOf(f) === i)
          .map((f) => `/${f}`);
        return [
          { tag: 'meta', attrs: { name: PHONE_CHUNK_META, content: files.join(' ') }, injectTo: 'head' },
          { tag: 'script', children: BOOT_SCRIPT, injectTo: 'head' },
        ];
      },
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8081}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (ENTRY_ROUTES.has(routeId) ? [] : undefined),
        // A screen's loader travels with its component, so its imports (the screen's API module) stay out of
        // the entry chunk and opening the screen is still one request.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    chakraGlobals(),
    chakraTokens(),
    phoneChunkPreload(),
    brotliAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/template/**'],
      },
      manifest: {
        name: 'Hadir',
        short_name: 'Hadir',
        description: 'Absensi, kunjungan toko, cuti dan HR untuk tim lapangan',
        lang: 'id',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#15803d',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/auth': apiTarget, '/uploads': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Chakra's theme module builds its whole default config at load time through defineConfig, an
      // identity function; marked pure, the recipes src/app/theme.ts does not register are dropped.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // `login`: the entry and what it imports, kept out of the groups below (a module they captured would
        // be imported from their chunk, which would then load before the login form). `app`: everything
        // src/app/start.tsx needs statically, in one chunk (otherwise rolldown cuts the modules it shares with
        // lazy screens into many small chunks). `phone`: the first field screens and the outbox, with what
        // they need beyond the app. `theme`: the Chakra theme.
        codeSplitting: {
          groups: [
            { name: 'login', test: /\/src\/main\.ts$/, priority: 40 },
            { name: 'app', test: appChunk, priority: 30 },
            { name: 'theme', test: /\/src\/app\/theme\.ts$/, priority: 20 },
            { name: 'phone', test: PHONE_CHUNK, priority: 10 },
          ],
        },
      },
    },
  },
});
