/**
 * WooCommerce's orders and refunds as Return Center's orders (contract `orderUpsert`), for push-orders.mjs: money in
 * minor units by the currency, never through floats; times in unix seconds; refunded units asked of the store.
 */
import { Buffer } from 'node:buffer';

/** Orders in these statuses were never paid or were called off: nothing to return. */
const SKIPPED_STATUSES = new Set(['pending', 'on-hold', 'failed', 'cancelled', 'trash', 'checkout-draft', 'draft']);
/** ISO 4217 minor-unit exponents other than 2 (the same table as packages/domain/src/money.ts). */
const EXPONENTS = {
  ...Object.fromEntries(
    'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF'.split(' ').map((code) => [code, 0]),
  ),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((code) => [code, 3])),
};

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
export async function toOrder(wc, env = {}) {
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
