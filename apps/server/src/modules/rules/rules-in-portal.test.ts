import { calls, messages, type ReturnRule, type RuleSetBody } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { dialects, mailbox, shop, type TestApp } from '../../../test/helper.js';
import { returnFlow } from '../returns/test-support.js';

const rule = (id: string, name: string, fields: Pick<ReturnRule, 'conditions' | 'actions'>): ReturnRule => ({
  id,
  name,
  enabled: true,
  match: 'all',
  ...fields,
});

/** What a shopper meets once the shop has rules (issue 32): the server decides, the portal only shows it. */
describe.each(dialects)('return rules in the shopper flow on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let orderId: number;
  const { line, product, submit } = returnFlow(dialect, (scene) => ({ t, token, orderId } = scene));

  /** Saves the demo shop's rules over whatever version it has. */
  async function saveRules(rules: ReturnRule[], lists: Partial<RuleSetBody['lists']> = {}) {
    const service = t.app.ctx.services.rules;
    const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
    const { version } = await service.current(demo);
    const body = { rules, lists: { emails: [], addresses: [], order_patterns: [], ...lists } };
    expect(await service.save(demo, body, version)).toBe(version + 1);
  }
  const info = async () => (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data;
  const money = async (solution_id: number, shipping_method_id: number, title = 'Linen Shirt') =>
    (
      await t.call(
        calls.getReturnMoney,
        {
          order_id: orderId,
          solution_id,
          shipping_method_id,
          refund_line_items: [{ line_item_id: line(title).line_item_id, quantity: 1 }],
        },
        token,
      )
    ).body.data;

  it('keeps the settings-made rules until the shop saves its own: the final-sale beanie is not returnable', async () => {
    const before = await info();
    expect(before.no.map((l) => [l.title, l.reason])).toEqual([['Wool Beanie', 'other']]);
    // Rules of the shop's own replace them: with none, the beanie may go back too.
    await saveRules([]);
    expect((await info()).no).toEqual([]);
  });

  it("shows a denied line with the shop's message, in the shopper's language where given", async () => {
    const sale = rule('sale', 'Sale items are final', {
      conditions: [{ field: 'collection', op: 'in', values: ['sale'] }],
      actions: [
        { type: 'deny', message: { text: 'Sale items are final', translations: { fr: 'Soldes : ni repris' } } },
      ],
    });
    await saveRules([sale]);
    const denied = present((await info()).no[0], 'a denied line');
    expect(denied).toMatchObject({ title: 'Wool Beanie', reason: 'other' });
    expect(denied.message).toEqual({ text: 'Sale items are final', translations: { fr: 'Soldes : ni repris' } });
    // A submit naming it anyway is refused: the line is not among those the order may return.
    expect((await submit({ order_product: [product('Wool Beanie')] })).body.msg).toBe(messages.unselectedItem);
  });

  it('charges a return shipping fee for label returns, waived for exchanges, and never below zero', async () => {
    await saveRules([
      rule('label-fee', 'A $5 fee for label returns', {
        conditions: [{ field: 'method', op: 'in', values: [1] }],
        actions: [{ type: 'return_shipping_fee', amount: 500, waive_for: ['exchange'] }],
      }),
    ]);
    expect(await money(1, 1)).toMatchObject({ return_fee: 500, refund: 4763, total: 4263 });
    expect(await money(1, 2)).toMatchObject({ return_fee: 0, total: 4763 });
    expect((await money(5, 1)).return_fee).toBe(0);
    await saveRules([
      rule('huge-fee', 'A fee larger than the refund', {
        conditions: [],
        actions: [{ type: 'restocking_fee', mode: 'fixed', value: 999_999, per: 'request', waive_for: [] }],
      }),
    ]);
    expect(await money(1, 2)).toMatchObject({ restocking_fee: 999_999, total: 0 });
  });

  it('keeps a fee on the request: its status page shows it and the email on submit says it was taken', async () => {
    await saveRules([
      rule('label-fee', 'A $5 fee for label returns', {
        conditions: [{ field: 'method', op: 'in', values: [1] }],
        actions: [{ type: 'return_shipping_fee', amount: 500, waive_for: [] }],
      }),
    ]);
    const { body } = await submit({ shipping_method_id: 1 });
    const status = await t.call(calls.returnInfo, { request_id: body.data.request_id }, token);
    expect(status.body.data).toMatchObject({ return_fee: 500 });
    await t.app.ctx.worker.runDue();
    const sent = (await mailbox(t, 'alice@example.com')).find((mail) => mail.subject.includes('received'));
    expect(sent?.text).toContain('Fees taken from your refund: $5.00.');
  });

  it('hides a solution the rules take away, and refuses a submit that asks for it', async () => {
    await saveRules([
      rule('no-cards', 'No gift cards for shirts', {
        conditions: [{ field: 'product_type', op: 'in', values: ['shirts'] }],
        actions: [{ type: 'hide_solutions', ids: [4] }],
      }),
    ]);
    const offered = await t.call(
      calls.orderConfig,
      { order_id: orderId, refund_line_items: [{ line_item_id: line('Linen Shirt').line_item_id, quantity: 1 }] },
      token,
    );
    expect((offered.body.data.returnSolution ?? []).map((s: { id: number }) => s.id)).not.toContain(4);
    expect((await submit({ solution_id: 4 })).body.msg).toBe('solution_id: not offered for this order');
    expect((await submit({ solution_id: 2 })).body.code).toBe(1000);
  });

  it('asks for the photos and words a rule requires before it takes the return', async () => {
    await saveRules([
      rule('proof', 'Two photos and a description for shirts', {
        conditions: [{ field: 'product_type', op: 'in', values: ['Shirts'] }],
        actions: [{ type: 'require_photos', min: 2 }, { type: 'require_description' }],
      }),
    ]);
    const refused = await submit();
    expect(refused.body.msg).toBe(messages.provideRequiredInformation);
    // The sneakers are no shirt: nothing more is asked of them.
    expect((await submit({ order_product: [product('Canvas Sneakers')] })).body.code).toBe(1000);
  });

  it('refuses a shopper on the block list with a neutral message, and says nothing of the list', async () => {
    await saveRules(
      [
        rule('blocked', 'Block the emails on my list', {
          conditions: [{ field: 'on_block_list', is: true }],
          actions: [{ type: 'block', reason: 'on the fraud list' }],
        }),
      ],
      { emails: ['alice@example.com'] },
    );
    const lines = await info();
    expect(lines.yes).toEqual([]);
    expect(lines.no.every((l) => l.reason === 'other' && l.message?.text === '')).toBe(true);
    const refused = await submit();
    expect(refused.body.msg).not.toMatch(/fraud|list/i);
  });

  it('records which rule-set version and rules decided a request', async () => {
    await saveRules([rule('tag-all', 'Tag every return', { conditions: [], actions: [{ type: 'tag', tag: 'seen' }] })]);
    const { body } = await submit();
    const stored = await t.db
      .selectFrom('return_requests')
      .select(['rule_set_version', 'decided_by'])
      .where('id', '=', body.data.request_id)
      .executeTakeFirstOrThrow();
    expect(stored.rule_set_version).toBe(1);
    expect(JSON.parse(stored.decided_by)).toEqual([{ id: 'tag-all', name: 'Tag every return' }]);
  });
});
