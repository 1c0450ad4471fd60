import { MERCHANT_BASE, type MerchantRequest } from '@return-center/contract';
import { present } from '@return-center/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, patchSettings, type TestApp } from '../../../test/helper.js';
import type { PlatformProduct } from '../../adapters/store-platform/port.js';
import { Outbox } from '../jobs/outbox.js';
import { queueOverdueHolds } from '../requests/exchange-hold.js';
import { exchangeDesk, lineVariant, minorOf, type ExchangeDesk } from './test-support.js';

const DAY_MS = 86_400_000;

/** Products a shopper returns (several sizes each), and goods they may take instead, cheaper or dearer. */
const RETURNED = ['Linen Shirt', 'Canvas Sneakers', 'Oxford Shirt', 'Chino Trousers', 'Denim Jacket'];
const OTHERS = ['Cotton T-Shirt', 'Leather Belt', 'Canvas Tote', 'Rain Jacket', 'Leather Backpack'];

/** What the merchant does after the submit. */
const PATHS = [
  'leave-open',
  'reject',
  'refund-all',
  'refund-part',
  'resolve',
  'inspect-then-refund',
  'reject-after-receipt',
  // An instant exchange's parcel comes after its hold was captured in full; then the merchant refunds what is left.
  'late-then-refund',
] as const;

const scenario = fc.record({
  bonus: fc.oneof(
    fc.record({ type: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ type: fc.constant('fixed' as const), value: fc.integer({ min: 0, max: 3000 }) }),
  ),
  bonusCap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })),
  returnFee: fc.integer({ min: 0, max: 800 }),
  product: fc.constantFrom(...RETURNED),
  price: fc.integer({ min: 500, max: 20_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  discountPercent: fc.integer({ min: 0, max: 70 }),
  taxPercent: fc.integer({ min: 0, max: 25 }),
  returned: fc.integer({ min: 1, max: 3 }),
  swap: fc.oneof(
    fc.record({ kind: fc.constant('same' as const), count: fc.integer({ min: 1, max: 3 }) }),
    fc.record({
      kind: fc.constant('other' as const),
      picks: fc.uniqueArray(fc.record({ title: fc.constantFrom(...OTHERS), count: fc.integer({ min: 1, max: 2 }) }), {
        minLength: 1,
        maxLength: 2,
        selector: (pick) => pick.title,
      }),
    }),
  ),
  instant: fc.boolean(),
  path: fc.constantFrom(...PATHS),
  percentPaid: fc.integer({ min: 1, max: 99 }),
  accepted: fc.integer({ min: 0, max: 3 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

/** Always among the runs: an instant exchange of three shirts for cheaper tees, one shirt refused at inspection. */
const HOLD_CAPTURED_IN_PART: Scenario = {
  bonus: { type: 'percent', value: 10 },
  bonusCap: 0,
  returnFee: 300,
  product: 'Oxford Shirt',
  price: 5900,
  quantity: 3,
  discountPercent: 10,
  taxPercent: 8,
  returned: 3,
  swap: { kind: 'other', picks: [{ title: 'Cotton T-Shirt', count: 2 }] },
  instant: true,
  path: 'inspect-then-refund',
  percentPaid: 50,
  accepted: 2,
};

/**
 * Issue 36 point 5: for random exchanges made through the real server (returns of some units, discounts and tax,
 * bonus credit by percent or fixed with caps, even, cheaper and dearer swaps, instant ones against a card hold that is
 * let go, captured in part or in full, partial refunds, inspections, rejections), every row of the reconciliation adds
 * up, its terms are the money that moved at the store and the payments provider, and it is balanced exactly when the
 * merchant paid out what was left (or an instant exchange's hold took what the shop was short).
 */
describe.each(dialects)('exchange reconciliation, for any exchange, on %s', (dialect) => {
  let t: TestApp;
  let desk: ExchangeDesk;
  const products = new Map<string, PlatformProduct>();
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    desk = exchangeDesk(t);
    // A day's wait, so that a late parcel's hold is captured after one day of the test's clock.
    await patchSettings(t, (settings) => {
      settings.instant_exchange = { enabled: true, capture_after_days: 1 };
    });
    for (const title of [...RETURNED, ...OTHERS]) products.set(title, await desk.product(title));
  });
  afterAll(() => t.close());

  const productOf = (title: string) => present(products.get(title), title);
  const sandbox = () => present(t.app.ctx.services.payments.sandbox, 'the sandbox provider');
  const detail = async (requestId: number) =>
    (await desk.merchant('GET', `${MERCHANT_BASE}/requests/${String(requestId)}`)).json<{ data: MerchantRequest }>()
      .data;

  /** Makes the exchange of the scenario and takes the merchant's path; answers what the test needs to check it. */
  async function play(s: Scenario) {
    await patchSettings(t, (settings) => {
      settings.return_setting.credit_bonus = { ...s.bonus, max: s.bonusCap };
      settings.return_setting.return_fee = s.returnFee;
    });
    const bought = productOf(s.product);
    const value = s.price * s.quantity;
    const order = await desk.feed({
      variant: lineVariant(bought),
      price: s.price,
      quantity: s.quantity,
      discount: Math.floor((value * s.discountPercent) / 100),
      tax: Math.floor((value * s.taxPercent) / 100),
    });
    const returned = Math.min(s.returned, s.quantity);
    const items =
      s.swap.kind === 'same'
        ? [{ variant_id: lineVariant(bought, 1).variantId, quantity: Math.min(s.swap.count, returned) }]
        : s.swap.picks.map((pick) => ({
            variant_id: lineVariant(productOf(pick.title)).variantId,
            quantity: pick.count,
          }));
    const made = await desk.exchange(order, returned, items, { instant: s.instant });
    const submitted = await detail(made.requestId);
    const id = made.requestId;
    let refundable = 0;
    let refund: number | undefined;
    if (s.path === 'reject') await desk.act(id, 'reject', { reason: 'Changed our mind' });
    if (s.path === 'late-then-refund') {
      t.clock.advance(DAY_MS + 1000);
      await queueOverdueHolds(t.db, new Outbox(t.db, t.clock), t.clock);
      await t.app.ctx.worker.runDue();
    }
    if (s.path !== 'leave-open' && s.path !== 'reject') {
      await desk.act(id, 'approve');
      const [line] = submitted.items;
      const lineId = present(line, 'the returned line').line_item_id;
      const accepted = Math.min(s.accepted, returned);
      const inspection = [
        { line_item_id: lineId, quantity: accepted, condition: 'as_new', outcome: 'accepted' },
        {
          line_item_id: lineId,
          quantity: returned - accepted,
          condition: 'damaged',
          outcome: 'rejected',
          reason: 'Torn',
        },
      ].filter((group) => group.quantity > 0);
      await desk.act(id, 'receive', s.path === 'inspect-then-refund' ? { items: inspection } : {});
      // What the merchant may refund once the receipt's jobs ran (a hold's capture adds to it).
      refundable = (await detail(id)).refundable;
      if (s.path === 'reject-after-receipt') await desk.act(id, 'reject', { reason: 'Torn' });
      else if (s.path === 'resolve' || refundable === 0) await desk.act(id, 'resolve');
      else {
        refund =
          s.path === 'refund-part' && refundable > 1
            ? 1 + Math.floor(((refundable - 1) * s.percentPaid) / 100)
            : refundable;
        await desk.act(id, 'refund', { amount: refund });
      }
    }
    const [row] = await desk.reconciliation(`?order=${order.number}`);
    return { made, submitted, refundable, refund, row: present(row, 'its row'), after: await detail(id) };
  }

  /** An instant exchange's hold as the merchant's path left it, the same at the provider and in the file. */
  async function expectHold(
    s: Scenario,
    amount: number,
    after: MerchantRequest,
    file: { captured: number; held: number },
  ) {
    if (amount === 0) {
      expect([after.hold, file.captured, file.held]).toEqual([null, 0, 0]);
      return;
    }
    const hold = present(after.hold, 'the hold');
    const payments = await sandbox().payments();
    const payment = present(
      payments.find((p) => p.paymentId === hold.payment_id),
      'its payment',
    );
    expect([payment.state, payment.amount, payment.capturedAmount]).toEqual([hold.state, amount, hold.captured]);
    expect(file).toEqual({
      captured: hold.state === 'captured' ? hold.captured : 0,
      held: hold.state === 'held' ? amount : 0,
    });
    const returned = Math.min(s.returned, s.quantity);
    const refused = s.path === 'inspect-then-refund' && s.accepted < returned;
    if (s.path === 'leave-open') expect(hold.state).toBe('held');
    // Rejected before the parcel came, or the parcel late, or nothing accepted: the hold is taken in full.
    else if (s.path === 'reject' || s.path === 'late-then-refund' || (refused && s.accepted === 0))
      expect([hold.state, hold.captured]).toEqual(['captured', amount]);
    // Some units refused: their share is taken (nothing when the accepted ones' share rounds to the whole hold).
    else if (refused) expect(hold.captured).toBeLessThan(amount);
    else expect([hold.state, hold.captured]).toEqual(['released', 0]);
  }

  it('adds up, holds the money that moved, and balances exactly when what was left was paid out', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { made, submitted, refundable, refund, row, after } = await play(s);
        const [credit, allowance, bonus, paid, captured, newItems, refunded, unspent, balance, held] = [
          row.credit,
          row.swap_allowance,
          row.bonus,
          row.difference_paid,
          row.captured,
          row.new_items,
          row.refunded,
          row.bonus_unspent,
          row.balance,
          row.held,
        ].map(minorOf) as [number, number, number, number, number, number, number, number, number, number];
        // The identity.
        expect(credit + allowance + bonus + paid + captured - newItems).toBe(refunded + unspent + balance);
        expect(unspent).toBeGreaterThanOrEqual(0);
        expect(unspent).toBeLessThanOrEqual(bonus);

        // Each term is money that moved: what the checkout charged, the exchange's own order, what came back.
        expect(paid).toBe(made.charged);
        const exchange = present(after.exchange_order, 'the exchange');
        const platformOrder = exchange.order_id
          ? await desk.platform.getOrder(await desk.shopId(), Number(exchange.order_id))
          : null;
        const sent = platformOrder?.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
        const draft = present(await desk.platform.getDraftOrder(await desk.shopId(), made.draftId), 'the draft');
        expect(refunded).toBe(draft.refunded + (after.refund_state === 'refunded' ? after.actual_refund : 0));
        expect(refunded - draft.refunded).toBe(refund ?? 0);
        await expectHold(s, made.held, after, { captured, held });
        // What the return was worth at submit: its total with the bonus, raised to the new items on an even swap.
        if (s.path === 'leave-open') {
          expect(newItems).toBe(exchange.total_line_items_price);
          expect(credit + bonus).toBe(submitted.total);
          expect(credit + allowance + bonus).toBe(exchange.exchange_credit);
          expect(row.status).toBe('open');
          return;
        }
        expect(row.status).toBe(balance === 0 ? 'balanced' : 'out_of_balance');
        if (s.path === 'reject' && made.held === 0) {
          expect([newItems, credit, allowance, bonus, refunded - paid, balance]).toEqual([0, 0, 0, 0, 0, 0]);
          return;
        }
        expect(newItems).toBe(sent);
        // An instant exchange's new items went out at once: the checkout and the hold paid for them in full.
        if (s.path === 'reject') {
          expect([credit, allowance, bonus, refunded, balance]).toEqual([0, 0, 0, 0, 0]);
          expect(paid + captured).toBe(newItems);
          return;
        }
        if (s.path === 'reject-after-receipt') {
          expect([credit, allowance, bonus, refunded]).toEqual([0, 0, 0, 0]);
          expect(balance).toBe(paid - newItems);
          return;
        }
        // The merchant could pay out exactly what the file says was left beyond the bonus.
        expect(refundable).toBe(Math.max(0, credit + allowance + bonus + paid + captured - newItems - unspent));
        const fullyAccepted = s.path !== 'inspect-then-refund' || s.accepted >= Math.min(s.returned, s.quantity);
        if (s.path === 'refund-part' && refundable > 1) expect(balance).toBe(refundable - (refund ?? 0));
        else if (s.path === 'resolve') expect(balance).toBe(refundable);
        // The hold took the refused units' share of the new items: nothing is short.
        else if (fullyAccepted || made.held > 0) expect(row.status).toBe('balanced');
        // Units refused at inspection may leave the shop short of new items already sent, never owing.
        else expect(balance).toBeLessThanOrEqual(0);
      }),
      { numRuns: dialect === 'postgres' ? 25 : 40, examples: [[HOLD_CAPTURED_IN_PART]] },
    );
  }, 300_000);
});
