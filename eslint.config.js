import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const typescript = ['**/*.ts', '**/*.tsx'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  // Type-aware and strict on every TypeScript file (docs/decisions/011-lint.md).
  ...tseslint.configs.strictTypeChecked.map((config) => ({ ...config, files: typescript })),
  {
    files: typescript,
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.config.ts', 'bench/run.d.ts', 'apps/server/scripts/*.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A number in a message or path reads as itself; objects, null and undefined are still refused.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowAny: false, allowBoolean: false, allowNullish: false, allowRegExp: false },
      ],
      // `onClick={() => setOpen(false)}` is the idiom; a void used in a statement is still refused.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: typescript,
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: ['packages/*', 'apps/*', 'e2e', 'bench'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['apps/{portal,admin}/src/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['apps/{portal,admin}/src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  { files: ['scripts/**', '*.js', '**/*.mjs'], languageOptions: { globals: globals.node } },
  { files: ['apps/portal/public/**'], languageOptions: { globals: globals.browser } },
  // Imports flow one way (DESIGN §2): contract/domain → server modules and portal; portal shared → features → app.
  { files: ['packages/contract/**'], rules: restrict(['@return-center/domain', '**/apps/**']) },
  { files: ['packages/domain/**'], rules: restrict(['**/apps/**']) },
  { files: ['apps/server/src/adapters/**'], rules: restrict(['**/modules/**']) },
  { files: ['apps/{portal,admin}/src/shared/**'], rules: restrict(['**/features/**', '**/app/**']) },
  // The console and the portal share the contract and the domain, nothing of each other (DESIGN §2).
  { files: ['apps/admin/**'], rules: restrict(['**/portal/**', '**/server/**']) },
  {
    // The console's features are flat (features/<name>/<file>): `../x` would be another feature.
    files: ['apps/admin/src/features/*/*'],
    rules: restrict([
      { regex: '^\\.\\./(?!\\.\\./)|/features/', message: 'A feature never imports another feature.' },
      { group: ['**/app/**', '**/portal/**', '**/server/**'], message: 'Features import only shared/.' },
    ]),
  },
  {
    files: ['apps/portal/src/features/*/**'],
    rules: restrict([
      { regex: '^\\.\\./\\.\\./(?!\\.\\./)|/features/', message: 'A feature never imports another feature.' },
      { group: ['**/app/**'], message: 'Features do not import the app shell.' },
    ]),
  },
);
