import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { architectureLint } from './lint.mjs';
import { KNOWN_EXCEPTIONS } from './known-exceptions.mjs';

const root = join(import.meta.dirname, '..');
const architectureRules = ({ ruleId }: { ruleId: string }) => /^(boundaries|architecture)\//.test(ruleId);
// The repository's own eslint.config.js, as `npm test` runs it; only the architecture's rules, which need no types.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: architectureRules,
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
});

/** Lints `code` as if it were saved at `file` (nothing is written) and answers the architecture's complaints. */
async function plant(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('lint refuses an import against docs/architecture.md', () => {
  it.each([
    ['a console feature, another feature', 'apps/admin/src/features/queue/x.ts', '../settings/settings-page.js'],
    ['the console’s shared code, a feature', 'apps/admin/src/shared/x.ts', '../features/queue/queue-page.js'],
    ['the console, the portal', 'apps/admin/src/shared/x.ts', '../../../portal/src/shared/date.js'],
    ['a portal feature, another feature', 'apps/portal/src/features/login/x.ts', '../orders/api/orders.js'],
    ['a portal feature, the app shell', 'apps/portal/src/features/login/x.ts', '../../app/router.js'],
    ['a portal feature, the server', 'apps/portal/src/features/login/x.ts', '../../../../server/src/config.js'],
    ['a portal feature, the console', 'apps/portal/src/features/login/x.ts', '../../../../admin/src/shared/api.js'],
    ['the portal’s shared code, a feature', 'apps/portal/src/shared/x.ts', '../features/login/api/login.js'],
    ['an adapter, a module', 'apps/server/src/adapters/mail/x.ts', '../../modules/auth/sessions.js'],
    ['an adapter, another port', 'apps/server/src/adapters/mail/x.ts', '../storage/port.js'],
    ['an adapter, another port’s capability', 'apps/server/src/adapters/mail/x.ts', '../store-platform/port-drafts.js'],
    ['a module, an adapter’s implementation', 'apps/server/src/modules/orders/x.ts', '../../adapters/storage/disk.js'],
    ['a module, another module’s repository', 'apps/server/src/modules/orders/x.ts', '../staff/staff.repository.js'],
    ['a module, the composition root', 'apps/server/src/modules/orders/x.ts', '../../services.js'],
    ['a module, the CLI', 'apps/server/src/modules/orders/x.ts', '../../cli/shops.js'],
    ['a module, a test helper', 'apps/server/src/modules/orders/x.ts', '../../../test/helper.js'],
    ['db, a module', 'apps/server/src/db/x.ts', '../modules/orders/orders.service.js'],
    ['db, an adapter', 'apps/server/src/db/x.ts', '../adapters/store-platform/local.js'],
    ['the contract, the domain', 'packages/contract/src/x.ts', '@return-center/domain'],
    ['the domain, the server', 'packages/domain/src/x.ts', '../../../apps/server/src/clock.js'],
    ['an end-to-end journey, the server', 'e2e/specs/x.ts', '../../apps/server/src/config.js'],
  ])('%s', async (_, file, target) => {
    const problems = await plant(file, `import * as planted from '${target}';\nexport { planted };\n`);
    expect(problems).toEqual([expect.stringMatching(/^boundaries\/dependencies: .* may not import /)]);
  });

  it('lets each part import what the description allows', async () => {
    const module = [
      '@return-center/contract',
      '@return-center/domain',
      './orders.repository.js',
      '../auth/sessions.js',
      '../../adapters/storage/port.js',
      '../../adapters/store-platform/port-drafts.js',
      '../../db/database.js',
      '../../http/app-error.js',
      '../../clock.js',
    ];
    const code = module.map((target, index) => `export * as m${String(index)} from '${target}';`).join('\n');
    expect(await plant('apps/server/src/modules/orders/x.ts', code)).toEqual([]);
    expect(await plant('apps/server/src/adapters/storage/x.ts', `export * from './port.js';\n`)).toEqual([]);
    expect(await plant('apps/server/src/services.ts', `export * from './adapters/storage/disk.js';\n`)).toEqual([]);
    expect(await plant('apps/admin/src/features/queue/x.ts', `export * from '../../shared/api.js';\n`)).toEqual([]);
    expect(await plant('apps/portal/src/app/x.ts', `export * from '../features/login/api/login.js';\n`)).toEqual([]);
  });

  it('refuses an import cycle, even one of types only', async () => {
    const file = 'packages/domain/src/money.ts';
    const problems = await plant(
      file,
      `${readFileSync(join(root, file), 'utf8')}\nimport type * as all from './index.js';\n`,
    );
    expect(problems).toEqual([
      expect.stringContaining(
        'architecture/no-cycle: Import cycle: packages/domain/src/money.ts → packages/domain/src/index.ts → packages/domain/src/money.ts',
      ),
    ]);
  });

  it('refuses a source file that belongs to no part', async () => {
    expect(await plant('apps/server/src/newcomer/x.ts', 'export const x = 1;\n')).toEqual([
      expect.stringMatching(/^boundaries\/no-unknown-files: /),
    ]);
  });
});

// The list is empty since #31; a future entry must prove it is still needed, with a test of its own.
if (KNOWN_EXCEPTIONS.length > 0)
  describe('the known exceptions of architecture/known-exceptions.mjs', () => {
    const parser = { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } } satisfies Linter.Config;

    it.each(KNOWN_EXCEPTIONS.map((exception, index) => [exception.to, index] as const))(
      'are each still needed: without the one for %s, lint refuses every file it names',
      async (_, index) => {
        const others = KNOWN_EXCEPTIONS.filter((__, other) => other !== index);
        const without = new ESLint({
          cwd: root,
          overrideConfigFile: true,
          overrideConfig: [parser, ...(architectureLint(others) as Linter.Config[])],
          ruleFilter: ({ ruleId }) => ruleId === 'boundaries/dependencies',
        });
        const results = await without.lintFiles(KNOWN_EXCEPTIONS[index]?.from ?? []);
        expect(results.length).toBeGreaterThan(0);
        for (const result of results) expect(result.messages, result.filePath).not.toEqual([]);
      },
    );
  });
