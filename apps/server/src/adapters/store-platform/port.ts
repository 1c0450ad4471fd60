/** A shop platform's view of orders, in our own types (money in minor units, times in seconds). */
export interface PlatformLine {
  id: number;
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
  deliveredAt: number | null;
  refunded: boolean;
  lines: PlatformLine[];
}

export interface StorePlatform {
  findOrderByNumber(shopId: number, orderNumber: string): Promise<PlatformOrder | null>;
  getOrder(shopId: number, orderId: number): Promise<PlatformOrder | null>;
  listOrdersByEmail(shopId: number, email: string): Promise<PlatformOrder[]>;
  hasCustomer(shopId: number, email: string): Promise<boolean>;
}
