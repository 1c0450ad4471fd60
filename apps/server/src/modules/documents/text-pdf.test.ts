import { describe, expect, it } from 'vitest';
import { embeddedFonts, readPdf } from '../../../test/pdf-text.js';
import { TextPdf } from './text-pdf.js';

const pdfOf = async (lang: string, title: string, text: string) => {
  const pdf = await TextPdf.create(lang, title);
  await pdf.write(title, 15, 'bold');
  await pdf.write(text, 11, 'regular');
  return pdf.save();
};

/** Text in any script, drawn in its own font (ADR 046). */
describe('text PDF', () => {
  it('embeds only the fonts of the scripts in the text, each as a small subset', async () => {
    const latin = await pdfOf('de', 'Widerruf', 'Jürgen Groß, Ελένη, Иван');
    expect(await embeddedFonts(latin)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(latin.length).toBeLessThan(20_000);
    const mixed = await pdfOf('en', 'Withdrawal', 'Sara שרה and 山田 and محمد');
    expect(await embeddedFonts(mixed)).toEqual([
      'NotoNaskhArabic',
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansHebrew-Regular',
      'NotoSansSC-Regular',
    ]);
    expect(mixed.length).toBeLessThan(40_000);
  });

  it('draws Han in the language’s own font: Japanese for a Japanese text, traditional for zh-hant', async () => {
    expect(await embeddedFonts(await pdfOf('ja', '撤回', '山田'))).toEqual(['NotoSansJP-Bold', 'NotoSansJP-Regular']);
    expect(await embeddedFonts(await pdfOf('zh-hant', '撤回', '陳大文'))).toEqual([
      'NotoSansTC-Bold',
      'NotoSansTC-Regular',
    ]);
  });

  it('sets a Hebrew line from the right with the order number in reading order', async () => {
    const { items } = await readPdf(await pdfOf('he', 'ביטול', 'הזמנה 1001 של דוד (לוי)'));
    // pdf.js reads the drawn line back into reading order (wrong runs or a wrong order would not survive that), and
    // does not mirror brackets back: the `)…(` are the brackets drawn mirrored, as a right-to-left line shows them.
    expect(items).toEqual(['ביטול', 'הזמנה 1001 של דוד )לוי(']);
  });

  it('draws a character no font has as ? and keeps the rest of the line', async () => {
    expect((await readPdf(await pdfOf('en', 'Hello', 'Name: ሰላም 🙂 Alice'))).text).toContain('Name: ??? ? Alice');
  });

  it('wraps a Japanese paragraph without spaces inside the page, every character kept', async () => {
    const sentence = '添付のPDFは受領した申し出の控えです。'.repeat(8);
    const { items } = await readPdf(await pdfOf('ja', '控え', sentence));
    expect(items.length).toBeGreaterThan(3);
    expect(items.join('').replace(/\s/g, '')).toBe(`控え${sentence}`);
  });
});
