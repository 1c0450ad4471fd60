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
  tags: string[];
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
  lines: PlatformLine[];
}

export interface StorePlatform {
  findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null>;
  getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null>;
  listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]>;
  hasCustomer(shopId: number, email: string): Promise<boolean>;
  /** Idempotent by key: a retry answers the first result and moves no more money. */
  issueRefund(input: {
    orderId: number;
    amount: number;
    currency: string;
    kind: RefundKind;
    idempotencyKey: string;
  }): Promise<RefundResult>;
}

/** How a refund reaches the shopper at the platform: money back, a discount code or a gift card. */
export type RefundKind = 'original' | 'discount_code' | 'gift_card';

export interface RefundResult {
  reference: string;
  /** The discount or gift card code, empty for money back. */
  code: string;
}
