import type { Clock } from '../clock.js';
import { nowSeconds } from '../clock.js';
import { shopSettings } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { Db } from '../db/database.js';
import { catalogue, catalogueImage } from './catalogue.js';
import { DEMO_ORDERS, demoSku, insertDemoOrder } from './demo-orders.js';
import { LocalStorePlatform } from '../adapters/store-platform/local.js';
import { insertRequest, lineSnapshot, orderSnapshot } from '../modules/requests/new-request.js';
import { ShopsService } from '../modules/storefront-config/shops.service.js';
import { moneyOfLines } from '../modules/returns/selection.js';

export const DEMO_SHOP = 'demo-shop.myshopify.com';
export const DEMO_MERCHANT_KEY = 'demo-merchant-key';
/** The demo shop's console owner: exists only while the demo key does (no MERCHANT_API_KEY, SEED_DEMO on). */
export const DEMO_OWNER = { email: 'owner@demo-shop.example', password: 'demo-owner-password', name: 'Demo Owner' };
const DAY = 86400;

/** Seeds the demo shop once: a second start finds it and keeps the data. */
export async function seedDemoShop(db: Db, clock: Clock, shopUrl = DEMO_SHOP): Promise<boolean> {
  const existing = await db.selectFrom('shops').select('id').where('shop_url', '=', shopUrl).executeTakeFirst();
  if (existing) return false;
  const now = nowSeconds(clock);
  await db.transaction().execute(async (trx) => {
    // The demo offers every solution and method, so that a new user sees them (exchanges #13, pickup and bank #14), and
    // a bonus for keeping the money at the shop.
    const settings = shopSettings.parse({
      test_store_data: 1,
      solutions: [1, 2, 4, 5, 6],
      shipping_methods: [1, 2, 3, 4],
      // The EU withdrawal function (ADR 046) is on, although the demo sells in dollars, so the quick start shows it.
      withdrawal: { enabled: true },
    });
    settings.return_setting.credit_bonus = { type: 'percent', value: 10, max: 1000 };
    // The quick start shows instant exchanges (ADR 047); a shop's default is off.
    settings.instant_exchange.enabled = true;
    settings.text.return_policy_link.content = '';
    // A believable brand for a first look (#15): its logo and colour in the header, its picture beside the login.
    settings.style.portal_top_content = { type: 'logo', value: catalogueImage('demo-logo'), url: '' };
    settings.style.background_image = catalogueImage('demo-login');
    settings.style.return_page_primary_color = '#1f4d3a';
    const shop = await new ShopsService(trx, clock).add(
      {
        shopUrl,
        name: 'Fernhill Supply Co.',
        currency: 'USD',
        contactEmail: 'support@demo-shop.example',
        contactPhone: '+1 212-555-0100',
      },
      settings,
    );

    const platform = new LocalStorePlatform(trx, clock);
    for (const [rank, product] of catalogue.entries())
      await platform.addProduct(shop.id, {
        title: product.title,
        handle: product.handle,
        image: catalogueImage(product.handle),
        tags: product.tags,
        productType: product.productType,
        vendor: product.vendor,
        collections: [...product.tags.filter((tag) => tag !== 'final-sale'), ...(product.onSale ? ['sale'] : [])],
        rank,
        createdAt: now - (catalogue.length - rank) * DAY,
        variants: product.options.map((option, i) => ({
          title: option,
          sku: demoSku(product.handle, option),
          price: product.price,
          stock: product.stock[i] ?? 0,
          options: [option],
        })),
      });

    for (const order of DEMO_ORDERS) {
      const { orderId, lineIds } = await insertDemoOrder(trx, shop.id, order, order.number, now);
      if (order.number === '1005') {
        const placed = present(await platform.getOrder(shop.id, orderId), 'demo order #1005');
        const lineId = present(lineIds[0], 'first line of demo order #1005');
        const shoes = present(
          placed.lines.find((line) => line.id === lineId),
          'the Running Shoes of #1005',
        );
        // The money a submit of this line would have stored, so that the demo's merchant can refund it.
        const money = moneyOfLines(
          settings.return_setting,
          placed,
          [{ line: { ...shoes, returnedBefore: 0 }, quantity: 1 }],
          {
            returnsEverything: false,
            shippingMethodId: 2,
          },
        );
        await insertRequest(trx, {
          shop_id: shop.id,
          order_id: orderId,
          solution_id: 1,
          shipping_method_id: 2,
          refund: money.total,
          money: JSON.stringify(money),
          currency: order.currency,
          language: 'en',
          idempotency_key: 'seed-1005',
          ...orderSnapshot(placed),
          created_at: now - DAY,
          items: [
            {
              ...lineSnapshot(placed, lineId),
              quantity: 1,
              reason_id: 5,
              reason_text: "Doesn't suit me",
              description: '',
              proof: '[]',
            },
          ],
        });
      }
    }
  });
  return true;
}

export const demoLogins = DEMO_ORDERS.map((o) => ({
  order: `#${o.number}`,
  email: o.customer.email,
  phone: o.customer.phone,
}));
