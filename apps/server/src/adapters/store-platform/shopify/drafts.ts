import { parseMinor } from '@return-center/domain';
import { UnknownOrder, VariantUnavailable, type DraftOrder, type DraftOrderInput } from '../port.js';
import { refuseOn, type Operation, type Session, type UserError } from './client.js';
import {
  current,
  DRAFT_FIELDS,
  isOpen,
  keyTag,
  orderTag,
  readDraft,
  TAG,
  toView,
  type DraftNode,
} from './draft-view.js';
import { readLedger, updateLedger, type Ledger, type LedgerDraft } from './ledger.js';
import { decimal, gid, idFrom, isoAt } from './mapping.js';

/**
 * Exchange drafts through `draftOrderCreate`, their units held with `reserveInventoryUntil`. Shopify keeps a draft
 * whatever stock is left, so this adapter decides: stock is read before (the group's open drafts' units counting as
 * free) and after the draft is made, and a draft that took more than there was is deleted again (VariantUnavailable).
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

export const DRAFT_DELETE: Operation = {
  name: 'DraftOrderDelete',
  query: `mutation DraftOrderDelete($input: DraftOrderDeleteInput!) {
    draftOrderDelete(input: $input) { deletedId userErrors { field message } }
  }`,
  retryable: true,
};

interface Variant {
  id: string;
  price: string;
  inventoryQuantity: number | null;
}

export interface DraftSettings {
  /** How long Shopify holds a draft's units (seconds). */
  reservationSeconds: number;
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
  if (earlier) {
    await supersede(s, input, read.ledger);
    return current(s, earlier);
  }
  if (!Number.isSafeInteger(input.credit) || input.credit < 0)
    throw new RangeError('A draft order’s credit is a whole number of minor units, 0 or more');
  const wanted = new Map<number, number>();
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('A draft order line takes at least one unit');
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) throw new RangeError('A draft order needs at least one line');

  const replaced = await openInGroup(s, input, read.ledger);
  const gone: number[] = [];
  let made: DraftNode;
  try {
    const adopted = await foundByTag(s, input.idempotencyKey);
    const variants = adopted ? null : await checkStock(s, wanted, replaced);
    for (const { entry } of replaced) {
      await deleteDraft(s, entry.id);
      gone.push(entry.id);
    }
    made =
      adopted ??
      (await createChecked(s, input, read.order.name, settings, wanted, variants ?? new Map<number, Variant>()));
  } catch (error) {
    // The drafts this one was to replace that are gone already: recorded so, their keys free.
    if (gone.length > 0)
      await updateLedger(s, input.orderId, (now) => ({
        ...now,
        drafts: now.drafts.map((d) => (gone.includes(d.id) ? freed(d) : d)),
      }));
    throw error;
  }
  const entry: LedgerDraft = {
    key: input.idempotencyKey,
    group: input.group,
    id: idFrom(made.id, 'DraftOrder'),
    state: 'live',
    refunded: 0,
    orderId: null,
    orderName: '',
    view: toView(made, input.orderId, input.credit),
  };
  const ledger = await updateLedger(s, input.orderId, (now) => {
    if (now.drafts.some((d) => d.key === entry.key)) return null;
    return { ...now, drafts: [...now.drafts.map((d) => (gone.includes(d.id) ? freed(d) : d)), entry] };
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
  for (const [variantId, quantity] of wanted) {
    const variant = variants.get(variantId);
    if (!variant) throw new VariantUnavailable(variantId, 'unknown');
    const freedUnits = replaced.reduce((sum, { node }) => sum + unitsOf(node, variantId), 0);
    if ((variant.inventoryQuantity ?? 0) + freedUnits < quantity)
      throw new VariantUnavailable(variantId, 'out_of_stock');
  }
  return variants;
}

/** Makes the draft, then reads stock again: a draft that took units another draft got first is deleted. */
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
  const node = await create(s, input, orderName, settings, Math.min(input.credit, subtotal));
  const after = await readVariants(s, [...wanted.keys()]);
  const short = [...wanted.keys()].find((id) => (after.get(id)?.inventoryQuantity ?? 0) < 0);
  if (short !== undefined) {
    await deleteDraft(s, idFrom(node.id, 'DraftOrder'));
    throw new VariantUnavailable(short, 'out_of_stock');
  }
  return node;
}

/** The group's other drafts that are still open at Shopify (paid ones stay: the shopper's money is in them). */
async function openInGroup(s: Session, input: DraftOrderInput, ledger: Ledger) {
  if (input.group === '') return [];
  const open: { entry: LedgerDraft; node: DraftNode }[] = [];
  for (const entry of ledger.drafts)
    if (entry.group === input.group && entry.key !== input.idempotencyKey && entry.state === 'live') {
      const node = await readDraft(s, entry.id);
      if (node && isOpen(node)) open.push({ entry, node });
    }
  return open;
}

/** Cancels the group's other open drafts, for a key that already has its draft. */
async function supersede(s: Session, input: DraftOrderInput, ledger: Ledger): Promise<void> {
  const replaced = await openInGroup(s, input, ledger);
  if (replaced.length === 0) return;
  for (const { entry } of replaced) await deleteDraft(s, entry.id);
  const ids = new Set(replaced.map((r) => r.entry.id));
  await updateLedger(s, input.orderId, (now) => ({
    ...now,
    drafts: now.drafts.map((d) => (ids.has(d.id) ? freed(d) : d)),
  }));
}

/** Cancelled, its key given up so the same choice later makes a new draft. (Paid ones are never passed here.) */
export const freed = (d: LedgerDraft): LedgerDraft => ({
  ...d,
  key: `freed:${String(d.id)}`,
  state: 'cancelled',
  refunded: 0,
});

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

async function create(s: Session, input: DraftOrderInput, orderName: string, settings: DraftSettings, off: number) {
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
      reserveInventoryUntil: isoAt(Math.floor(s.nowMs() / 1000) + settings.reservationSeconds),
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

/**
 * Deletes a draft (its units back, its invoice dead); one already gone counts as deleted. Shopify's errors here carry
 * no code, so a refusal is read by looking: a draft that is no longer there was deleted before.
 */
export async function deleteDraft(s: Session, draftId: number): Promise<void> {
  const { draftOrderDelete } = await s.request<{ draftOrderDelete: { userErrors: UserError[] } }>(DRAFT_DELETE, {
    input: { id: gid('DraftOrder', draftId) },
  });
  if (draftOrderDelete.userErrors.length > 0 && (await readDraft(s, draftId)))
    refuseOn('DraftOrderDelete', draftOrderDelete.userErrors);
}
