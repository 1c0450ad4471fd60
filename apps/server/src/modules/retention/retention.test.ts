import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, MERCHANT_BASE, merchantPath, type RetentionCount } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, merchantAction, shop, submitReturn, type TestApp } from '../../../test/helper.js';
import { uploadPhoto } from '../../../test/shopify.js';
import { REDACTED_EMAIL } from '../requests/requests.tables.js';
import { Outbox } from '../jobs/outbox.js';

const DAY_MS = 86_400_000;
const merchantGet = async (t: TestApp, path: string) =>
  (await t.app.inject({ method: 'GET', url: path, headers: { authorization: 'Bearer demo-merchant-key' } })).json<{
    code: number;
    data: Record<string, unknown> & { events: unknown[]; customer_email: string };
  }>();
const countOf = (kinds: RetentionCount[], kind: RetentionCount['kind']) =>
  kinds.find((entry) => entry.kind === kind)?.count ?? 0;

describe.each(dialects)('retention on %s', (dialect) => {
  let t: TestApp;
  let uploadDir: string;
  beforeEach(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'retention-'));
    t = await buildTestApp(dialect, { UPLOAD_DIR: uploadDir });
  });
  afterEach(() => t.close());

  const files = () => readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  const runRetention = async () => {
    await new Outbox(t.db, t.clock).enqueue(
      t.db,
      'retention.run',
      { day: t.app.ctx.services.retention.today() },
      `retention:${t.app.ctx.services.retention.today()}`,
    );
    await t.app.ctx.worker.runDue();
  };
  const stored = (id: number) =>
    t.db.selectFrom('return_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const request = (id: number) => merchantGet(t, merchantPath('get', id)).then((answer) => answer.data);

  /**
   * Day 0: Carol returns #1004 with a photo, to her bank account, by label; it is approved, received and refunded
   * (closed). Alice asks to return #1001 on day 0 and is rejected on day 300. Dave's seeded request stays open.
   */
  const history = async () => {
    const login = await t.call(calls.login, { shop_url: shop, email: 'carol@example.com', order_number: '#1004' });
    const token = login.body.data.token;
    const photo = await uploadPhoto(t, token);
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], '#1004').id;
    const iban = 'GB82 WEST 1234 5698 7654 32';
    const payee = { order_id: orderId, name: 'Carol', surname: 'Smith', iban, currency: 'GBP' };
    const account_id = (await t.call(calls.wiseCustomerCreate, payee, token)).body.data.account_id;
    const carol = await submitReturn(t, {
      order: '#1004',
      email: 'carol@example.com',
      title: 'Merino Sweater',
      solution_id: 6,
      shipping_method_id: 1,
      proof: [photo],
      extra: { wise: { iban, name: 'Carol Smith', account_id, currency: 'GBP' } },
    });
    for (const action of ['approve', 'receive', 'refund'])
      expect((await merchantAction(t, carol.requestId, action)).statusCode).toBe(200);
    const alice = await submitReturn(t);
    await t.app.ctx.worker.runDue();
    t.clock.advance(300 * DAY_MS);
    await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(alice.requestId)}/reject`,
      payload: { reason: 'Worn, Alice' },
      headers: { authorization: 'Bearer demo-merchant-key' },
    });
    await t.app.ctx.worker.runDue();
    const dave = await t.db
      .selectFrom('return_requests')
      .select('id')
      .where('customer_email', '=', 'dave@example.com')
      .executeTakeFirstOrThrow();
    // Day 400: Carol's request closed 400 days ago (past the default 365), Alice's 100 days ago.
    t.clock.advance(100 * DAY_MS);
    return { carol: carol.requestId, alice: alice.requestId, dave: dave.id, photo };
  };

  it('deletes the photos, labels and personal data of a request closed past the period, and keeps its timeline', async () => {
    const { carol, alice, dave, photo } = await history();
    const before = { carol: await request(carol), alice: await request(alice), dave: await request(dave) };
    expect((await stored(carol)).customer_email).toBe('carol@example.com');
    expect(files().length).toBeGreaterThan(0);
    expect(await t.db.selectFrom('documents').select('id').where('request_id', '=', carol).execute()).not.toHaveLength(
      0,
    );

    await runRetention();

    const after = { carol: await request(carol), alice: await request(alice), dave: await request(dave) };
    // What the request kept of Carol; the order itself is the shop's, at its store platform (ADR 050).
    const kept = await stored(carol);
    expect(kept.customer_email).toBe(REDACTED_EMAIL);
    expect([kept.label_url, kept.packing_slip_url, kept.tracking_proof]).toEqual(['', '', '']);
    const items = await t.db.selectFrom('return_items').selectAll().where('request_id', '=', carol).execute();
    expect(items.map((item) => [item.description, item.proof])).toEqual(items.map(() => ['', '[]']));
    expect(after.carol.label_url).toBe('');
    expect(after.carol.status).toBe(before.carol.status);
    expect(after.carol.events.map((e) => (e as { action: string }).action)).toEqual(
      before.carol.events.map((e) => (e as { action: string }).action),
    );
    // The photo's file and link are gone, and the label and packing slip with them.
    expect(files()).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    expect(await t.db.selectFrom('documents').select('id').where('request_id', '=', carol).execute()).toHaveLength(0);
    const payees = await t.db.selectFrom('payout_recipients').select('holder').execute();
    expect(payees.map((p) => p.holder)).toEqual(['']);
    // Mails and webhook events of day 0 are past the period; the rejection mailed on day 300 is not.
    const mails = await t.db.selectFrom('mails').select(['to_address', 'sent_at']).execute();
    expect(mails.map((m) => m.to_address)).not.toContain('carol@example.com');
    expect(mails.map((m) => m.to_address)).toContain('alice@example.com');
    const carolEvents = await t.db.selectFrom('webhook_events').select('id').where('request_id', '=', carol).execute();
    expect(carolEvents).toHaveLength(0);
    // Within the period, and open: untouched.
    expect(after.alice).toEqual(before.alice);
    expect(after.dave).toEqual(before.dave);

    const report = await merchantGet(t, merchantPath('getRetention'));
    const kinds = (report.data as unknown as { kinds: RetentionCount[] }).kinds;
    expect(countOf(kinds, 'requests')).toBe(1);
    expect(countOf(kinds, 'photos')).toBe(1);
    expect(countOf(kinds, 'documents')).toBeGreaterThanOrEqual(1);
    expect(countOf(kinds, 'mails')).toBeGreaterThanOrEqual(1);
    expect(report.data.finished_at).not.toBeNull();
  });

  it('reports what a run would delete in a dry run, deleting nothing, and a second run deletes nothing more', async () => {
    const { carol, alice } = await history();
    const dry = await t.app.ctx.services.retention.dryRun();
    const demo = present(
      dry.shops.find((entry) => entry.shopUrl === shop),
      'demo shop',
    );
    expect(countOf(demo.kinds, 'requests')).toBe(1);
    expect(countOf(demo.kinds, 'photos')).toBe(1);
    expect(countOf(demo.kinds, 'documents')).toBeGreaterThanOrEqual(1);
    expect(demo.kinds.find((k) => k.kind === 'requests')?.oldest).toBeLessThan(demo.closedBefore);
    expect((await stored(carol)).customer_email).toBe('carol@example.com');
    expect(files().length).toBeGreaterThan(0);
    expect(await merchantGet(t, merchantPath('getRetention')).then((a) => a.data)).toBeNull();

    await runRetention();
    const snapshot = async () => ({
      carol: await request(carol),
      alice: await request(alice),
      mails: await t.db.selectFrom('mails').select('id').orderBy('id').execute(),
      events: await t.db.selectFrom('webhook_events').select('id').orderBy('id').execute(),
      requestEvents: await t.db.selectFrom('request_events').selectAll().orderBy('id').execute(),
    });
    const once = await snapshot();
    t.clock.advance(DAY_MS);
    await runRetention();
    expect(await snapshot()).toEqual(once);
    const second = await merchantGet(t, merchantPath('getRetention'));
    const kinds = (second.data as unknown as { kinds: RetentionCount[] }).kinds;
    expect(countOf(kinds, 'requests')).toBe(0);
    expect(countOf(kinds, 'photos')).toBe(0);
    expect(countOf(kinds, 'documents')).toBe(0);
  });
});
