import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hadir from './scripts/eslint/layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'coverage',
      '.ci/out',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, hadir },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'hadir/layers': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/index', './index'], message: 'No barrel files: import the module itself.' }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Imports flow one way (docs/guide.md §2): the server reaches into src/ only for src/domain.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/!(domain)/**', '**/src/!(domain)'], message: 'server/ imports only src/domain.' },
          ],
          paths: [
            {
              name: 'hono/body-limit',
              message: "Use server/lib/body-limit.ts: hono's reads the body through web streams (decision 044).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/lib/body-limit.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../lib/*',
                '../features/*',
                '../app/*',
                '../components/*',
                '../routes/*',
                'react',
                '@chakra-ui/*',
              ],
              message: 'src/domain is isomorphic and depends on nothing above it.',
            },
          ],
        },
      ],
    },
  },
);
