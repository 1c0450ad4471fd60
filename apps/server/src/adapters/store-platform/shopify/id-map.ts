import {
  UnknownOrder,
  VariantUnavailable,
  type DraftOrder,
  type PlatformCollection,
  type PlatformOrder,
  type PlatformProduct,
  type SuggestedRefund,
  type UnitsSold,
} from '../port.js';
import type { IdKind, ShopifyIds } from './ids.js';

/** The port's shapes with Shopify's ids turned into ours (ShopifyIds), one batch per kind. 0 stays "none". */
export class IdMap {
  constructor(
    private readonly ids: ShopifyIds,
    private readonly shopId: number,
  ) {}

  private async many(kind: IdKind, shopifyIds: number[]): Promise<(id: number) => number> {
    const known = await this.ids.local(
      this.shopId,
      kind,
      shopifyIds.filter((id) => id > 0),
    );
    return (id) => (id > 0 ? (known.get(id) ?? 0) : 0);
  }

  /** Our number for one Shopify id. */
  async one(kind: IdKind, shopifyId: number): Promise<number> {
    return (await this.many(kind, [shopifyId]))(shopifyId);
  }

  /** Shopify's id behind our number; 0 (which Shopify never has) when it is not one of the shop's. */
  async shopify(kind: IdKind, localId: number): Promise<number> {
    return (await this.ids.shopify(this.shopId, kind, localId)) ?? 0;
  }

  async orders(found: PlatformOrder[]): Promise<PlatformOrder[]> {
    const lines = found.flatMap((o) => o.lines);
    const order = await this.many(
      'Order',
      found.map((o) => o.id),
    );
    const line = await this.many(
      'LineItem',
      lines.map((l) => l.id),
    );
    const product = await this.many(
      'Product',
      lines.map((l) => l.productId),
    );
    const variant = await this.many(
      'ProductVariant',
      lines.map((l) => l.variantId),
    );
    return found.map((o) => ({
      ...o,
      id: order(o.id),
      lines: o.lines.map((l) => ({
        ...l,
        id: line(l.id),
        productId: product(l.productId),
        variantId: variant(l.variantId),
      })),
    }));
  }

  async order(found: PlatformOrder | null): Promise<PlatformOrder | null> {
    return found ? ((await this.orders([found]))[0] ?? null) : null;
  }

  async products(found: PlatformProduct[]): Promise<PlatformProduct[]> {
    const product = await this.many(
      'Product',
      found.map((p) => p.id),
    );
    const variant = await this.many(
      'ProductVariant',
      found.flatMap((p) => p.variants.map((v) => v.id)),
    );
    return found.map((p) => ({
      ...p,
      id: product(p.id),
      variants: p.variants.map((v) => ({ ...v, id: variant(v.id), productId: product(v.productId) })),
    }));
  }

  async collections(found: PlatformCollection[]): Promise<PlatformCollection[]> {
    const collection = await this.many(
      'Collection',
      found.map((c) => c.id),
    );
    return found.map((c) => ({ ...c, id: collection(c.id) }));
  }

  async suggested(found: SuggestedRefund | null): Promise<SuggestedRefund | null> {
    if (!found) return null;
    const line = await this.many(
      'LineItem',
      found.lines.map((l) => l.lineId),
    );
    return { ...found, lines: found.lines.map((l) => ({ ...l, lineId: line(l.lineId) })) };
  }

  async unitsSold(found: UnitsSold[]): Promise<UnitsSold[]> {
    const product = await this.many(
      'Product',
      found.map((u) => u.productId),
    );
    return found.map((u) => ({ ...u, productId: product(u.productId) }));
  }

  async draft(found: DraftOrder | null): Promise<DraftOrder | null> {
    if (!found) return null;
    const order = await this.many('Order', [found.fromOrderId, found.orderId ?? 0]);
    const product = await this.many(
      'Product',
      found.lines.map((l) => l.productId),
    );
    const variant = await this.many(
      'ProductVariant',
      found.lines.map((l) => l.variantId),
    );
    return {
      ...found,
      fromOrderId: order(found.fromOrderId),
      orderId: found.orderId === null ? null : order(found.orderId),
      lines: found.lines.map((l) => ({ ...l, productId: product(l.productId), variantId: variant(l.variantId) })),
    };
  }

  async lines<T extends { lineId: number }>(lines: T[]): Promise<T[]> {
    return Promise.all(lines.map(async (l) => ({ ...l, lineId: await this.shopify('LineItem', l.lineId) })));
  }

  /** The port's errors name our numbers, as the caller gave them. */
  async error(error: unknown, asked: { orderId?: number; variants?: Map<number, number> }): Promise<unknown> {
    if (error instanceof UnknownOrder && asked.orderId !== undefined)
      return new UnknownOrder(this.shopId, asked.orderId);
    if (error instanceof VariantUnavailable)
      return new VariantUnavailable(
        asked.variants?.get(error.variantId) ?? (await this.one('ProductVariant', error.variantId)),
        error.reason,
      );
    return error;
  }
}
