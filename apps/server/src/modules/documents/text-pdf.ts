import type { PDFDocument, PDFFont, PDFPage } from '@pdfme/pdf-lib';
import { RTL_LOCALES, supportedLocale } from '@return-center/contract';
import { layoutLines, type Paragraph } from './bidi-lines.js';
import { fallbacks, familiesFor, FontBook, type Family, type Fontkit, type Weight } from './pdf-fonts.js';

const PAGE: [number, number] = [595, 842];
const LEFT = 50;
const WIDTH = 495;
const TOP = 790;
const BOTTOM = 60;
/** Marks that draw nothing: they stay for the bidi algorithm, in the font of the character before them. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

/**
 * A PDF of plain text in any language (ADR 046): each character drawn in the Noto font of its script, Arabic shaped
 * into its joining forms, right-to-left lines set from the right with numbers and Latin in their place, CJK and Thai
 * broken between words. Only a character no font of ours has is drawn as `?`.
 */
export class TextPdf {
  private page: PDFPage;
  private y = TOP;
  private readonly rtl: boolean;

  static async create(lang: string, title: string): Promise<TextPdf> {
    // Loaded on first use, as for the packing slip: the libraries are a sizeable part of start-up otherwise.
    const [{ PDFDocument }, fontkit] = await Promise.all([import('@pdfme/pdf-lib'), shapingFontkit()]);
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setLanguage(lang);
    return new TextPdf(pdf, new FontBook(pdf, fontkit), lang);
  }

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly book: FontBook,
    private readonly lang: string,
  ) {
    this.page = pdf.addPage(PAGE);
    const locale = supportedLocale(lang);
    this.rtl = locale !== null && RTL_LOCALES.includes(locale);
  }

  /** Draws the text, wrapped, a paragraph per line of it; an empty line is a small gap. */
  async write(text: string, size: number, weight: Weight): Promise<void> {
    for (const line of text.split('\n')) {
      if (line.trim() === '') this.gap(8);
      else await this.paragraph(await this.drawable(line), size, weight);
    }
  }

  gap(points: number): void {
    this.y -= points;
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }

  private async paragraph(paragraph: Paragraph, size: number, weight: Weight) {
    const fonts = new Map<Family, PDFFont>();
    for (const family of new Set(paragraph.families)) fonts.set(family, await this.book.font(family, weight));
    const fontOf = (family: Family) => {
      const font = fonts.get(family);
      if (!font) throw new Error(`no ${family} font was embedded`);
      return font;
    };
    const measure = (family: Family, text: string) => fontOf(family).widthOfTextAtSize(text, size);
    for (const line of layoutLines(paragraph, { rtl: this.rtl, lang: this.lang, maxWidth: WIDTH, measure })) {
      if (this.y < BOTTOM) {
        this.page = this.pdf.addPage(PAGE);
        this.y = TOP;
      }
      let x = this.rtl ? LEFT + WIDTH - line.width : LEFT;
      for (const run of line.runs) {
        this.page.drawText(run.text, { x, y: this.y, size, font: fontOf(run.family) });
        x += run.width;
      }
      this.y -= size + 6;
    }
  }

  /** The family for each character: its script's, else its neighbour's or a fallback's; `?` when none has it. */
  private async drawable(line: string): Promise<Paragraph> {
    let text = '';
    const families: Family[] = [];
    let previous: Family | null = null;
    for (const char of line) {
      let family: Family | null = INVISIBLE.test(char) ? (previous ?? 'latin') : null;
      const candidates: Family[] = familiesFor(char, this.lang) ?? [
        ...(previous ? [previous] : []),
        ...fallbacks(this.lang),
      ];
      for (const candidate of family ? [] : candidates) {
        if (await this.book.has(candidate, char)) {
          family = candidate;
          break;
        }
      }
      const drawn = family ? char : '?';
      family ??= 'latin';
      text += drawn;
      for (let unit = 0; unit < drawn.length; unit++) families.push(family);
      previous = family;
    }
    return { text, families };
  }
}

/**
 * fontkit as pdf-lib uses it, with one change: a ligature in a right-to-left run (Arabic lam-alef) records its letters
 * in visual order in the PDF's text map, as extractors (pdf.js, poppler) turn the whole run back into reading order and
 * would otherwise read the two letters reversed.
 */
async function shapingFontkit(): Promise<Fontkit> {
  const fontkit = await import('fontkit');
  return {
    create(bytes) {
      // @types/fontkit and pdf-lib describe the same fontkit object, each in its own words.
      const font = fontkit.create(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ) as unknown as ReturnType<Fontkit['create']>;
      const layout = font.layout.bind(font);
      font.layout = (text, features) => {
        const run = layout(text, features);
        if (run.direction !== 'rtl') return run;
        run.glyphs = run.glyphs.map((glyph) => {
          if (glyph.codePoints.length < 2) return glyph;
          const codePoints = [...glyph.codePoints].reverse();
          return new Proxy(glyph, {
            get: (target, key) => (key === 'codePoints' ? codePoints : (Reflect.get(target, key) as unknown)),
          });
        });
        return run;
      };
      return font;
    },
  };
}
