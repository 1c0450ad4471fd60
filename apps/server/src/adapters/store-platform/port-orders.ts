import type { FeedShippingAddress } from '@return-center/contract';

/** A shop platform's view of orders, in our own types (money in minor units, times in seconds). */
export interface PlatformLine {
  id: number;
  /** The platform's own id of the line. */
  platformId: string;
  productId: number;
  variantId: number;
  title: string;
  variantTitle: string;
  sku: string;
  image: string;
  price: number;
  quantity: number;
  discount: number;
  tax: number;
  /** The product's tags (the store's final-sale tag among them). */
  tags: string[];
  /** The product's type as the merchant names it ('' when none), e.g. "Shirts". */
  productType: string;
  /** Who makes or supplies the product ('' when none). */
  vendor: string;
  /** The titles of the shop's collections the product is in (through Shopify: its first 10). */
  collections: string[];
  refundedQuantity: number;
}

export interface PlatformOrder {
  id: number;
  platformId: string;
  name: string;
  number: string;
  email: string;
  phone: string;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  createdAt: number;
  fulfilledAt: number | null;
  deliveredAt: number | null;
  refunded: boolean;
  shippingAddress: FeedShippingAddress | null;
  /** The order's own tags (not its products'). */
  tags: string[];
  /** The discount codes the shopper used on the order. */
  discountCodes: string[];
  lines: PlatformLine[];
}

export interface UnitsSold {
  productId: number;
  title: string;
  units: number;
}

/** Reading the shop's orders and customers. */
export interface PlatformOrders {
  findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null>;
  getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null>;
  listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]>;
  hasCustomer(shopId: number, email: string): Promise<boolean>;
  /** Units sold per product in orders placed in [from, to] (seconds): the console's return rate per product. */
  unitsSold(shopId: number, from: number, to: number): Promise<UnitsSold[]>;
}

/** The order is not one of the shop's: the platform refuses to act on it. */
export class UnknownOrder extends Error {
  constructor(
    readonly shopId: number,
    readonly orderId: number,
  ) {
    super(`Shop ${String(shopId)} has no order ${String(orderId)}`);
    this.name = 'UnknownOrder';
  }
}
