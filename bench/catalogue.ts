/**
 * The exchange catalogue (getVariantList, #13) on a shop of BENCH_CATALOGUE_PRODUCTS products (10,000 by default, four
 * sizes each, in 20 collections), on SQLite and on PostgreSQL: req/s and p99 of the first page, a search, the filters
 * together, a price sort and a page 20 pages in by keyset cursor; and the plans of those statements.
 */
import { calls } from '@return-center/contract';
import { sql } from 'kysely';
import { addProduct } from '../apps/server/src/adapters/store-platform/local-catalogue-writes.js';
import { nowSeconds } from '../apps/server/src/clock.js';
import { DEMO_SHOP } from '../apps/server/src/demo/demo-shop.js';
import { call, emailSession, freshDatabase, startApp, UNLIMITED, type App } from './app.js';
import { env } from './env.js';
import { load, log, post } from './load.js';
import { queryPlans } from './plans.js';
import type { CatalogueQuery, CatalogueResult, CatalogueRun, Database, Load, Stamp } from './results.js';

const KINDS = ['Jacket', 'Shirt', 'Sneaker', 'Sweater', 'Trouser', 'Beanie', 'Scarf', 'Boot'];
/** Products per transaction. */
const BATCH = 500;
/** How deep the deep page is, in pages of 24. */
const DEEP_PAGES = 20;

/** Product i: a kind and a number in its title, a price between $10 and $209, one of four sizes sold out now and then. */
function benchProduct(i: number, now: number) {
  const price = 1000 + ((i * 7919) % 20_000);
  return {
    title: `${KINDS[i % KINDS.length] ?? 'Item'} ${String(i)}`,
    handle: `bench-${String(i)}`,
    image: '',
    tags: [],
    rank: 1000 + i,
    createdAt: now - (i % 365) * 86_400,
    collections: [`bench-collection-${String(i % 20)}`],
    variants: ['S', 'M', 'L', 'XL'].map((size, j) => ({
      title: size,
      sku: `BENCH-${String(i)}-${size}`,
      price: price + j * 100,
      stock: (i + j) % 7 === 0 ? 0 : 5,
      options: [size],
    })),
  };
}

async function fillCatalogue(app: App, shopId: number, count: number): Promise<number> {
  const started = performance.now();
  const now = nowSeconds(app.ctx.clock);
  for (let from = 0; from < count; from += BATCH)
    await app.ctx.db.transaction().execute(async (trx) => {
      for (let i = from; i < Math.min(count, from + BATCH); i++)
        await addProduct(trx, app.ctx.clock, shopId, benchProduct(i, now));
    });
  return (performance.now() - started) / 1000;
}

async function catalogueRun(kind: Database): Promise<CatalogueRun> {
  const database = await freshDatabase(kind);
  const server = await startApp(database, {}, { limits: UNLIMITED });
  try {
    const { app } = server;
    const shop = await app.ctx.services.storefront.requireShop(DEMO_SHOP);
    const token = await emailSession(app, 'alice@example.com');
    log(`catalogue (${kind}): filling ${env.catalogueProducts.toLocaleString('en')} products`);
    const fillSeconds = await fillCatalogue(app, shop.id, env.catalogueProducts);
    if (kind === 'postgres') await sql`analyze`.execute(server.db);

    const first = await call(app, calls.getVariantList, {}, token);
    const collection = first.collections.find((c) => c.title.startsWith('bench-collection'))?.id ?? null;
    let cursor = first.next_cursor;
    for (let page = 1; page < DEEP_PAGES && cursor; page++)
      cursor = (await call(app, calls.getVariantList, { cursor }, token)).next_cursor;
    const bodies: Record<CatalogueQuery, Record<string, unknown>> = {
      first: {},
      search: { search: 'sweater 12' },
      filtered: { collection_id: collection, price_min: 5000, price_max: 15_000, in_stock: true },
      priceAsc: { sort: 'price-asc' },
      deep: { cursor },
    };
    const url = `${server.base}${calls.getVariantList.path}`;
    const queries = {} as Record<CatalogueQuery, Load>;
    for (const [name, body] of Object.entries(bodies) as [CatalogueQuery, Record<string, unknown>][]) {
      log(`catalogue (${kind}): ${name}`);
      queries[name] = await load(url, post(body, token));
    }
    const plans = await queryPlans(
      database,
      Object.fromEntries(
        Object.entries(bodies).map(([name, body]) => [
          name,
          (planApp: App) => call(planApp, calls.getVariantList, body, token),
        ]),
      ) as Record<CatalogueQuery, (planApp: App) => Promise<unknown>>,
    );
    return {
      database: kind,
      products: env.catalogueProducts,
      fillSeconds: Math.round(fillSeconds * 10) / 10,
      queries,
      plans,
    };
  } finally {
    await server.close();
    await database.drop();
  }
}

export async function benchCatalogue(): Promise<Omit<CatalogueResult, keyof Stamp>> {
  const runs: CatalogueRun[] = [];
  for (const kind of env.pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))
    runs.push(await catalogueRun(kind));
  return { runs };
}
