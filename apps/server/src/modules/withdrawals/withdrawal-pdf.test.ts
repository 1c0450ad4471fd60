import { calls } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, type TestApp } from '../../../test/helper.js';
import { readPdf } from '../../../test/pdf-text.js';
import { rawMailText } from '../notifications/mail-locales.js';

interface StoredMail {
  subject: string;
  attachments: { content_base64: string }[];
}

/** The acknowledgement's PDF in the consumer's own language and script (issue 35, ADR 046). */
describe.each(dialects)('withdrawal acknowledgement PDF on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  /** Declares a withdrawal of #1001 in that language and name, and reads the PDF the acknowledgement carries. */
  const acknowledged = async (lang: string, name: string) => {
    const email = `${lang}@example.com`;
    const declared = await t.call(calls.declareWithdrawal, {
      shop_url: shop,
      order_number: '#1001',
      email,
      name,
      scope: 'order',
      lang,
    });
    expect(declared.body.code).toBe(1000);
    for (let round = 0; round < 3; round++) await t.app.ctx.worker.runDue();
    const reply = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    const [mail] = reply.json<StoredMail[]>();
    const bytes = new Uint8Array(Buffer.from(mail?.attachments[0]?.content_base64 ?? '', 'base64'));
    expect(bytes.length).toBeLessThan(40_000);
    return { subject: mail?.subject ?? '', bytes, ...(await readPdf(bytes)) };
  };

  it.each([
    ['German', 'de', 'Jürgen Groß'],
    ['Japanese', 'ja', '山田 太郎'],
    ['Greek', 'el', 'Γιώργος Παπαδόπουλος'],
  ])('is in %s, title and name as the email has them', async (_, lang, name) => {
    const pdf = await acknowledged(lang, name);
    expect(pdf.subject).toContain(rawMailText(lang, 'withdrawalSubject').split(' ')[0]);
    expect(pdf.text).toContain(pdf.subject);
    expect(pdf.text).toContain(name);
    expect(pdf.text).not.toContain('?');
  });

  it('is in Arabic, shaped and right to left, with the consumer’s Arabic name', async () => {
    const name = 'محمد الأحمد';
    const pdf = await acknowledged('ar', name);
    // pdf.js reads each right-to-left run back into reading order: a run drawn in the wrong order reads reversed.
    const title = rawMailText('ar', 'withdrawalSubject').split('{reference}')[0]?.trim() ?? '';
    expect(title).toBe('إشعار باستلام انسحابك');
    expect(pdf.items).toContain(title);
    expect(pdf.items.some((item) => item.includes(name))).toBe(true);
    // Shaped: in the name as drawn (right to left: dal, meem, hah, meem), its last meem (initial form) and its first
    // (medial form) are different glyphs of the font; unshaped, both would be its one isolated meem.
    const drawn = pdf.glyphs.map((glyph) => glyph.unicode);
    const at = drawn.findIndex((_, i) => drawn.slice(i, i + 4).join('|') === 'د|م|ح|م');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(pdf.glyphs[at + 1]?.code).not.toBe(pdf.glyphs[at + 3]?.code);
    // Set from the right: the title's reference, after its Arabic words in reading order, is drawn left of them.
    expect(drawn.indexOf('W')).toBeLessThan(drawn.indexOf('إ'));
  });
});
