import { merchantRoutes, type DeskOrder, type DeskQuote } from '@return-center/contract';

const line = (id: number, title: string, quantity: number, refundable: number) => ({
  id,
  line_item_id: id,
  product_id: id * 10,
  variant: { product_id: id * 10, variant_id: id * 100 },
  title,
  variant_title: 'M',
  sku: `SKU-${String(id)}`,
  image: '',
  price: 4500,
  quantity,
  refundable_quantity: refundable,
});

/** Order #1041 at the desk: two returnable lines (501, 502), one past its window (503), the shop's reasons. */
export function deskOrder(change: Partial<DeskOrder['order']> = {}): DeskOrder {
  return merchantRoutes.deskOrder.answer.parse({
    customer_email: 'sam@example.com',
    reasons: [
      { id: 1, group_id: 1, text: 'Poor quality/faulty', proof: 'required' },
      { id: 5, group_id: 1, text: "Doesn't suit me", proof: 'optional' },
      { id: 6, group_id: 1, text: 'Too small', proof: 'optional' },
    ],
    order: {
      id: 41,
      order_name: '#1041',
      order_create_time: 1_760_000_000,
      yes: [line(501, 'Linen shirt', 2, 2), line(502, 'Canvas sneakers', 1, 1)],
      no: [{ ...line(503, 'Wool beanie', 1, 0), reason: 'missed_window', request_id: null }],
      return_setting: {
        return_window_days: 30,
        refund_shipping: false,
        return_fee: 300,
        label_fee: 600,
        restocking_fee_percent: 0,
      },
      total_price_set: { currency: 'USD', currency_format: '${{amount}}', money: 13500 },
      shopify_order_id: '',
      returnShippingMethod: [
        { id: 1, name: 'Return label from the merchant', description: '', fee: 600 },
        { id: 2, name: 'Ship on your own', description: '', fee: 0 },
      ],
      returnSolution: [
        { id: 1, name: 'Refund', description: '' },
        { id: 2, name: 'Discount code', description: '' },
      ],
      pickupMethod: { carrierDefault: 'USPS', carriersList: [], pickupTime: {}, pickupTimeDefault: '9-11' },
      pickup_is_ok: false,
      has_free_shipping: false,
      delivery_date_check: false,
      customer_wise_name: '',
      customer_wise_iban: '',
      wise_account_id: '',
      pickup_address: {},
      request_id: null,
      ...change,
    },
  });
}

/** The server's money for a return worth `total` (after a 3.00 return fee). */
export function deskQuote(total: number): DeskQuote {
  return merchantRoutes.deskQuote.answer.parse({
    money: {
      total,
      discount: 0,
      tax: 0,
      refund: total,
      max_refund: total,
      shipping: { money: 0, tax: 0, max: 0 },
      origin_subtotal: total + 300,
      exchange_amount: 0,
      return_fee: 300,
      label_fee: 0,
      restocking_fee: 0,
      currency: 'USD',
      currency_format: '${{amount}}',
    },
    solutions: [
      { id: 1, name: 'Refund', description: '' },
      { id: 2, name: 'Discount code', description: '' },
    ],
    methods: [
      { id: 1, name: 'Return label from the merchant', description: '', fee: 600 },
      { id: 2, name: 'Ship on your own', description: '', fee: 0 },
    ],
  });
}
