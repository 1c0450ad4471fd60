import { calls, type AnswerOf } from '@return-center/contract';
import { newYorkPickupAddress } from '@return-center/contract/sample-return';
import type { ExchangeChoice, FormItem, ReturnForm } from '../shared/return-form';
import { ok, type FakeApi } from './fake-api';

/** One order of a US shop, as orderInfo answers it (parsed by the contract, so it stays faithful). */
export const ORDER_ID = 41;

const line = (lineItemId: number, title: string, variantTitle: string, price: number, quantity: number) => ({
  id: lineItemId - 400,
  line_item_id: lineItemId,
  product_id: lineItemId * 10,
  variant: { product_id: lineItemId * 10, variant_id: lineItemId * 100 },
  title,
  variant_title: variantTitle,
  sku: `SKU-${lineItemId}`,
  image: `/catalogue/${lineItemId}.png`,
  price,
  quantity,
  refundable_quantity: quantity,
});

export const shirt = line(501, 'Linen shirt', 'M', 4500, 2);
export const tote = line(502, 'Canvas tote', '', 2000, 1);

export const order: AnswerOf<typeof calls.orderInfo> = calls.orderInfo.answer.parse({
  id: ORDER_ID,
  order_name: '#1041',
  order_create_time: 1_760_000_000,
  yes: [shirt, tote],
  no: [{ ...line(503, 'Wool scarf', 'Grey', 3000, 1), reason: 'missed_window', request_id: null }],
  return_setting: {
    return_window_days: 30,
    refund_shipping: false,
    return_fee: 0,
    label_fee: 0,
    restocking_fee_percent: 0,
  },
  total_price_set: { currency: 'USD', currency_format: '${{amount}}', money: 9500 },
  shopify_order_id: 'gid-1041',
  returnShippingMethod: [],
  returnSolution: [],
  pickupMethod: { carrierDefault: 'USPS-EASYPOST', carriersList: [], pickupTime: {}, pickupTimeDefault: '9-11' },
  pickup_is_ok: false,
  has_free_shipping: false,
  delivery_date_check: false,
  customer_wise_name: '',
  customer_wise_iban: '',
  wise_account_id: '',
  pickup_address: {},
  request_id: null,
});

/** getReason: one reason needs proof photos. */
export const reasons: AnswerOf<typeof calls.getReason> = calls.getReason.answer.parse({
  list: [
    { id: 1, group_id: 1, text: 'Arrived too late', proof: 'optional' },
    { id: 2, group_id: 1, text: 'Poor quality/faulty', proof: 'required' },
    { id: 6, group_id: 2, text: 'Others (specify in notes)', proof: 'optional' },
  ],
});

export const chosenShirt: FormItem = {
  line_item_id: shirt.line_item_id,
  quantity: 2,
  reason_id: 2,
  reason_text: 'Poor quality/faulty',
  reason_description: 'Seam came apart',
  provide_proof: ['/uploads/a.png'],
};

/** The order's pickup address in the pickup tests (the server's window is in Eastern Time). */
export const pickupAddress = newYorkPickupAddress;

/** Puts a return form in storage, as the earlier steps leave it. */
export function storeForm(form: Partial<ReturnForm>) {
  const full: ReturnForm = {
    order_product: {},
    solution_id: null,
    shipping_method_id: null,
    exchange_items: [],
    exchange_paid: null,
    exchange_hold: null,
    pickup: null,
    wise: null,
    idempotency_key: 'idem-key-0001',
    ...form,
  };
  window.localStorage.setItem(`return-form:${ORDER_ID}`, JSON.stringify(full));
}

export const storedForm = (): ReturnForm | null => {
  const raw = window.localStorage.getItem(`return-form:${ORDER_ID}`);
  return raw ? (JSON.parse(raw) as ReturnForm) : null;
};

/** getVariantList for the shirt's product: sizes and colours, XL sold out, no Blue XL. */
export const shirtVariants: AnswerOf<typeof calls.getVariantList> = (() => {
  const variant = (id: number, size: string, colour: string, price: number, stock: number) => ({
    id,
    product_id: shirt.product_id,
    title: `${size} / ${colour}`,
    price,
    inventory_quantity: stock,
    option1: size,
    option2: colour,
    option3: null,
    image: '/catalogue/501.png',
  });
  return calls.getVariantList.answer.parse({
    list: [
      {
        id: shirt.product_id,
        title: 'Linen shirt',
        image: '/catalogue/501.png',
        created_at: 1_700_000_000,
        option_names: ['Size', 'Colour'],
        variants: [
          // The variant the shopper bought (shirt.variant.variant_id).
          variant(shirt.variant.variant_id, 'M', 'White', 4500, 4),
          variant(50101, 'L', 'White', 4500, 3),
          variant(50102, 'XL', 'White', 5200, 0),
          variant(50103, 'M', 'Blue', 4800, 2),
          variant(50104, 'L', 'Blue', 4800, 5),
        ],
      },
    ],
    next_cursor: null,
    collections: [],
  });
})();

/** Two shirts in L / White instead, as the exchange step stores them. */
export const largeWhiteShirts: ExchangeChoice = {
  variant_id: 50101,
  product_id: shirt.product_id,
  count: 2,
  variant: { price: 4500 },
  title: 'Linen shirt',
  variant_title: 'L / White',
};

/** The three upload steps of spec §7, all succeeding: the stored photo's URL is `https://cdn.test/<filename>`. */
export function stubUploads(api: FakeApi) {
  api.on(calls.getUploadKey, (request) => {
    const filename = request.query.filename ?? '';
    return ok(calls.getUploadKey, {
      data: {
        url: `https://bucket.test/put/${filename}`,
        key: `key-${filename}`,
        output_url: `https://bucket.test/out/${filename}`,
      },
    });
  });
  api.onPut({ status: 200, body: null });
  api.on(calls.uploadCallback, (request) => {
    const name = String(request.query.url).split('/').pop() ?? '';
    return ok(calls.uploadCallback, {
      ossUrl: `https://cdn.test/${name}`,
      name,
      size: 1,
      type: 'image/png',
      path: name,
    });
  });
}

export const photo = (name: string, type = 'image/png', size = 1024) =>
  new File([new Uint8Array(size)], name, { type });

/** What getReturnMoney answers for the $90 shirt exchanged in full, with no fees; a test changes what it is about. */
export const shirtExchangeMoney = (changes: Partial<AnswerOf<typeof calls.getReturnMoney>> = {}) =>
  ok(calls.getReturnMoney, {
    total: 9000,
    discount: 0,
    tax: 0,
    refund: 9000,
    max_refund: 9000,
    shipping: { money: 0, tax: 0, max: 0 },
    origin_subtotal: 9000,
    exchange_amount: 9000,
    return_fee: 0,
    label_fee: 0,
    restocking_fee: 0,
    currency: 'USD',
    currency_format: '${{amount}}',
    instant_exchange: false,
    ...changes,
  });
