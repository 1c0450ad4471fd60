import { calls } from '@return-center/contract';
import { present } from '@return-center/domain';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, mailbox, merchantAction, submitReturn, type TestApp } from '../../../test/helper.js';

/** Reads a QR code from a PNG the way a phone's camera would, or null when there is none to read. */
function scan(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe.each(dialects)('drop-off without a box on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const approve = async (requestId: number) => {
    await merchantAction(t, requestId, 'approve');
    await t.app.ctx.worker.runDue();
    await t.app.ctx.worker.runDue();
  };

  it('shows a label return a QR code that scans as its drop-off code, on the status page and in the email', async () => {
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 1 });
    const before = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    expect(before.drop_off).toBeNull();
    await approve(requestId);

    const detail = (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data;
    const dropOff = present(detail.drop_off, 'the drop-off code');
    expect(dropOff.code).toContain(detail.tracking_number);
    const image = await t.app.inject({ method: 'GET', url: dropOff.qr_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    expect(scan(image.rawPayload)).toBe(dropOff.code);
    // The link is signed like the label's: another kind's name or a forged signature is refused.
    expect(
      (await t.app.inject({ method: 'GET', url: dropOff.qr_url.replace('drop-off-qr', 'label') })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: dropOff.qr_url.replace(/sig=.*/, 'sig=x') })).statusCode).toBe(
      403,
    );

    const approved = (await mailbox(t, 'alice@example.com')).find((mail) => mail.text.includes(dropOff.code));
    const mail = present(approved, 'the approval email with the drop-off code');
    const src = present(/<img src="([^"]+\/documents\/drop-off-qr\/[^"]+)"/.exec(mail.html)?.[1], 'the QR image');
    const link = new URL(src.replaceAll('&amp;', '&'));
    const emailed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(scan(emailed.rawPayload)).toBe(dropOff.code);
  });

  it('gives no drop-off code to a return the shopper ships on their own', async () => {
    const { token, requestId } = await submitReturn(t, { shipping_method_id: 2 });
    await approve(requestId);
    expect((await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data.drop_off).toBeNull();
  });
});
