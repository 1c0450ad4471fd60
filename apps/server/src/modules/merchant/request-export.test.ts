import { calls, EXPORT_COLUMNS, MERCHANT_BASE } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addEmptyShop,
  buildTestApp,
  dialects,
  patchSettings,
  signInConsole,
  submitReturn,
  type TestApp,
} from '../../../test/helper.js';
import { parseCsv, csvRecords as records } from '../../../test/csv.js';
import { csvCell } from './csv-text.js';

const KEY = 'demo-merchant-key';

describe('CSV cells', () => {
  it('quotes as RFC 4180 and defuses formulas, leaving numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 1 23')).toBe("'+33 1 23");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(3)).toBe('3');
  });
});

describe.each(dialects)('requests export on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const download = (query = '', key = KEY) =>
    t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests/export${query}`,
      headers: { authorization: `Bearer ${key}` },
    });
  const post = (path: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: MERCHANT_BASE + path,
      payload,
      headers: { authorization: `Bearer ${KEY}` },
    });

  it('exports a refunded request with its dates, item, money and tracking, formulas defused', async () => {
    await patchSettings(t, (settings) => {
      for (const reason of settings.reasons) reason.text = '=HYPERLINK("http://evil")';
      settings.return_setting.return_fee = 300;
    });
    const { token, requestId } = await submitReturn(t);
    t.clock.advance(3600_000);
    await post(`/requests/${requestId}/approve`);
    await t.call(
      calls.addTracking,
      { request_id: requestId, tracking_number: '1Z999AA10123456784', shipping_carrier: 'UPS' },
      token,
    );
    t.clock.advance(86_400_000);
    await post(`/requests/${requestId}/receive`);
    await post(`/requests/${requestId}/refund`, { amount: 4000 });
    await t.app.ctx.worker.runDue();

    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="requests-.+\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(response.body.slice(1))[0]).toEqual([...EXPORT_COLUMNS]);
    const rows = records(response.body);
    const row = present(
      rows.find((r) => r.request_id === String(requestId)),
      'the refunded request',
    );
    expect(row).toMatchObject({
      rma: `RMA-${String(requestId).padStart(6, '0')}`,
      order: '#1001',
      customer_email: 'alice@example.com',
      status: 'completed',
      solution: 'Refund to original payment method',
      method: 'Ship on your own',
      refunded: '40.00',
      credited: '0.00',
      exchanged: '0.00',
      fees: '3.00',
      tracking_number: '1Z999AA10123456784',
      carrier: 'UPS',
      item_title: 'Linen Shirt',
      item_quantity: '1',
      item_reason: `'=HYPERLINK("http://evil")`,
      item_condition: '',
      item_outcome: '',
    });
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(row.approved_at ?? '') - Date.parse(row.created_at ?? '')).toBe(3600_000);
    expect(Date.parse(row.refunded_at ?? '') - Date.parse(row.received_at ?? '')).toBe(0);
    expect(Date.parse(row.received_at ?? '') - Date.parse(row.approved_at ?? '')).toBe(86_400_000);
    expect(row.item_sku).not.toBe('');
    expect(Number(row.refund_due)).toBeGreaterThan(0);
    // The escaped cell is quoted in the file itself, its quotes doubled.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('says how each item was found at receipt and what was decided', async () => {
    const { requestId } = await submitReturn(t);
    await post(`/requests/${requestId}/approve`);
    const detail = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests/${requestId}`,
      headers: { authorization: `Bearer ${KEY}` },
    });
    const [item] = detail.json<{ data: { items: { line_item_id: number }[] } }>().data.items;
    const received = await post(`/requests/${requestId}/receive`, {
      items: [
        {
          line_item_id: item?.line_item_id,
          quantity: 1,
          condition: 'damaged',
          outcome: 'rejected',
          reason: 'torn seam',
        },
      ],
    });
    expect(received.statusCode).toBe(200);
    const row = records((await download()).body).find((r) => r.request_id === String(requestId));
    expect(row).toMatchObject({ item_condition: '1 damaged', item_outcome: '1 rejected: torn seam' });
  });

  it("takes the list's filters and never exports another shop's requests", async () => {
    const { requestId } = await submitReturn(t);
    const all = records((await download()).body);
    expect(all.map((r) => r.order).sort()).toEqual(['#1001', '#1005']);
    expect(records((await download('?order=%231005')).body).map((r) => r.order)).toEqual(['#1005']);
    expect(records((await download('?email=alice@example.com')).body).map((r) => r.request_id)).toEqual([
      String(requestId),
    ]);
    expect(records((await download('?status=2')).body)).toEqual([]);
    expect((await download('?status=abc')).statusCode).toBe(400);

    const otherId = await addEmptyShop(t);
    await t.app.ctx.services.merchant.keys.add(otherId, 'other-shop-key-123456', 'test');
    const foreign = await download('', 'other-shop-key-123456');
    expect(foreign.statusCode).toBe(200);
    expect(records(foreign.body)).toEqual([]);
    expect((await download('', 'x'.repeat(20))).statusCode).toBe(401);
  });

  it('downloads from a console session too', async () => {
    const { cookie } = await signInConsole(t);
    const reply = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests/export`,
      headers: { cookie },
      remoteAddress: '10.0.0.9',
    });
    expect(reply.statusCode).toBe(200);
    expect(records(reply.body).map((r) => r.order)).toEqual(['#1005']);
  });
});
