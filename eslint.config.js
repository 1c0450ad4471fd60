import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['scripts/**', '*.js'], languageOptions: { globals: globals.node } },
  { files: ['apps/portal/public/**'], languageOptions: { globals: globals.browser } },
  {
    files: ['**/*.test.ts', '**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Imports flow one way (DESIGN §2): contract/domain → server modules and portal; portal shared → features → app.
  { files: ['packages/contract/**'], rules: restrict(['@return-center/domain', '**/apps/**']) },
  { files: ['packages/domain/**'], rules: restrict(['**/apps/**']) },
  { files: ['apps/server/src/adapters/**'], rules: restrict(['**/modules/**']) },
  { files: ['apps/portal/src/shared/**'], rules: restrict(['**/features/**', '**/app/**']) },
  {
    files: ['apps/portal/src/features/*/**'],
    rules: restrict([
      { regex: '^\\.\\./\\.\\./(?!\\.\\./)|/features/', message: 'A feature never imports another feature.' },
      { group: ['**/app/**'], message: 'Features do not import the app shell.' },
    ]),
  },
);
