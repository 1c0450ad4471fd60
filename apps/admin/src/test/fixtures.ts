import { consoleRoutes, merchantRoutes, shopSettings, type MerchantRequest } from '@return-center/contract';
import { consoleRoute, merchantRoute, ok, type FakeServer } from './fake-server';

/** The signed-in owner of the demo shop, as the session call answers (parsed by the contract). */
export const ownerSession = consoleRoutes.session.answer.parse({
  account: {
    id: 1,
    email: 'owner@trail.example',
    name: 'Olive Owner',
    role: 'owner',
    totp_enabled: false,
    language: null,
    created_at: 1_760_000_000,
  },
  shop: { id: 1, shop_url: 'trail.example', name: 'Trail Goods', currency: 'USD' },
  csrf_token: 'csrf-token-1',
});

/** The members a request can be assigned to (the queue's and the request page's assignee lists). */
export const assignees = [
  { id: 1, name: 'Olive Owner', email: 'owner@trail.example' },
  { id: 7, name: 'Sam Desk', email: 'sam@trail.example' },
];

/** Signs the console in: the session call answers this owner; the shop's assignees are these. */
export function signedIn(server: FakeServer, session = ownerSession) {
  server.on(consoleRoute('session'), ok(consoleRoute('session'), session));
  server.on(merchantRoute('assignees'), ok(merchantRoute('assignees'), assignees));
}

/** A return request waiting for review, as the merchant API answers it. */
export function merchantRequest(change: Partial<MerchantRequest> = {}): MerchantRequest {
  return merchantRoutes.get.answer.parse({
    id: 31,
    status: 1,
    refund_state: 'none',
    currency_format: '${{amount}}',
    currency: 'USD',
    decline_reason: '',
    shipping: 0,
    rma: 'RMA-000031',
    solution_id: 1,
    shipping_method_id: 2,
    order_no: '#1041',
    tax: 450,
    refund: 8950,
    discount: 500,
    total: 8050,
    customer_info: { email: 'sam@example.com', name: '' },
    tracking_number: '',
    shipping_carrier: '',
    store_name: 'Trail Goods',
    taxes_included: false,
    merchant: { email: 'help@trail.example', phone: '' },
    solution: 'Refund to original payment method',
    shipping_method: 'Ship on your own',
    product_items: [],
    shipping_address: '',
    return_address: '',
    return_shipment_proof: [],
    is_select_shipping_method_later: false,
    return_rewards_method: '',
    return_rewards_shop_amount: 0,
    packing_slip_url: '',
    label_url: '',
    drop_off: null,
    gift_balance: 0,
    discount_code: '',
    gift_card_code: '',
    actual_refund: 0,
    label_fee: 600,
    return_fee: 300,
    restocking_fee: 0,
    tracking: [],
    return_address_mode: 1,
    specious_setting: { hidden_refund: 0 },
    pickup: null,
    pickupMethod: null,
    exchange_order: null,
    created_at: 1_760_000_000,
    order_id: 41,
    customer_email: 'sam@example.com',
    language: 'en',
    refundable: 8050,
    items: [
      {
        line_item_id: 501,
        title: 'Linen shirt',
        variant_title: 'M',
        sku: 'SKU-501',
        quantity: 2,
        price: 4500,
        image: '',
        reason: 'Poor quality/faulty',
        description: 'Seam came apart',
        proof: [],
        inspection: [],
        accepted_quantity: 2,
      },
    ],
    events: [],
    ...change,
  });
}

/** The shop's settings as first saved (the contract's defaults), at version "v1". */
export const settings = shopSettings.parse({});
export const SETTINGS_VERSION = '"v1"';

/** The settings call answers these settings at this version (its ETag). */
export function withSettings(server: FakeServer, current = settings, version = SETTINGS_VERSION) {
  server.on(merchantRoute('getSettings'), ok(merchantRoute('getSettings'), current, { etag: version }));
  server.on(merchantRoute('getRetention'), ok(merchantRoute('getRetention'), null));
}

/** One row of the queue, as the merchant API's list answers it. */
export const queueRow = (id: number, status: number, orderNo: string) => ({
  id,
  status,
  refund_state: 'none' as const,
  order_id: id + 10,
  order_no: orderNo,
  customer_email: `shopper${String(id)}@example.com`,
  solution_id: 1,
  shipping_method_id: 2,
  refund: 4500,
  currency: 'USD',
  created_at: 1_760_000_000 + id,
});
