import {
  EMAIL_TESTS_PER_10_MINUTES,
  MERCHANT_BASE,
  type EmailNotification,
  type EmailPreview,
  type EmailTemplate,
  type Envelope,
} from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../../demo/demo-shop.js';
import { Outbox } from '../jobs/outbox.js';
import {
  addShop,
  buildTestApp,
  dialects,
  mailbox,
  merchantAction,
  signInConsole,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';

const KEY = { authorization: 'Bearer demo-merchant-key' };
const GERMAN_APPROVED = {
  lang: 'de',
  subject: 'Genehmigt: {{ rma }} bei {{ store_name }}',
  body: 'Hallo! Ihre Rücksendung {{ rma }} ist genehmigt.\n\nBestellung {{ order_number }}: bitte gut verpacken.',
};

/** The emails a merchant edits (issue 34 point 3, ADR 042). */
describe.each(dialects)('editable emails on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const api = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, headers = KEY) => {
    const reply = await t.app.inject({ method, url: MERCHANT_BASE + path, headers, ...(payload ? { payload } : {}) });
    return { status: reply.statusCode, body: reply.json<Envelope<T>>() };
  };
  const run = async () => {
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
  };
  const fieldsOf = (body: Envelope<unknown>) =>
    (body.data as { errors: { field: string }[] }).errors.map((e) => e.field);

  it('lists every notification with its variables, and the languages the shop edited', async () => {
    const { status, body } = await api<{ items: EmailNotification[] }>('GET', '/emails');
    expect(status).toBe(200);
    expect(body.data.items.map((n) => n.key)).toEqual([
      'sign_in_code',
      'submitted',
      'approved',
      'rejected',
      'received',
      'refunded',
      'resolved',
      'exchange_order',
      'gift_notice',
      'payout_failed',
      'hold_placed',
      'hold_released',
      'hold_captured',
      'withdrawal_acknowledged',
    ]);
    const approved = body.data.items.find((n) => n.key === 'approved');
    expect(approved?.variables.map((v) => v.name)).toEqual(
      expect.arrayContaining(['rma', 'order_number', 'store_name', 'drop_off_code', 'label_url', 'status_url']),
    );
    expect(approved?.edited_languages).toEqual([]);
    expect((await api('PUT', '/emails/approved', GERMAN_APPROVED)).status).toBe(200);
    const after = await api<{ items: EmailNotification[] }>('GET', '/emails');
    expect(after.body.data.items.find((n) => n.key === 'approved')?.edited_languages).toEqual(['de']);
  });

  it("sends a German shopper the shop's edited German email, in its brand with a plain-text part; reset sends the default", async () => {
    const owner = await signInConsole(t);
    const saved = await owner.send('PUT', `${MERCHANT_BASE}/emails/approved`, GERMAN_APPROVED);
    expect(saved.status).toBe(200);
    expect((saved.body.data as EmailTemplate).override).toMatchObject({
      subject: GERMAN_APPROVED.subject,
      saved_by: `console:${DEMO_OWNER.email}`,
    });
    const german = await submitReturn(t, { extra: { language: 'de' } });
    await merchantAction(t, german.requestId, 'approve');
    await run();
    const [mail] = await mailbox(t, 'alice@example.com');
    expect(mail?.subject).toBe(
      'Genehmigt: RMA-' + String(german.requestId).padStart(6, '0') + ' bei Fernhill Supply Co.',
    );
    expect(mail?.text).toContain('Hallo! Ihre Rücksendung RMA-');
    expect(mail?.text).toContain('Bestellung #1001: bitte gut verpacken.');
    // The fixed link below the text, in German, and the shop's colour and name in the HTML.
    expect(mail?.text).toMatch(/Rücksendung ansehen: http:\/\/\S+\/status-manage\/return-details\//);
    expect(mail?.html).toContain('<p>Bestellung #1001: bitte gut verpacken.</p>');
    expect(mail?.html).toContain('#1f4d3a');
    expect(mail?.html).toContain('Fernhill Supply Co.');
    // The English shopper gets the English default.
    const english = await submitReturn(t, { email: 'carol@example.com', order: '#1004', title: 'Merino Sweater' });
    await merchantAction(t, english.requestId, 'approve');
    await run();
    expect((await mailbox(t, 'carol@example.com'))[0]?.subject).toMatch(/^Your return RMA-\d+ is approved$/);

    const reset = await owner.send('POST', `${MERCHANT_BASE}/emails/approved/reset`, { lang: 'de' });
    expect((reset.body.data as EmailTemplate).override).toBeNull();
    // The approval's email once more (as after a crash): now the German default.
    await t.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: 0 })
      .where('dedupe_key', '=', `notify:${String(german.requestId)}:approved`)
      .execute();
    await run();
    expect((await mailbox(t, 'alice@example.com'))[0]?.subject).toMatch(/^Ihre Rücksendung RMA-\d+ ist genehmigt$/);
  });

  it('refuses a syntax error, an unknown variable or filter and a file include with the field, saving nothing', async () => {
    const bad = [
      [{ subject: 'Hi {{ rma', body: 'ok' }, ['subject']],
      [{ subject: 'Hi', body: 'Your {{ iban }}' }, ['body']],
      [{ subject: '{{ rma | shout }}', body: '{% if rma %}x' }, ['subject', 'body']],
      [{ subject: 'Hi', body: '{% include "../../config.ts" %}' }, ['body']],
      [{ subject: 'Hi', body: '{{ rma.constructor }}' }, ['body']],
    ] as const;
    for (const [content, fields] of bad) {
      const refused = await api('PUT', '/emails/approved', { lang: 'en', ...content });
      expect(refused.status, content.body).toBe(422);
      expect(fieldsOf(refused.body)).toEqual(fields);
      expect((await api('POST', '/emails/approved/preview', { lang: 'en', ...content })).status).toBe(422);
    }
    const stored = await api<EmailTemplate>('GET', '/emails/approved?lang=en');
    expect(stored.body.data.override).toBeNull();
    expect(stored.body.data.default.subject).toBe('Your return {{ rma }} is approved');
    expect((await api('GET', '/emails/nothing?lang=en')).status).toBe(404);
    expect((await api('PUT', '/emails/approved', { lang: 'xx', subject: 'a', body: 'b' })).status).toBe(400);
  });

  it("escapes every value and the merchant's own markup in the HTML; the text part has them as written", async () => {
    await api('PUT', '/emails/rejected', {
      lang: 'en',
      subject: 'About {{ rma }}',
      body: '<b>Sorry</b>: {{ reason }}\nSee https://shop.example/help?a=1&b=2',
    });
    const { requestId } = await submitReturn(t);
    await t.app.inject({
      method: 'POST',
      url: `${MERCHANT_BASE}/requests/${String(requestId)}/reject`,
      headers: KEY,
      payload: { reason: '<script>alert(1)</script> "worn"' },
    });
    await run();
    const [mail] = await mailbox(t, 'alice@example.com');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.html).toContain(
      '&lt;b&gt;Sorry&lt;/b&gt;: &lt;script&gt;alert(1)&lt;/script&gt; &quot;worn&quot;<br>',
    );
    expect(mail?.html).toContain('<a href="https://shop.example/help?a=1&amp;b=2">');
    expect(mail?.text).toContain(
      '<b>Sorry</b>: <script>alert(1)</script> "worn"\nSee https://shop.example/help?a=1&b=2',
    );
  });

  it("previews with sample data in the shop's brand, and sends a test to the staff member or the key's address", async () => {
    const preview = await api<EmailPreview>('POST', '/emails/refunded/preview', {
      lang: 'fr',
      subject: 'Remboursé : {{ amount }}',
      body: 'Code {{ code }}{% if fees != "" %} (frais {{ fees }}){% endif %}',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.subject).toBe('Remboursé : $44.10');
    expect(preview.body.data.text).toMatch(/^Code RC-8F2K-91QX \(frais \$5\.00\)\n\nVoir votre retour: https:/);
    expect(preview.body.data.html).toContain('#1f4d3a');

    const owner = await signInConsole(t);
    const content = { lang: 'de', subject: 'Test {{ rma }}', body: 'Hallo {{ store_name }}' };
    const mine = await owner.send('POST', `${MERCHANT_BASE}/emails/approved/test`, { ...content, to: 'x@else.test' });
    expect(mine.body.data).toEqual({ to: DEMO_OWNER.email });
    const [sent] = await mailbox(t, DEMO_OWNER.email);
    expect(sent?.subject).toBe('[Test] Test RMA-000042');
    expect(sent?.text).toContain('Hallo Fernhill Supply Co.');
    expect((await mailbox(t, 'x@else.test')).length).toBe(0);
    expect(fieldsOf((await api('POST', '/emails/approved/test', content)).body)).toEqual(['to']);
    for (let i = 1; i < EMAIL_TESTS_PER_10_MINUTES; i++)
      expect((await api('POST', '/emails/approved/test', { ...content, to: 'ops@shop.test' })).status).toBe(200);
    const limited = await api('POST', '/emails/approved/test', { ...content, to: 'ops@shop.test' });
    expect(limited.status).toBe(429);
    expect((await mailbox(t, 'ops@shop.test')).length).toBe(EMAIL_TESTS_PER_10_MINUTES - 1);
  });

  it('tells the shopper, in their language, that the bank transfer of their refund failed', async () => {
    const { requestId } = await submitReturn(t, { extra: { language: 'fr' } });
    await merchantAction(t, requestId, 'approve');
    await run();
    // A transfer the provider reports failed when the server looks again (the sandbox fails any it did not make).
    await t.db
      .updateTable('return_requests')
      .set({ payout_transfer_id: 'lost-transfer', payout_state: 'processing', refund_state: 'processing' })
      .where('id', '=', requestId)
      .execute();
    const payload = { requestId, amount: 4410, attempt: 1 };
    await new Outbox(t.db, t.clock).enqueue(t.db, 'request.payout.check', payload, 'payout-test');
    await run();
    const [mail] = await mailbox(t, 'alice@example.com');
    expect(mail?.subject).toMatch(/^Nous n'avons pas pu verser votre remboursement pour RMA-\d+$/);
    expect(mail?.text).toContain('Le virement bancaire de $44.10');
  });

  it("keeps each shop's templates its own, and lets only the owner change them", async () => {
    await api('PUT', '/emails/resolved', { lang: 'en', subject: 'Done {{ rma }}', body: 'Closed.' });
    const other = { authorization: `Bearer ${(await addShop(t)).apiKey}` };
    const theirs = await api<EmailTemplate>('GET', '/emails/resolved?lang=en', undefined, other);
    expect(theirs.body.data.override).toBeNull();
    const shopId = (
      await t.db
        .selectFrom('shops')
        .select('id')
        .where('shop_url', '=', 'demo-shop.myshopify.com')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.ctx.services.staff.createAccount({
      shopId,
      email: 'sam@shop.test',
      name: 'Sam',
      role: 'staff',
      password: 'a long enough password',
    });
    const staff = await signInConsole(t, { email: 'sam@shop.test', password: 'a long enough password' }, '10.0.0.10');
    expect((await staff.send('GET', `${MERCHANT_BASE}/emails/resolved?lang=en`)).status).toBe(200);
    const change = { lang: 'en', subject: 'Mine', body: 'Mine' };
    expect((await staff.send('PUT', `${MERCHANT_BASE}/emails/resolved`, change)).status).toBe(403);
    expect((await staff.send('POST', `${MERCHANT_BASE}/emails/resolved/reset`, { lang: 'en' })).status).toBe(403);
  });
});
