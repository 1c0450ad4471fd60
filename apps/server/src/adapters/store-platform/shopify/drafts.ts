import { parseMinor } from '@return-center/domain';
import { UnknownOrder, VariantUnavailable, type DraftOrder, type DraftOrderInput } from '../port.js';
import { refuseOn, type Operation, type Session, type UserError } from './client.js';
import { current, DRAFT_FIELDS, keyTag, orderTag, TAG, toView, type DraftNode } from './draft-view.js';
import { deleteDraft } from './draft-cancel.js';
import { lapsedHold, othersInGroup, replace, reserves } from './draft-groups.js';
import { readLedger, updateLedger, type LedgerDraft } from './ledger.js';
import { decimal, gid, idFrom, isoAt } from './mapping.js';

/**
 * Exchange drafts through `draftOrderCreate`. Shopify keeps a draft whatever stock is left, so this adapter decides:
 * stock is read before (the units the group's replaced drafts hold counting as free). A draft with nothing due holds
 * its units with `reserveInventoryUntil` (the input's holdUntil), and stock is read again after it is made: one that
 * took more than there was is deleted again (VariantUnavailable). A draft with something due reserves nothing: Shopify
 * takes its units when the shopper pays the invoice, which completes it into an order.
 * One draft per key: the order's ledger finds it, and a retry after a lost answer finds the draft by its key's tag.
 * Called inside the shop's mutex.
 */

const VARIANTS: Operation = {
  name: 'Variants',
  query: `query Variants($ids: [ID!]!) {
    nodes(ids: $ids) { ... on ProductVariant { id price inventoryQuantity } }
  }`,
  retryable: true,
};

const DRAFT_CREATE: Operation = {
  name: 'DraftOrderCreate',
  query: `mutation DraftOrderCreate($input: DraftOrderInput!) {
    draftOrderCreate(input: $input) { draftOrder { ${DRAFT_FIELDS} } userErrors { field message } }
  }`,
  // A second one would be a second draft: an attempt after a lost answer finds the first by its tag instead.
  retryable: false,
};

const DRAFT_BY_TAG: Operation = {
  name: 'DraftOrdersByTag',
  query: `query DraftOrdersByTag($query: String!) { draftOrders(first: 5, query: $query) { nodes { ${DRAFT_FIELDS} } } }`,
  retryable: true,
};

interface Variant {
  id: string;
  price: string;
  inventoryQuantity: number | null;
}

export interface DraftSettings {
  /** The shop's currency, the variants' prices are in. */
  shopCurrency: string;
}

export async function createDraftOrder(
  s: Session,
  shopId: number,
  input: DraftOrderInput,
  settings: DraftSettings,
): Promise<DraftOrder> {
  const read = await readLedger(s, input.orderId);
  if (!read) throw new UnknownOrder(shopId, input.orderId);
  const earlier = read.ledger.drafts.find((d) => d.key === input.idempotencyKey);
  const lapsed = earlier ? await lapsedHold(s, earlier) : null;
  if (earlier && !lapsed) {
    await replace(s, input.orderId, await othersInGroup(s, input, read.ledger));
    return current(s, earlier);
  }
  // Its time is up though no sweep has cancelled it yet: it goes, and the same key makes a new draft.
  if (earlier && lapsed) await replace(s, input.orderId, [{ entry: earlier, node: lapsed }]);
  if (!Number.isSafeInteger(input.credit) || input.credit < 0)
    throw new RangeError('A draft order’s credit is a whole number of minor units, 0 or more');
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('A draft order line takes at least one unit');
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) throw new RangeError('A draft order needs at least one line');

  const replaced = await othersInGroup(s, input, read.ledger);
  let made: DraftNode;
  const adopted = await foundByTag(s, input.idempotencyKey);
  if (adopted) {
    await replace(s, input.orderId, replaced);
    made = adopted;
  } else {
    const variants = await checkStock(s, wanted, replaced);
    // Only once this draft can be had: when it cannot, the drafts it was to replace stay as they were.
    await replace(s, input.orderId, replaced);
    made = await createChecked(s, input, read.order.name, settings, wanted, variants);
  }
  const entry: LedgerDraft = {
    key: input.idempotencyKey,
    group: input.group,
    id: idFrom(made.id, 'DraftOrder'),
    state: 'live',
    held: false,
    refunded: 0,
    orderId: null,
    orderName: '',
    view: toView(made, input.orderId, input.credit),
  };
  const ledger = await updateLedger(s, input.orderId, (now) => {
    if (now.drafts.some((d) => d.key === entry.key)) return null;
    return { ...now, drafts: [...now.drafts, entry] };
  });
  const recorded = ledger.drafts.find((d) => d.key === entry.key);
  // Another instance recorded a draft for this key first: ours goes.
  if (recorded && recorded.id !== entry.id) await deleteDraft(s, entry.id);
  return current(s, recorded ?? entry);
}

/** Enough units of each variant, counting those the drafts about to be replaced hold; else VariantUnavailable. */
async function checkStock(
  s: Session,
  wanted: Map<number, number>,
  replaced: { node: DraftNode }[],
): Promise<Map<number, Variant>> {
  const variants = await readVariants(s, [...wanted.keys()]);
  const now = Math.floor(s.nowMs() / 1000);
  for (const [variantId, quantity] of wanted) {
    const variant = variants.get(variantId);
    if (!variant) throw new VariantUnavailable(variantId, 'unknown');
    const freedUnits = replaced
      .filter(({ node }) => reserves(node, now))
      .reduce((sum, { node }) => sum + unitsOf(node, variantId), 0);
    if ((variant.inventoryQuantity ?? 0) + freedUnits < quantity)
      throw new VariantUnavailable(variantId, 'out_of_stock');
  }
  return variants;
}

/**
 * Makes the draft. One with nothing due reserves its units: stock is read again, and a draft that took units another
 * draft got first is deleted.
 */
async function createChecked(
  s: Session,
  input: DraftOrderInput,
  orderName: string,
  settings: DraftSettings,
  wanted: Map<number, number>,
  variants: Map<number, Variant>,
): Promise<DraftNode> {
  const subtotal = [...wanted].reduce(
    (sum, [id, quantity]) => sum + parseMinor(variants.get(id)?.price ?? '0', settings.shopCurrency) * quantity,
    0,
  );
  const off = Math.min(input.credit, subtotal);
  const reserve = off >= subtotal;
  const node = await create(s, input, orderName, off, reserve);
  if (!reserve) return node;
  const after = await readVariants(s, [...wanted.keys()]);
  const short = [...wanted.keys()].find((id) => (after.get(id)?.inventoryQuantity ?? 0) < 0);
  if (short !== undefined) {
    await deleteDraft(s, idFrom(node.id, 'DraftOrder'));
    throw new VariantUnavailable(short, 'out_of_stock');
  }
  return node;
}

const unitsOf = (node: DraftNode, variantId: number) =>
  node.lineItems.nodes
    .filter((l) => l.variant?.id === gid('ProductVariant', variantId))
    .reduce((sum, l) => sum + l.quantity, 0);

async function readVariants(s: Session, ids: number[]): Promise<Map<number, Variant>> {
  const { nodes } = await s.request<{ nodes: (Variant | null)[] }>(VARIANTS, {
    ids: ids.map((id) => gid('ProductVariant', id)),
  });
  // Another shop's variant, or another kind of thing, answers null (or an object without a price).
  return new Map(
    nodes.filter((n): n is Variant => typeof n?.price === 'string').map((n) => [idFrom(n.id, 'ProductVariant'), n]),
  );
}

async function foundByTag(s: Session, key: string): Promise<DraftNode | null> {
  const { draftOrders } = await s.request<{ draftOrders: { nodes: DraftNode[] } }>(DRAFT_BY_TAG, {
    query: `tag:${keyTag(key)}`,
  });
  return draftOrders.nodes.find((n) => n.tags.includes(keyTag(key)) && n.status !== 'COMPLETED') ?? null;
}

async function create(s: Session, input: DraftOrderInput, orderName: string, off: number, reserve: boolean) {
  const { draftOrderCreate } = await s.request<{
    draftOrderCreate: { draftOrder: DraftNode | null; userErrors: UserError[] };
  }>(DRAFT_CREATE, {
    input: {
      email: input.email.trim().toLowerCase(),
      presentmentCurrencyCode: input.currency,
      lineItems: [...mergeLines(input)].map(([variantId, quantity]) => ({
        variantId: gid('ProductVariant', variantId),
        quantity,
      })),
      // `value` is a Float in Shopify's schema; the exact amount travels beside it as a decimal string.
      ...(off > 0
        ? {
            appliedDiscount: {
              title: 'Return credit',
              valueType: 'FIXED_AMOUNT',
              value: Number(decimal(off, input.currency)),
              amountWithCurrency: { amount: decimal(off, input.currency), currencyCode: input.currency },
            },
          }
        : {}),
      ...(reserve ? { reserveInventoryUntil: isoAt(input.holdUntil) } : {}),
      tags: [TAG, orderTag(input.orderId), keyTag(input.idempotencyKey)],
      note: `Exchange for order ${orderName}`,
    },
  });
  refuseOn('DraftOrderCreate', draftOrderCreate.userErrors);
  if (!draftOrderCreate.draftOrder) throw new Error('Shopify made no draft order and said nothing');
  return draftOrderCreate.draftOrder;
}

const mergeLines = (input: DraftOrderInput) => {
  const lines = new Map<number, number>();
  for (const l of input.lines) lines.set(l.variantId, (lines.get(l.variantId) ?? 0) + l.quantity);
  return lines;
};
