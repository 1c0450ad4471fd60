#!/usr/bin/env node
/**
 * Pushes WooCommerce orders to Return Center (docs/feeding-orders.md, "WooCommerce example").
 *
 *   MERCHANT_API_URL=https://returns.example.com MERCHANT_API_KEY=rc_… node push-orders.mjs orders.json
 *   MERCHANT_API_URL=… MERCHANT_SHOP=shop.example.com MERCHANT_WEBHOOK_SECRET=whsec_… \
 *     node push-orders.mjs --webhook orders.json                # as signed webhook deliveries instead of the key
 *   node push-orders.mjs --jsonl orders.json > orders.jsonl     # no push: the file `orders import` reads
 *
 * orders.json is an array of orders as WooCommerce's REST API answers GET /wp-json/wc/v3/orders.
 * An order object names its refunds only by id and amount; to know which units were refunded the script asks the
 * store (GET /wp-json/wc/v3/orders/{id}/refunds) when WC_URL, WC_CONSUMER_KEY and WC_CONSUMER_SECRET are set.
 *
 * Node 20 or later, no dependencies; to-order.mjs beside it reads WooCommerce's orders. Exit code 0 when every order was pushed or skipped, 1 when some failed,
 * 2 when nothing could be done (usage, unreadable file, refused key).
 */
import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { toOrder } from './to-order.mjs';

/** Orders pushed at once: enough to keep the server busy, few enough to be polite. */
const CONCURRENCY = 4;
const out = (line) => process.stdout.write(`${line}\n`);
const err = (line) => process.stderr.write(`${line}\n`);

/**
 * A Standard Webhooks signature (standardwebhooks.com): `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`
 * under the bytes the `whsec_` secret holds in base64. Its libraries (npm `standardwebhooks`, PHP, Python…) sign the same.
 */
function signDelivery(secret, id, timestamp, body) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** One Return Center call; retries what may pass later (network, 5xx): every call here is idempotent. */
async function send(url, init) {
  for (let attempt = 1; ; attempt += 1) {
    let status = 0;
    let answer;
    try {
      // Each attempt is made afresh: a webhook's signature carries the time it is sent.
      const response = await globalThis.fetch(url, init());
      status = response.status;
      answer = await response.json().catch(() => ({ msg: `HTTP ${status}, not a Return Center answer` }));
    } catch (error) {
      answer = { msg: `cannot reach ${new URL(url).origin}: ${error.cause?.message ?? error.message}` };
    }
    if (answer.code === 1000) return { ok: true, ...answer.data };
    if ((status === 0 || status >= 500) && attempt < 4) {
      await sleep(500 * 2 ** attempt);
      continue;
    }
    return { ok: false, status, message: answer.msg ?? `HTTP ${status}` };
  }
}

/** PUT /merchant/v1/orders/{id} with the API key. */
function push({ id, order }, env) {
  const url = `${env.MERCHANT_API_URL.replace(/\/+$/, '')}/merchant/v1/orders/${encodeURIComponent(id)}`;
  return send(url, () => ({
    method: 'PUT',
    headers: { authorization: `Bearer ${env.MERCHANT_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(order),
  }));
}

/** POST /merchant/v1/webhooks/orders, signed with the shop's webhook secret: what a store's webhook sends. */
function deliver({ id, order, event }, env) {
  const url = `${env.MERCHANT_API_URL.replace(/\/+$/, '')}/merchant/v1/webhooks/orders`;
  const body = JSON.stringify({ id, ...order });
  return send(url, () => {
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-return-center-shop': env.MERCHANT_SHOP,
        'webhook-id': event,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signDelivery(env.MERCHANT_WEBHOOK_SECRET, event, timestamp, body),
      },
      body,
    };
  });
}

async function main(argv, env) {
  const jsonl = argv.includes('--jsonl');
  const webhook = argv.includes('--webhook');
  const file = argv.find((arg) => !arg.startsWith('--'));
  if (!file) {
    err('Usage: MERCHANT_API_URL=… MERCHANT_API_KEY=… node push-orders.mjs orders.json');
    err(
      '       MERCHANT_API_URL=… MERCHANT_SHOP=… MERCHANT_WEBHOOK_SECRET=… node push-orders.mjs --webhook orders.json',
    );
    err('       node push-orders.mjs --jsonl orders.json > orders.jsonl');
    return 2;
  }
  if (webhook && (!env.MERCHANT_API_URL || !env.MERCHANT_SHOP || !/^whsec_/.test(env.MERCHANT_WEBHOOK_SECRET ?? ''))) {
    err(
      "Set MERCHANT_API_URL, MERCHANT_SHOP (the shop's domain) and MERCHANT_WEBHOOK_SECRET (whsec_…, from `shops create`)",
    );
    return 2;
  }
  if (!jsonl && !webhook && (!env.MERCHANT_API_URL || !env.MERCHANT_API_KEY)) {
    err('Set MERCHANT_API_URL (e.g. https://returns.example.com) and MERCHANT_API_KEY (from `shops create`)');
    return 2;
  }
  let orders;
  try {
    orders = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(orders)) throw new Error('it is not a JSON array of orders');
  } catch (error) {
    err(`Cannot read ${file}: ${error.message}`);
    return 2;
  }

  // With --jsonl, stdout carries only the orders; the report goes to stderr.
  const report = jsonl ? err : out;
  const counts = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  let stopped = null;
  let next = 0;
  const work = async () => {
    while (next < orders.length && !stopped) {
      const wc = orders[next++];
      const label = `#${wc?.number ?? '?'}`.padEnd(8);
      let mapped;
      try {
        mapped = await toOrder(wc, env);
      } catch (error) {
        counts.failed += 1;
        report(`${label} failed   ${error.message} (WooCommerce id ${wc?.id})`);
        continue;
      }
      if (mapped.skip) {
        counts.skipped += 1;
        report(`${label} skipped  ${mapped.skip}`);
        continue;
      }
      for (const warning of mapped.warnings) err(`warning ${label.trim()}: ${warning}`);
      if (jsonl) {
        out(JSON.stringify({ id: mapped.id, ...mapped.order }));
        continue;
      }
      const result = await (webhook ? deliver : push)(mapped, env);
      if (result.ok && result.duplicate) {
        counts.unchanged += 1;
        out(`${label} unchanged (delivered before, WooCommerce id ${mapped.id})`);
      } else if (result.ok) {
        counts[result.created ? 'created' : 'updated'] += 1;
        out(`${label} ${result.created ? 'created' : 'updated'}  (WooCommerce id ${mapped.id})`);
      } else if (result.status === 401 || result.status === 429) {
        // Every refused key or signature counts against this address: stop before the server shuts it out.
        stopped ??= result;
      } else {
        counts.failed += 1;
        out(`${label} failed   ${result.message} (HTTP ${result.status}, WooCommerce id ${mapped.id})`);
      }
    }
  };
  await Promise.all(Array.from({ length: jsonl ? 1 : CONCURRENCY }, work));
  if (jsonl) return counts.failed > 0 ? 1 : 0;
  if (stopped) {
    const credentials = webhook ? 'MERCHANT_SHOP, MERCHANT_WEBHOOK_SECRET and the clock' : 'MERCHANT_API_KEY';
    const why =
      stopped.status === 401
        ? `the server refused ${webhook ? 'the signature' : 'MERCHANT_API_KEY'}`
        : 'the server holds back this address after too many refused keys: wait 15 minutes';
    err(
      `Stopped: ${why} (HTTP ${stopped.status}: ${stopped.message}). ` +
        `${counts.created + counts.updated} orders were saved before; check ${credentials} and MERCHANT_API_URL.`,
    );
    return 2;
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const unchanged = webhook ? `${counts.unchanged} unchanged, ` : '';
  out(
    `${total} orders: ${counts.created} created, ${counts.updated} updated, ${unchanged}${counts.skipped} skipped, ` +
      `${counts.failed} failed`,
  );
  return counts.failed > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2), process.env);
