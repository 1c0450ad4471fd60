// @ts-check
// An import cycle ties files together even when one side imports only types (eslint-plugin-import's no-cycle lets
// those through): this rule follows every import, `import type` included, from the file being linted back to it.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true };
const resolutions = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
/** @type {Map<string, { mtime: number, imports: string[] }>} */
const importsOf = new Map();

/** Our own file that `specifier` names from `from`, or null for a package of node_modules. */
function resolve(/** @type {string} */ specifier, /** @type {string} */ from) {
  const found = ts.resolveModuleName(specifier, from, options, ts.sys, resolutions).resolvedModule?.resolvedFileName;
  return found && !found.includes('/node_modules/') ? found : null;
}

/** The files a file on disk imports, read again when it changed (an editor keeps the rule loaded). */
function importsOnDisk(/** @type {string} */ file) {
  const mtime = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const known = importsOf.get(file);
  if (known?.mtime === mtime) return known.imports;
  const text = mtime ? readFileSync(file, 'utf8') : '';
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => resolve(imported.fileName, file))
    .filter((target) => target !== null);
  importsOf.set(file, { mtime, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `goal`, or null. */
function chainBack(/** @type {string} */ start, /** @type {string} */ goal) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (const file of queue) {
    for (const next of importsOnDisk(file)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === goal) {
        const chain = [];
        for (let step = /** @type {string | null} */ (next); step !== null; step = cameFrom.get(step) ?? null) {
          chain.unshift(step);
        }
        return chain;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    messages: { cycle: 'Import cycle: {{chain}}. Move what both sides need into a file that neither imports.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    /** @param {any} node */
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file);
      const chain = target && target !== file ? chainBack(target, file) : null;
      if (!chain) return;
      const names = [file, ...chain].map((step) => relative(root, step));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
