// npm run bench:bundle-floor — the compressed size (gzip, and Brotli 11 as the server sends it) of the fixed stack alone: empty apps that only start
// React 19, then add React Query, TanStack Router, Dexie and Chakra UI's base system, built by the
// project's Vite like the real app. It tells how much of bench:bundle is the stack and how much is
// Hadir, and why the 170 KB budget of issue 4 cannot be met with this stack.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { root } from '../scripts/lib/server.mjs';

const STEPS = [
  ['react-dom', `import { createRoot } from 'react-dom/client';`, `null`],
  [
    '+ @tanstack/react-query',
    `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
     const qc = new QueryClient();
     function Q() { useQuery({ queryKey: ['a'], queryFn: () => 1 }); return null; }`,
    `<QueryClientProvider client={qc}><Q /></QueryClientProvider>`,
  ],
  [
    '+ @tanstack/react-router',
    `import { createRootRoute, createRoute, createRouter, RouterProvider, Link, Outlet } from '@tanstack/react-router';
     const rootRoute = createRootRoute({ component: () => <Outlet /> });
     const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Link to="/">x</Link> });
     const router = createRouter({ routeTree: rootRoute.addChildren([home]) });`,
    `<RouterProvider router={router} />`,
  ],
  [
    '+ dexie',
    `import Dexie from 'dexie';
     const db = new Dexie('x'); db.version(1).stores({ a: '++id' }); void db.table('a').count();`,
    null,
  ],
  [
    '+ @chakra-ui/react (base system, Box, Button)',
    `import { ChakraProvider, createSystem, defaultBaseConfig, Box, Button } from '@chakra-ui/react';
     const system = createSystem(defaultBaseConfig);`,
    (inner) => `<ChakraProvider value={system}><Box><Button>x</Button></Box>${inner}</ChakraProvider>`,
  ],
];

const dir = mkdtempSync(path.join(os.tmpdir(), 'hadir-floor-'));
try {
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  );
  writeFileSync(
    path.join(dir, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react';\nexport default { plugins: [react()], build: { target: 'es2022' } };\n`,
  );
  console.log('stack                                          gzip KB  brotli KB');
  const imports = [];
  let tree = 'null';
  for (const [name, code, wrap] of STEPS) {
    imports.push(code);
    if (typeof wrap === 'function') tree = wrap(tree === 'null' ? '' : tree);
    else if (wrap && wrap !== 'null') tree = tree === 'null' ? wrap : `<>${tree}${wrap}</>`;
    writeFileSync(
      path.join(dir, 'src/main.tsx'),
      `${imports.join('\n')}\ncreateRoot(document.getElementById('root')!).render(${tree});\n`,
    );
    const build = spawnSync('npx', ['-y', 'vite', 'build', '--logLevel', 'error'], { cwd: dir, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(build.stderr || build.stdout);
    const assets = path.join(dir, 'dist/assets');
    const files = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f)));
    const gz = files.reduce((sum, b) => sum + gzipSync(b).length, 0);
    const br = files.reduce(
      (sum, b) => sum + brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
      0,
    );
    console.log(`${name.padEnd(47)}${(gz / 1024).toFixed(1).padStart(7)}  ${(br / 1024).toFixed(1).padStart(9)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
