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
 * Node 20 or later, no dependencies. Exit code 0 when every order was pushed or skipped, 1 when some failed,
 * 2 when nothing could be done (usage, unreadable file, refused key).
 */
import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Orders in these statuses were never paid or were called off: nothing to return. */
const SKIPPED_STATUSES = new Set(['pending', 'on-hold', 'failed', 'cancelled', 'trash', 'checkout-draft', 'draft']);
/** Orders pushed at once: enough to keep the server busy, few enough to be polite. */
const CONCURRENCY = 4;
/** ISO 4217 minor-unit exponents other than 2 (the same table as packages/domain/src/money.ts). */
const EXPONENTS = {
  ...Object.fromEntries(
    'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF'.split(' ').map((code) => [code, 0]),
  ),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((code) => [code, 3])),
};

const out = (line) => process.stdout.write(`${line}\n`);
const err = (line) => process.stderr.write(`${line}\n`);

/**
 * A WooCommerce amount ("12.50", "-9.00", or a number) in minor units of `currency`, by string arithmetic: no float
 * ever holds money. WooCommerce answers 2 decimals by default (its `dp` parameter) and may keep more on taxes, so
 * digits beyond the currency's are rounded half away from zero ("1500.00" JPY is 1500, "0.125" EUR is 13).
 */
function toMinor(value, currency) {
  const text = String(value ?? '').trim();
  if (text === '') return 0;
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) throw new Error(`"${text}" is not a decimal amount`);
  const [, sign, whole, fraction = ''] = match;
  const exponent = EXPONENTS[currency] ?? 2;
  const kept = BigInt(`${whole}${fraction.slice(0, exponent).padEnd(exponent, '0')}` || '0');
  const units = kept + ((fraction[exponent] ?? '0') >= '5' ? 1n : 0n);
  const result = Number(sign === '-' ? -units : units);
  if (!Number.isSafeInteger(result)) throw new Error(`"${text}" is too large`);
  return result;
}

/** WooCommerce's `*_gmt` times ("2026-11-02T09:15:00", UTC without a zone) in unix seconds; null stays null. */
function toSeconds(value) {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
  if (Number.isNaN(ms)) throw new Error(`"${text}" is not a time`);
  return Math.floor(ms / 1000);
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…' };
/** WooCommerce answers names with HTML entities ("Ship Your Idea &ndash; Black"). */
const decode = (text) =>
  String(text ?? '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/gi, (entity, name) => ENTITIES[name.toLowerCase()] ?? entity)
    .trim();

const metaValue = (item, key) => (item.meta_data ?? []).find((meta) => meta.key === key)?.value;

/** A variation's attributes ("Blue / M"): the line's visible meta data, as the shop names it. */
function variantTitle(item) {
  if (!item.variation_id) return '';
  return (item.meta_data ?? [])
    .filter((meta) => typeof meta.key === 'string' && !meta.key.startsWith('_'))
    .map((meta) => meta.display_value ?? meta.value)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map(decode)
    .filter((value) => value !== '')
    .join(' / ');
}

/**
 * One line item. WooCommerce keeps the line's `subtotal` (before coupons) and `total` (after), both for all its
 * units and without tax, and `total_tax` after coupons. Its `price` is a float: not used. The unit price is the
 * subtotal divided by the quantity, rounded up when it does not divide evenly, and the discount is whatever makes
 * price × quantity − discount equal the line's total, so the line's money stays exact.
 */
function toLine(item, currency) {
  const quantity = Number(item.quantity);
  const subtotal = toMinor(item.subtotal, currency);
  const total = toMinor(item.total, currency);
  const price = Math.ceil(subtotal / quantity);
  const image = typeof item.image?.src === 'string' && /^https?:\/\//.test(item.image.src) ? item.image.src : '';
  return {
    id: String(item.id),
    product_id: Number(item.product_id) || 0,
    variant_id: Number(item.variation_id) || 0,
    title: decode(item.parent_name || item.name).slice(0, 255),
    variant_title: variantTitle(item).slice(0, 255),
    sku: String(item.sku ?? '').slice(0, 100),
    image,
    price,
    quantity,
    discount: Math.max(0, price * quantity - total),
    tax: toMinor(item.total_tax, currency),
  };
}

/** A refund as GET /orders/{id}/refunds answers it: its line items name the order's line in `_refunded_item_id`. */
function toRefund(refund) {
  const lines = new Map();
  for (const item of refund.line_items ?? []) {
    const lineId = metaValue(item, '_refunded_item_id');
    const quantity = Math.abs(Number(item.quantity) || 0);
    if (lineId === undefined || quantity === 0) continue; // an amount refunded on a line, no units
    lines.set(String(lineId), (lines.get(String(lineId)) ?? 0) + quantity);
  }
  return {
    id: String(refund.id),
    created_at: toSeconds(refund.date_created_gmt),
    lines: [...lines].map(([line_id, quantity]) => ({ line_id, quantity })),
  };
}

/** The refunds of an order with their line items, from the store, when it may be asked. */
async function refundsOf(wc, env) {
  const listed = wc.refunds ?? [];
  if (listed.length === 0) return { refunds: [], warnings: [] };
  if (listed.every((refund) => Array.isArray(refund.line_items))) return { refunds: listed, warnings: [] };
  if (!env.WC_URL || !env.WC_CONSUMER_KEY || !env.WC_CONSUMER_SECRET) {
    // Refunded in full: every unit is refunded below, whichever refund took it.
    if (wc.status === 'refunded') return { refunds: [], warnings: [] };
    const amounts = listed.map((refund) => `${refund.id} (${String(refund.total).replace('-', '')})`).join(', ');
    return {
      refunds: [],
      warnings: [
        `refunds ${amounts} name no units in the export, so those units stay returnable; ` +
          'set WC_URL, WC_CONSUMER_KEY and WC_CONSUMER_SECRET to fetch them',
      ],
    };
  }
  const url = `${env.WC_URL.replace(/\/+$/, '')}/wp-json/wc/v3/orders/${encodeURIComponent(wc.id)}/refunds?per_page=100`;
  const basic = Buffer.from(`${env.WC_CONSUMER_KEY}:${env.WC_CONSUMER_SECRET}`).toString('base64');
  const response = await globalThis.fetch(url, { headers: { authorization: `Basic ${basic}` } });
  if (!response.ok) throw new Error(`WooCommerce answered HTTP ${response.status} to ${url}`);
  return { refunds: await response.json(), warnings: [] };
}

/** A WooCommerce order as Return Center's order (contract `orderUpsert`), or why it is skipped. */
async function toOrder(wc, env = {}) {
  if (SKIPPED_STATUSES.has(wc.status)) return { skip: `status ${wc.status}` };
  const currency = String(wc.currency ?? '').toUpperCase();
  const lines = [];
  const warnings = [];
  for (const item of wc.line_items ?? []) {
    if (!(Number(item.quantity) > 0)) {
      warnings.push(`line ${item.id} has quantity ${item.quantity}: left out`);
      continue;
    }
    const line = toLine(item, currency);
    if (line.price * line.quantity < toMinor(item.total, currency))
      warnings.push(`line ${item.id} costs more after discounts than before; its total is taken as its subtotal`);
    lines.push(line);
  }
  const fetched = await refundsOf(wc, env);
  warnings.push(...fetched.warnings);
  const refunds = fetched.refunds.map(toRefund);
  if (wc.status === 'refunded') {
    // Refunded in full, perhaps as an amount without units: every unit not yet refunded is refunded now.
    const refunded = new Map();
    for (const part of refunds.flatMap((refund) => refund.lines))
      refunded.set(part.line_id, (refunded.get(part.line_id) ?? 0) + part.quantity);
    const rest = lines
      .map((line) => ({ line_id: line.id, quantity: line.quantity - (refunded.get(line.id) ?? 0) }))
      .filter((part) => part.quantity > 0);
    if (rest.length > 0)
      refunds.push({
        id: 'refunded',
        created_at: toSeconds(wc.date_modified_gmt) ?? toSeconds(wc.date_created_gmt),
        lines: rest,
      });
  }
  const billing = wc.billing ?? {};
  const order = {
    name: `#${wc.number}`,
    number: String(wc.number),
    email: String(billing.email ?? ''),
    phone: String(billing.phone ?? '').slice(0, 32),
    first_name: String(billing.first_name ?? ''),
    last_name: String(billing.last_name ?? ''),
    currency,
    created_at: toSeconds(wc.date_created_gmt),
    // WooCommerce's "completed" means shipped; it does not know when the parcel arrived.
    fulfilled_at: wc.status === 'completed' ? toSeconds(wc.date_completed_gmt) : null,
    delivered_at: null,
    // What the shopper paid for shipping, its tax included.
    shipping: toMinor(wc.shipping_total, currency) + toMinor(wc.shipping_tax, currency),
    lines,
    refunds,
  };
  // One webhook id per state of the order: WooCommerce moves date_modified_gmt on every change.
  const event = `wc-${wc.id}-${toSeconds(wc.date_modified_gmt) ?? order.created_at}`;
  return { id: String(wc.id), order, event, warnings };
}

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
