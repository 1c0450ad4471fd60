import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PDFDocument, PDFFont } from '@pdfme/pdf-lib';
import { supportedLocale, type Locale } from '@return-center/contract';

/** The Noto families a PDF may draw with, one per script (ADR 046): each an npm package of the font's TTF files (OFL). */
export type Family =
  'latin' | 'arabic' | 'hebrew' | 'thai' | 'japanese' | 'korean' | 'chineseSimplified' | 'chineseTraditional';
export type Weight = 'regular' | 'bold';

const noto = (name: string, file: string) => ({
  pkg: `@expo-google-fonts/${name}`,
  regular: `400Regular/${file}_400Regular.ttf`,
  bold: `700Bold/${file}_700Bold.ttf`,
});
const FONTS: Record<Family, { pkg: string; regular: string; bold: string }> = {
  // Noto Sans itself covers Latin, Greek and Cyrillic (Vietnamese too).
  latin: noto('noto-sans', 'NotoSans'),
  // A build of Noto Naskh Arabic with one glyph per letter form: the current Google builds draw a letter as a dotless
  // skeleton plus its dots, which a PDF's text map cannot tell apart (copied text came out wrong).
  arabic: {
    pkg: '@embedpdf/fonts-arabic',
    regular: 'fonts/NotoNaskhArabic-Regular.ttf',
    bold: 'fonts/NotoNaskhArabic-Bold.ttf',
  },
  hebrew: noto('noto-sans-hebrew', 'NotoSansHebrew'),
  thai: noto('noto-sans-thai', 'NotoSansThai'),
  japanese: noto('noto-sans-jp', 'NotoSansJP'),
  korean: noto('noto-sans-kr', 'NotoSansKR'),
  chineseSimplified: noto('noto-sans-sc', 'NotoSansSC'),
  chineseTraditional: noto('noto-sans-tc', 'NotoSansTC'),
};

/** The family that draws a language's own script: the first to try for signs and Han characters. */
function familyOf(lang: string): Family {
  const own: Partial<Record<Locale, Family>> = {
    ar: 'arabic',
    he: 'hebrew',
    th: 'thai',
    ja: 'japanese',
    ko: 'korean',
    zh: 'chineseSimplified',
    'zh-hant': 'chineseTraditional',
  };
  return own[supportedLocale(lang) ?? 'en'] ?? 'latin';
}

const HAN: Family[] = ['chineseSimplified', 'chineseTraditional', 'japanese', 'korean'];
const SCRIPTS: [RegExp, Family[]][] = [
  [/\p{Script=Arabic}/u, ['arabic']],
  [/\p{Script=Hebrew}/u, ['hebrew']],
  [/\p{Script=Thai}/u, ['thai']],
  [/\p{Script=Hangul}/u, ['korean']],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['japanese']],
  [/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u, ['latin']],
];
/**
 * The families to try for a character, best first, in a text written in `lang`; `null` for signs, digits, marks and
 * other scripts, which take the font of the character before them when it has them, else a fallback's.
 */
export function familiesFor(char: string, lang: string): Family[] | null {
  if (/[\p{Script=Han}\p{Script=Bopomofo}]/u.test(char)) {
    const own = familyOf(lang);
    return HAN.includes(own) ? [own, ...HAN.filter((f) => f !== own)] : HAN;
  }
  for (const [script, families] of SCRIPTS) if (script.test(char)) return families;
  return null;
}

/** Where a sign no neighbour can draw is looked for: Noto Sans, then the language's own family. */
export const fallbacks = (lang: string): Family[] => [...new Set<Family>(['latin', familyOf(lang)])];

/** What pdf-lib takes to read fonts: fontkit's interface, as pdf-lib declares it. */
export type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** The fonts of one PDF: files are read when the PDF first needs them, and forgotten with it. */
export class FontBook {
  private readonly files = new Map<string, Promise<Uint8Array>>();
  private readonly faces = new Map<Family, Promise<ReturnType<Fontkit['create']>>>();
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fontkit: Fontkit,
  ) {
    pdf.registerFontkit(fontkit);
  }

  /** Whether the family has a glyph for the character (its regular face: the bold one covers the same). */
  async has(family: Family, char: string): Promise<boolean> {
    let face = this.faces.get(family);
    if (!face) {
      face = this.bytes(family, 'regular').then((bytes) => this.fontkit.create(bytes));
      this.faces.set(family, face);
    }
    return (await face).hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
  }

  /** The family in that weight, embedded in the PDF as a subset of the glyphs drawn. */
  font(family: Family, weight: Weight): Promise<PDFFont> {
    const key = `${family}/${weight}`;
    let font = this.embedded.get(key);
    if (!font) {
      font = this.bytes(family, weight).then((bytes) => this.pdf.embedFont(bytes, { subset: true }));
      this.embedded.set(key, font);
    }
    return font;
  }

  private bytes(family: Family, weight: Weight): Promise<Uint8Array> {
    const key = `${family}/${weight}`;
    let bytes = this.files.get(key);
    if (!bytes) {
      bytes = readFile(fontFile(family, weight));
      this.files.set(key, bytes);
    }
    return bytes;
  }
}

const require = createRequire(import.meta.url);

/** The TTF file of a family's weight inside its package. */
export function fontFile(family: Family, weight: Weight): string {
  const { pkg, regular, bold } = FONTS[family];
  const entry = require.resolve(pkg);
  return join(entry.slice(0, entry.lastIndexOf(pkg) + pkg.length), weight === 'bold' ? bold : regular);
}
