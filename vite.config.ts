import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { BOOT_SCRIPT, PHONE_CHUNK_META } from './src/domain/boot-script';
import { loginTheme } from './src/app/theme-login';

/**
 * What a phone downloads first (decision 011). The login screen is not code-split: it ships in the entry
 * chunk with React, the router, Query, Chakra and the route tree, and nothing else, so the login form
 * paints from one file. The layout and the field screens a phone opens first (PHONE_ROUTES) travel
 * together in one `phone` chunk with the outbox (Dexie, replay): signed in, the app asks for it at once;
 * on /login it loads once the form is idle (src/main.tsx). Every other screen stays a lazy chunk of its
 * own (the service worker precaches them all, so they still open offline).
 */
const ENTRY_ROUTES = new Set(['/login']);
const PHONE_ROUTES = ['_app', '_app/profile', '_app/absensi/new/spg', '_app/kunjungan/hari-ini', '_app/sinkron'];
const PHONE_CHUNK = new RegExp(
  `/src/(lib/offline/triggers\\.ts$|routes/(${PHONE_ROUTES.join('|')})\\.tsx\\?tsr-split)`,
);

/**
 * The full Chakra theme (src/app/theme.ts) and the recipe modules only it uses: a `theme` chunk of its
 * own, evaluated when src/app/system.ts asks for it (building the full system is a long task, which /login
 * must not run when the phone chunk loads behind it). The entry reaches every recipe module through
 * Chakra's barrels, so without this group they would land in the entry.
 */
const loginRecipeFiles = new Set(
  [...Object.keys(loginTheme.theme?.recipes ?? {}), ...Object.keys(loginTheme.theme?.slotRecipes ?? {})].map(
    (key) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`,
  ),
);
const fullTheme = (id: string) => {
  if (/\/src\/app\/theme\.ts$/.test(id)) return true;
  const file = /@chakra-ui\/react\/dist\/esm\/theme\/recipes\/([\w-]+\.js)$/.exec(id)?.[1];
  return file !== undefined && !loginRecipeFiles.has(file);
};

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
 * Signed in, the phone and theme chunks are fetched beside the entry, not after it: index.html gets
 * their names in a meta tag and the boot script (src/domain/boot-script.ts) that preloads them when a
 * session is stored. Build only (the dev server serves modules one by one).
 */
function phoneChunkPreload(): Plugin {
  return {
    name: 'hadir-phone-chunk-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const phone = chunks.find((c) => c.type === 'chunk' && c.name === 'phone');
        const theme = chunks.find((c) => c.type === 'chunk' && c.name === 'theme');
        if (!phone || !theme) throw new Error('the phone or theme chunk is missing from the build (vite.config.ts)');
        // The chunks and what they import beyond what index.html already loads (the entry and its imports).
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loaded = new Set<string>();
        const load = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) load(dep);
        };
        for (const c of chunks) if (c.isEntry) load(c.fileName);
        const files = [phone, theme]
          .flatMap((c) => [c.fileName, ...c.imports])
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
        // `app`: everything the entry needs statically, in one chunk (otherwise rolldown cuts the modules it
        // shares with lazy screens into many small chunks). `phone`: the first field screens and the outbox,
        // with what they need beyond the entry. `theme`: the recipes only the full Chakra theme uses.
        codeSplitting: {
          groups: [
            { name: 'app', test: /\/src\/main\.tsx$/, priority: 20 },
            { name: 'phone', test: PHONE_CHUNK, priority: 10 },
            { name: 'theme', test: fullTheme, priority: 30, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
