import {
  MERCHANT_BASE,
  merchantRoutes,
  type Envelope,
  type MerchantRequest,
  type WebhookEvent,
} from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addEmptyShop,
  buildTestApp,
  dialects,
  merchantAction,
  shop,
  signInConsole,
  START,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';
import { rule, saveRules } from '../../../test/rules.js';
import { DEMO_ORDERS, insertDemoOrder } from '../../demo/demo-orders.js';

type RequestList = z.infer<typeof merchantRoutes.list.answer>;
const KEY = 'demo-merchant-key';

/** The returns desk (issue 33): notes, tags, assignee, the shopper's history, search and counts. */
describe.each(dialects)('the returns desk on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T = MerchantRequest>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: object,
    key = KEY,
  ) => {
    const response = await t.app.inject({
      method,
      url: MERCHANT_BASE + path,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };
  const list = async (query: string) => (await api<RequestList>('GET', `/requests?${query}`)).body.data;
  const ids = async (query: string) => (await list(query)).items.map((row) => row.id);
  const addStaff = (shopId: number, email: string, name: string) =>
    t.app.ctx.services.staff.createAccount({ shopId, email, name, role: 'staff', password: 'a long enough password' });
  /** A fresh copy of a demo order (its customer's), under a new number. */
  const copyOrder = async (template: string, number: string) => {
    const order = DEMO_ORDERS.find((o) => o.number === template);
    if (!order) throw new Error(`no demo order ${template}`);
    await insertDemoOrder(t.db, await demoShopId(), order, number, START / 1000);
    return `#${number}`;
  };
  const demoShopId = async () =>
    (await t.db.selectFrom('shops').select('id').where('shop_url', '=', shop).executeTakeFirstOrThrow()).id;

  it('keeps internal notes with their author and time, for staff only', async () => {
    const { requestId } = await submitReturn(t);
    const owner = await signInConsole(t);
    const added = await owner.send('POST', `${MERCHANT_BASE}/requests/${requestId}/notes`, {
      body: '  Called the shopper: parcel left today ',
    });
    expect(added.status).toBe(200);
    await api('POST', `/requests/${requestId}/notes`, { body: 'From the warehouse system' });
    const { notes } = (await api('GET', `/requests/${requestId}`)).body.data;
    expect(notes).toEqual([
      {
        id: expect.any(Number) as number,
        author: owner.session.account.name || owner.session.account.email,
        author_email: owner.session.account.email,
        body: 'Called the shopper: parcel left today',
        at: START / 1000,
      },
      {
        id: expect.any(Number) as number,
        author: 'Merchant API',
        author_email: '',
        body: 'From the warehouse system',
        at: START / 1000,
      },
    ]);
    // An empty note does not fit the contract; another shop's request answers like a missing one.
    expect((await api('POST', `/requests/${requestId}/notes`, { body: '   ' })).status).toBe(400);
    const otherId = await addEmptyShop(t);
    await t.app.ctx.services.merchant.keys.add(otherId, 'other-shop-key-123456', 'test');
    const foreign = await api('POST', `/requests/${requestId}/notes`, { body: 'x' }, 'other-shop-key-123456');
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(
      await api('POST', `/requests/${requestId + 999}/notes`, { body: 'x' }, 'other-shop-key-123456'),
    );
  });

  it('assigns a request to a member of the shop only, on the timeline, and filters the queue by assignee', async () => {
    const { requestId } = await submitReturn(t);
    const other = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Merino Sweater' });
    const shopId = await demoShopId();
    const sam = await addStaff(shopId, 'sam@shop.test', 'Sam Desk');
    const stranger = await addStaff(await addEmptyShop(t), 'eve@elsewhere.test', 'Eve');
    const refused = await api('PUT', `/requests/${requestId}/assignee`, { assignee_id: stranger.id });
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({
      errors: [{ field: 'assignee_id', message: 'not a staff member of this shop' }],
    });
    const members = (await api<{ id: number; email: string }[]>('GET', '/assignees')).body.data;
    expect(members.map((m) => m.email)).toContain('sam@shop.test');
    expect(members.map((m) => m.email)).not.toContain('eve@elsewhere.test');

    const assigned = (await api('PUT', `/requests/${requestId}/assignee`, { assignee_id: sam.id })).body.data;
    expect(assigned.assignee).toEqual({ id: sam.id, name: 'Sam Desk', email: 'sam@shop.test' });
    expect(assigned.events.at(-1)).toMatchObject({
      action: 'assign',
      actor: 'merchant-api',
      note: 'Sam Desk <sam@shop.test>',
    });
    expect(await ids(`assignee=${sam.id}`)).toEqual([requestId]);
    const unassigned = await ids('assignee=none');
    expect(unassigned).toContain(other.requestId);
    expect(unassigned).not.toContain(requestId);
    expect((await list(`assignee=${sam.id}`)).items[0]?.assignee_id).toBe(sam.id);
    // "Mine" is the console member's; an API key has no "me".
    expect((await api('GET', '/requests?assignee=me')).status).toBe(422);
    const owner = await signInConsole(t);
    await owner.send('PUT', `${MERCHANT_BASE}/requests/${other.requestId}/assignee`, {
      assignee_id: owner.session.account.id,
    });
    const mine = await owner.send('GET', `${MERCHANT_BASE}/requests?assignee=me`);
    expect((mine.body.data as RequestList).items.map((row) => row.id)).toEqual([other.requestId]);
    // Unassigned again.
    const cleared = (await api('PUT', `/requests/${requestId}/assignee`, { assignee_id: null })).body.data;
    expect(cleared.assignee).toBeNull();
    expect(cleared.events.at(-1)).toMatchObject({ action: 'assign', note: 'nobody' });
    expect((await api('PUT', `/requests/${requestId}/assignee`, { assignee_id: 'sam' })).status).toBe(400);
  });

  it("keeps staff tags beside the rules' and finds either with the queue's tag filter", async () => {
    await saveRules(t, [rule('tag-everything', [], [{ type: 'tag', tag: 'auto' }])]);
    const { requestId } = await submitReturn(t);
    const other = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Merino Sweater' });
    const tagged = (await api('PUT', `/requests/${requestId}/tags`, { tags: ['VIP ', 'fragile'] })).body.data;
    expect(tagged.tags).toEqual(['auto']);
    expect(tagged.staff_tags.map((s) => [s.tag, s.added_by])).toEqual([
      ['fragile', 'merchant-api'],
      ['vip', 'merchant-api'],
    ]);
    expect(tagged.events.at(-1)).toMatchObject({ action: 'tags', note: '+vip +fragile' });
    const fewer = (await api('PUT', `/requests/${requestId}/tags`, { tags: ['vip'] })).body.data;
    expect(fewer.staff_tags.map((s) => s.tag)).toEqual(['vip']);
    expect(fewer.events.at(-1)).toMatchObject({ action: 'tags', note: '-fragile' });
    expect(await ids('tag=vip')).toEqual([requestId]);
    expect(await ids('tag=auto')).toEqual([other.requestId, requestId]);
    expect(await ids('tag=fragile')).toEqual([]);
    expect((await list('tag=vip')).items[0]?.tags).toEqual(['auto', 'vip']);
    expect((await api('PUT', `/requests/${requestId}/tags`, { tags: ['no%way'] })).status).toBe(400);
  });

  it('announces each change of notes, tags and assignee as request.updated, and no change as nothing', async () => {
    const { requestId } = await submitReturn(t);
    const updates = async () => {
      await t.app.ctx.worker.runDue();
      const feed = await api<{ items: WebhookEvent[] }>('GET', '/events?after=0&type=request.updated');
      return feed.body.data.items.map((event) => event.data.request as MerchantRequest);
    };
    await api('POST', `/requests/${requestId}/notes`, { body: 'Parcel seen at the depot' });
    await api('PUT', `/requests/${requestId}/tags`, { tags: ['vip'] });
    await api('PUT', `/requests/${requestId}/tags`, { tags: ['vip'] });
    await api('PUT', `/requests/${requestId}/assignee`, { assignee_id: null });
    const owner = await signInConsole(t);
    await owner.send('PUT', `${MERCHANT_BASE}/requests/${requestId}/assignee`, {
      assignee_id: owner.session.account.id,
    });
    const sent = await updates();
    expect(sent.map((request) => request.id)).toEqual([requestId, requestId, requestId]);
    expect(sent[0]?.notes.map((note) => note.body)).toEqual(['Parcel seen at the depot']);
    expect(sent[1]?.staff_tags.map((tag) => tag.tag)).toEqual(['vip']);
    expect(sent[2]?.assignee?.id).toBe(owner.session.account.id);
  });

  it("shows the shopper's earlier returns at the shop with their count and money refunded", async () => {
    const first = await submitReturn(t);
    await merchantAction(t, first.requestId, 'approve');
    await merchantAction(t, first.requestId, 'receive');
    await merchantAction(t, first.requestId, 'refund');
    await t.app.ctx.worker.runDue();
    const refunded = (await api('GET', `/requests/${first.requestId}`)).body.data.actual_refund;
    const second = await submitReturn(t, { order: await copyOrder('1001', '7001') });
    const { history } = (await api('GET', `/requests/${second.requestId}`)).body.data;
    expect(history).toMatchObject({ count: 1, refunded, currency: 'USD' });
    expect(history.requests).toEqual([
      expect.objectContaining({
        id: first.requestId,
        rma: `RMA-${String(first.requestId).padStart(6, '0')}`,
        order_no: '#1001',
      }),
    ]);
    expect(refunded).toBeGreaterThan(0);
    // Carol's request knows nothing of Alice's.
    const carol = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Merino Sweater' });
    expect((await api('GET', `/requests/${carol.requestId}`)).body.data.history).toMatchObject({
      count: 0,
      requests: [],
    });
  });

  it('searches by RMA number, email, order number, title and SKU, and counts what it finds per status', async () => {
    const linen = await submitReturn(t);
    const carol = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Merino Sweater' });
    await merchantAction(t, carol.requestId, 'approve');
    const rma = `RMA-${String(carol.requestId).padStart(6, '0')}`;
    expect(await ids(`q=${rma}`)).toEqual([carol.requestId]);
    expect(await ids(`q=${rma.toLowerCase()}`)).toEqual([carol.requestId]);
    expect(await ids('q=CAROL%40EXAMPLE')).toEqual([carol.requestId]);
    expect(await ids('q=%231004')).toEqual([carol.requestId]);
    expect(await ids('q=linen')).toEqual([linen.requestId]);
    expect(await ids('q=Linen-Shirt-M')).toEqual([linen.requestId]);
    expect(await ids('q=MERINO-SWEATER-M')).toEqual([carol.requestId]);
    // LIKE's wildcards are only themselves.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_')).toEqual([]);
    // The counts follow the search and filters, whatever tab is open.
    const all = (await list('')).counts;
    expect(Object.values(all).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(2);
    expect((await list('q=example.com&solution=1')).counts).toMatchObject({ '2': 1 });
    expect((await list('q=alice&status=2')).counts).toEqual({ '1': 1 });
    expect((await list('q=alice&status=2')).items).toEqual([]);
    expect((await list('q=merino')).counts).toEqual({ '2': 1 });
  });
});
