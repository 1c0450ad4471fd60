// The login route's JavaScript budget (DESIGN §6): what a signed-out shopper's browser fetches to draw the form,
// gzipped. Run after the portal build; `npm test` fails when the route is over budget. Node built-ins only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 100 * 1024;

/** The login page's own chunk, when the build splits it from the entry. */
const LOGIN_CHUNK = /^login-page-[\w-]+\.js$/;
const PAGE_SCRIPTS = /<(?:script|link)\b[^>]*\b(?:src|href)="\.?\/assets\/([^"]+\.js)"/g;
// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{c}from"./x.js"` load with the importer; `import("./x.js")`
// loads on demand and is left out.
const STATIC_IMPORTS = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

const matches = (text, pattern) => Array.from(text.matchAll(pattern), (match) => match[1]);

/**
 * The login route's JavaScript in a portal build: the entry and what index.html preloads, the login page's chunk,
 * and everything they import statically. Each file's size gzipped at the level the build's .gz copies use.
 */
export function loginRouteBytes(distDir) {
  const assets = join(distDir, 'assets');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const loginChunks = existsSync(assets) ? readdirSync(assets).filter((name) => LOGIN_CHUNK.test(name)) : [];
  const scripts = matches(html, PAGE_SCRIPTS);
  // A build whose page names its scripts some other way would be measured as nearly nothing.
  if (scripts.length === 0) throw new Error(`No scripts found in ${join(distDir, 'index.html')}`);
  const pending = [...scripts, ...loginChunks];
  const files = new Map();
  while (pending.length > 0) {
    const name = pending.pop();
    if (files.has(name)) continue;
    const code = readFileSync(join(assets, name));
    files.set(name, gzipSync(code, { level: 9 }).length);
    pending.push(...matches(code.toString('utf8'), STATIC_IMPORTS));
  }
  const total = [...files.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { total, files: [...files].map(([file, bytes]) => ({ file, bytes })).sort((a, b) => b.bytes - a.bytes) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../apps/portal/dist', import.meta.url));
  const { total, files } = loginRouteBytes(dist);
  for (const { file, bytes } of files) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
  console.log(`Login route JavaScript: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`);
  if (total > BUDGET_BYTES) {
    console.error(
      `✖ The login route is ${kb(total - BUDGET_BYTES)} over its budget: keep libraries it does not need to draw ` +
        'the form (router, query, validation, dialogs) out of its static imports.',
    );
    process.exit(1);
  }
}
