/**
 * `npm run merchant -- shops …`: the operator's commands. Unlike the rest of the CLI they open the database named by
 * the server's own environment (DATABASE_URL), so run them on the server's host, with its environment
 * (docs/decisions/013-shops-from-the-cli.md).
 */
import { randomBytes } from 'node:crypto';
import { email as emailSchema } from '@return-center/contract';
import { nowSeconds, systemClock, type Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { MIGRATIONS } from '../migrations.js';
import { ShopsService, type ShopOptions as NewShopOptions } from '../modules/storefront-config/shops.service.js';
import { ShopsRepository } from '../modules/storefront-config/shops.repository.js';
import { hashPassword } from '../modules/staff/passwords.js';
import { makeOwner, MemberOfAnotherShop } from '../modules/staff/make-owner.js';

export interface ShopOptions extends NewShopOptions {
  json?: boolean | undefined;
  /** add-owner: move an account of another shop to this one. */
  move?: boolean | undefined;
}

/** Creates a shop, its first API key and its webhook secret; the two secrets are shown only here. */
export function createShop(db: Db, clock: Clock, domain: string, options: ShopOptions) {
  return new ShopsService(db, clock).create(domain, options);
}

/**
 * Makes the email an owner of the shop with a random password shown once: a new account, or one of this shop (its
 * password reset). An account of another shop is refused unless `move` is asked: it then leaves that shop.
 */
export async function addOwner(
  db: Db,
  clock: Clock,
  domain: string,
  email: string,
  name: string,
  options: { move?: boolean | undefined } = {},
) {
  const shops = new ShopsRepository(db, clock);
  const shop = await shops.byUrl(domain);
  if (!shop) throw new Error(`No shop ${domain}: create it first (shops create ${domain})`);
  const address = emailSchema.safeParse(email);
  if (!address.success) throw new Error("Give the owner's email: --email owner@shop.example");
  const password = randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  const input = { shopId: shop.id, email: address.data, name, passwordHash, now: nowSeconds(clock) };
  const outcome = await makeOwner(db, { ...input, move: options.move === true }).catch(async (error: unknown) => {
    if (!(error instanceof MemberOfAnotherShop)) throw error;
    const other = (await shops.byId(error.shopId))?.shopUrl ?? `#${String(error.shopId)}`;
    throw new Error(
      `${address.data} is an account of ${other}. To make it the owner of ${shop.shopUrl} instead, run again with ` +
        `--move: it leaves ${other}, its sessions end and its links there stop working.`,
    );
  });
  return { shop, email: address.data, password, outcome };
}

export async function runShopsCommand(
  command: string | undefined,
  domain: string | undefined,
  options: ShopOptions,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  const config = loadConfig(env);
  const { db, dialect } = createDb(config.DATABASE_URL);
  try {
    await migrate(db, dialect, MIGRATIONS);
    if (command === 'create' && domain) {
      const { shop, apiKey, webhookSecret } = await createShop(db, systemClock, domain, options);
      if (options.json)
        out(JSON.stringify({ id: shop.id, shop: shop.shopUrl, api_key: apiKey, webhook_secret: webhookSecret }));
      else
        out(
          [
            `Shop ${shop.shopUrl} created (id ${String(shop.id)}).`,
            `  Portal:          ${config.PUBLIC_URL ?? `http://localhost:${String(config.PORT)}`}/?shop=${shop.shopUrl}`,
            `  API key:         ${apiKey}`,
            `  Webhook secret:  ${webhookSecret}`,
            'Both are shown once: keep them in your secret store now. Feed orders: docs/feeding-orders.md',
          ].join('\n'),
        );
      return 0;
    }
    if (command === 'list') {
      out('id\tdomain\tname\tcreated');
      for (const shop of await new ShopsRepository(db, systemClock).list())
        out([shop.id, shop.shop_url, shop.name, new Date(shop.created_at * 1000).toISOString()].join('\t'));
      return 0;
    }
    if (command === 'add-owner' && domain) {
      const owner = await addOwner(db, systemClock, domain, options.email ?? '', options.name ?? 'Owner', options);
      const url = config.PUBLIC_URL ?? `http://localhost:${String(config.PORT)}`;
      if (options.json) {
        out(JSON.stringify({ shop: owner.shop.shopUrl, email: owner.email, password: owner.password }));
        return 0;
      }
      out(
        [
          ...(owner.outcome === 'moved' ? [`Moved ${owner.email} to ${owner.shop.shopUrl}.`] : []),
          `Console owner ${owner.email} of ${owner.shop.shopUrl}: sign in at ${url}/admin`,
          `  Password: ${owner.password}`,
          'Shown once: change it in the console (Account) or with "Forgot password".',
        ].join('\n'),
      );
      return 0;
    }
    out('Usage: npm run merchant -- shops create <domain> [--name "Shop name"] [--currency EUR] [--email E] [--json]');
    out('       npm run merchant -- shops list');
    out(
      '       npm run merchant -- shops add-owner <domain> --email owner@shop.example [--name "Ann Owner"] [--move] [--json]',
    );
    return 1;
  } finally {
    await db.destroy();
  }
}
