// @ts-check
// Turns the description in parts.mjs into lint: eslint-plugin-boundaries for the directions, and no-cycle for cycles.
import boundaries from 'eslint-plugin-boundaries';
import { KNOWN_EXCEPTIONS } from './known-exceptions.mjs';
import { noCycle } from './no-cycle.mjs';
import { PARTS } from './parts.mjs';

const root = import.meta.dirname.replace(/[\\/]architecture$/, '');

/** @param {import('./parts.mjs').Part} part @param {import('./parts.mjs').Use} use */
function allowed(part, use) {
  if (typeof use === 'string') return { element: { type: use } };
  const each = PARTS.find((candidate) => candidate.id === use.own)?.each ?? part.each ?? 'name';
  return { element: { type: use.own, captured: { [each]: `{{ from.element.captured.${each} }}` } } };
}

/** The flat-config blocks that enforce the description on every source file. */
export function architectureLint(exceptions = KNOWN_EXCEPTIONS) {
  const policies = [
    ...PARTS.map((part) => ({
      from: { element: { type: part.id } },
      allow: { to: [part.each ? { own: part.id } : part.id, ...part.uses].map((use) => allowed(part, use)) },
    })),
    ...exceptions.map((exception) => ({
      from: { file: { path: exception.from } },
      allow: { to: { file: { path: exception.to } } },
    })),
  ];
  return [
    {
      files: ['**/*.{ts,tsx,mjs,js}'],
      plugins: { boundaries, architecture: { rules: { 'no-cycle': noCycle } } },
      settings: {
        'boundaries/root-path': root,
        'boundaries/legacy-templates': false,
        // A part is a set of file patterns (`mode: 'full'`); v7 would rather have folders plus file categories.
        'boundaries/legacy-warnings': false,
        'boundaries/elements': PARTS.map((part) => ({
          type: part.id,
          pattern: part.files,
          mode: 'full',
          ...(part.each ? { capture: [part.each] } : {}),
        })),
        'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
        'import/resolver': { typescript: { project: ['packages/*', 'apps/*', 'e2e', 'bench', 'architecture'] } },
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'disallow',
            message: 'docs/architecture.md: {{ from.element.type }} may not import {{ to.element.type }}.',
            policies,
          },
        ],
        'architecture/no-cycle': 'error',
      },
    },
    {
      // Every source file belongs to a part; a new folder is placed in parts.mjs before it can land.
      files: ['{packages,apps}/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
      rules: { 'boundaries/no-unknown-files': 'error' },
    },
  ];
}
