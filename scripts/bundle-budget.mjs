// JavaScript budgets (DESIGN §6, issue 37), gzipped: what a signed-out shopper's browser fetches to draw the login
// form, and the console's entry, which every signed-in page loads first. Run after the builds; `npm test` fails when
// either is over budget. Node built-ins only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 100 * 1024;

/** The login page's own chunk, when the build splits it from the entry. */
const LOGIN_CHUNK = /^login-page-[\w-]+\.js$/;
const PAGE_SCRIPTS = /<(?:script|link)\b[^>]*\b(?:src|href)="[^"]*\/assets\/([^"]+\.js)"/g;
// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{c}from"./x.js"` load with the importer; `import("./x.js")`
// loads on demand and is left out.
const STATIC_IMPORTS = /\b(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

const matches = (text, pattern) => Array.from(text.matchAll(pattern), (match) => match[1]);

/** The files `names` in `assets` and every file they import statically, by name, with their code. */
function staticClosure(assets, names) {
  const pending = [...names];
  const files = new Map();
  while (pending.length > 0) {
    const name = pending.pop();
    if (files.has(name)) continue;
    const code = readFileSync(join(assets, name));
    files.set(name, code);
    pending.push(...matches(code.toString('utf8'), STATIC_IMPORTS));
  }
  return files;
}

/**
 * A route's JavaScript in a build: the entry and what index.html preloads, the route's own chunk (matching `page`,
 * if any), and everything they import statically. Each file's size gzipped at the level the build's .gz copies use.
 */
export function routeBytes(distDir, page) {
  const assets = join(distDir, 'assets');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const loginChunks = page && existsSync(assets) ? readdirSync(assets).filter((name) => page.test(name)) : [];
  const scripts = matches(html, PAGE_SCRIPTS);
  // A build whose page names its scripts some other way would be measured as nearly nothing.
  if (scripts.length === 0) throw new Error(`No scripts found in ${join(distDir, 'index.html')}`);
  const files = new Map(
    [...staticClosure(assets, [...scripts, ...loginChunks])].map(([name, code]) => [
      name,
      gzipSync(code, { level: 9 }).length,
    ]),
  );
  const total = [...files.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { total, files: [...files].map(([file, bytes]) => ({ file, bytes })).sort((a, b) => b.bytes - a.bytes) };
}

/** The gzipped size of the module script index.html starts with. */
function entryBytes(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script\b[^>]*\bsrc="[^"]*\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`No entry script in ${join(distDir, 'index.html')}`);
  return gzipSync(readFileSync(join(distDir, 'assets', entry)), { level: 9 }).length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const apps = fileURLToPath(new URL('../apps/', import.meta.url));
const BUDGETS = [
  {
    name: 'Login route',
    dist: join(apps, 'portal/dist'),
    page: LOGIN_CHUNK,
    advice:
      'keep libraries it does not need to draw the form (router, query, validation, dialogs) out of its static imports.',
  },
  {
    name: 'Console entry',
    dist: join(apps, 'admin/dist'),
    page: null,
    // Vite's entry chunk alone, the figure issue 37 sets the budget on; what it imports statically (React, the router,
    // the contract, TanStack Query) is printed with it and loads in parallel, preloaded.
    entryOnly: true,
    advice: 'load what only some pages need with those pages (their libraries, their English texts: withEnglishOf).',
  },
];

/**
 * The router's file starts a signed-in shopper's first calls while the contract's schemas load beside it (ADR 058):
 * it must not import them. Answers the files of the router's static imports that are the contract's.
 */
export function routerImportsOfContract(distDir) {
  const assets = join(distDir, 'assets');
  const router = readdirSync(assets).filter((name) => /^router-app-[\w-]+\.js$/.test(name));
  if (router.length === 0) throw new Error(`No router-app chunk in ${assets}`);
  return [...staticClosure(assets, router).keys()].filter((name) => /^contract-[\w-]+\.js$/.test(name));
}

/**
 * The merchant side's schemas, which no shopper's page builds (ADR 060): a text of each module, which the contract
 * chunk a signed-in page runs first must not carry. Each text is checked in its module, so the list cannot go stale.
 */
const MERCHANT_ONLY = [
  ['order-feed.ts', 'An id is 1 to 64 letters'],
  ['webhooks.ts', 'The endpoints that receive events'],
  ['console.ts', 'Enter the 6-digit code from your authenticator app'],
  ['desk.ts', 'Add an internal note'],
  ['shop-settings.ts', 'Fernhill Supply Co. Returns'],
];
const contractSource = fileURLToPath(new URL('../packages/contract/src/', import.meta.url));

/** The modules of `texts` whose text `code` carries; each text is checked in its module first. */
function modulesIn(code, texts) {
  return texts
    .filter(([module, text]) => {
      if (!readFileSync(join(contractSource, module), 'utf8').includes(text))
        throw new Error(`bundle-budget.mjs: ${module} no longer says "${text}"; pick another text of it`);
      return code.includes(text);
    })
    .map(([module]) => module);
}

/** The modules of MERCHANT_ONLY whose text the portal's contract chunk carries. */
export function merchantSchemasInPortal(distDir) {
  const assets = join(distDir, 'assets');
  const chunks = readdirSync(assets).filter((name) => /^contract-[\w-]+\.js$/.test(name));
  if (chunks.length === 0) throw new Error(`No contract chunk in ${assets}`);
  return modulesIn(chunks.map((name) => readFileSync(join(assets, name), 'utf8')).join('\n'), MERCHANT_ONLY);
}

/**
 * The merchant API's areas the console's queue does not call (ADR 061): a text of each, which the queue's files (the
 * page's scripts, the queue's chunk and their static imports) must not carry; each of those pages builds its own.
 * (Retention's one call sits in retention.ts beside the setting, which the shop's settings hold: the queue loads it.)
 */
const OTHER_CONSOLE_PAGES = [
  ['rules-routes.ts', 'The return rules, in order, with the block lists'],
  ['webhooks.ts', 'The endpoints that receive events'],
  ['emails.ts', 'The notifications the shop sends'],
  ['withdrawal-desk.ts', "The shop's withdrawal declarations (EU)"],
  ['desk-return-routes.ts', 'What an order allows for a return made for its shopper'],
  ['order-feed-routes.ts', 'Create or replace one order of your own store'],
];

/** The modules of OTHER_CONSOLE_PAGES whose text the console's queue loads. */
export function otherPagesSchemasInQueue(distDir) {
  const assets = join(distDir, 'assets');
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue = readdirSync(assets).filter((name) => /^queue-page-[\w-]+\.js$/.test(name));
  if (queue.length === 0) throw new Error(`No queue-page chunk in ${assets}`);
  const files = staticClosure(assets, [...matches(html, PAGE_SCRIPTS), ...queue]);
  return modulesIn([...files.values()].map((code) => code.toString('utf8')).join('\n'), OTHER_CONSOLE_PAGES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let over = false;
  const contract = routerImportsOfContract(join(apps, 'portal/dist'));
  if (contract.length > 0) {
    console.error(`✖ The portal's router imports the contract's schemas (${contract.join(', ')}): ADR 058.`);
    over = true;
  }
  const merchant = merchantSchemasInPortal(join(apps, 'portal/dist'));
  if (merchant.length > 0) {
    console.error(`✖ The portal's first schemas carry the merchant side's (${merchant.join(', ')}): ADR 060.`);
    over = true;
  }
  const queue = otherPagesSchemasInQueue(join(apps, 'admin/dist'));
  if (queue.length > 0) {
    console.error(`✖ The console's queue loads other pages' schemas (${queue.join(', ')}): ADR 061.`);
    over = true;
  }
  for (const { name, dist, page, entryOnly, advice } of BUDGETS) {
    const route = routeBytes(dist, page);
    for (const { file, bytes } of route.files) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
    const total = entryOnly ? entryBytes(dist) : route.total;
    const also = entryOnly ? `; ${kb(route.total)} with its static imports` : '';
    console.log(`${name} JavaScript: ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})${also}`);
    if (total > BUDGET_BYTES) {
      console.error(`✖ ${name} is ${kb(total - BUDGET_BYTES)} over its budget: ${advice}`);
      over = true;
    }
  }
  if (over) process.exit(1);
}
