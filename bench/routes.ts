/**
 * JavaScript per route of the built portal, gzipped (level 9, as the precompressed copies are). A route is what
 * index.html loads (its scripts and module preloads) and, when the page is a chunk of its own, each chunk on the
 * shortest chain of dynamic imports from there to the page chunk; each with its static imports, every file counted
 * once. Other dynamic imports (other routes, locales, validation on submit) load when needed and are not counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { log } from './load.js';
import type { BundleResult, RouteSize, Stamp } from './results.js';

export const DIST = join(import.meta.dirname, '../apps/portal/dist');
const ASSETS = join(DIST, 'assets');

/** Routes by the prefix of their page chunk's name; a page without a chunk of its own is in the entry. */
export const ROUTES = [
  ['login', 'login-page'],
  ['orders', 'orders-page'],
  ['step 1 (select)', 'select-step'],
  ['step 2 (solution)', 'solution-step'],
  ['step 3 (method)', 'method-step'],
  ['step 4 (check)', 'check-step'],
  ['status', 'status-page'],
] as const;

const PAGE_SCRIPTS = /<(?:script|link)\b[^>]*\b(?:src|href)="\.?\/assets\/([^"]+\.js)"/g;
// `import{a as b}from"./x.js"`, `import"./x.js"`, `export{c}from"./x.js"`: loaded with the importer.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;
// import("./x.js") and import(`./x.js`): loaded on demand.
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

const code = (file: string) => readFileSync(join(ASSETS, file), 'utf8');
const imports = (file: string, pattern: RegExp) =>
  [...code(file).matchAll(pattern)].map((m) => m[1]).filter((name): name is string => name !== undefined);

function withStaticImports(roots: string[], seen = new Set<string>()): Set<string> {
  const pending = [...roots];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...imports(file, STATIC_IMPORT));
  }
  return seen;
}

/** The chunks on the shortest chain of dynamic imports from what the page loads first to `target` (target included). */
function dynamicChain(entry: Set<string>, target: string): string[] {
  const previous = new Map<string, string | null>([...entry].map((file) => [file, null]));
  const queue = [...entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (file === target) break;
    for (const next of [...imports(file, DYNAMIC_IMPORT), ...imports(file, STATIC_IMPORT)])
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
  }
  if (!previous.has(target)) throw new Error(`Nothing the entry loads imports ${target}`);
  const chain: string[] = [];
  for (let file: string | null | undefined = target; file && !entry.has(file); file = previous.get(file))
    chain.push(file);
  return chain;
}

export function routeSizes(): Omit<BundleResult, keyof Stamp> | null {
  if (!existsSync(join(DIST, 'index.html'))) {
    log('bundle: skipped, the portal is not built (npm run build)');
    return null;
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(PAGE_SCRIPTS)].map((m) => m[1]).filter((f): f is string => f !== undefined);
  if (scripts.length === 0) throw new Error('No scripts in apps/portal/dist/index.html');
  const entry = withStaticImports(scripts);
  const files = readdirSync(ASSETS);
  const gz = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
  const routes: RouteSize[] = ROUTES.map(([route, prefix]) => {
    const page = files.find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js'));
    if (!page && route !== 'login') throw new Error(`No ${prefix}-*.js in apps/portal/dist/assets`);
    const graph = page ? withStaticImports(dynamicChain(entry, page), new Set(entry)) : entry;
    return { route, files: graph.size, gzipBytes: [...graph].reduce((sum, file) => sum + gz(file), 0) };
  });
  return { routes };
}
