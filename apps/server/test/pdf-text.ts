import { PDFDict, PDFDocument, PDFName } from '@pdfme/pdf-lib';

/**
 * A PDF as a reader sees it, through pdf.js: its text items in drawing order, its text (items joined, a space at each
 * line's end) and every glyph drawn, page 1.
 */
export async function readPdf(bytes: Uint8Array): Promise<{
  items: string[];
  text: string;
  glyphs: { unicode: string; code: number }[];
}> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const drawn = content.items.flatMap((item) => ('str' in item ? [item] : []));
    const items = drawn.flatMap((item) => (item.str === '' ? [] : [item.str]));
    const text = drawn.map((item) => item.str + (item.hasEOL ? ' ' : '')).join('');
    const operators = await page.getOperatorList();
    const glyphs = operators.fnArray.flatMap((op, i) => {
      if (op !== OPS.showText) return [];
      const [drawn] = operators.argsArray[i] as [({ unicode: string; originalCharCode: number } | number)[]];
      return drawn.flatMap((glyph) =>
        typeof glyph === 'number' ? [] : [{ unicode: glyph.unicode, code: glyph.originalCharCode }],
      );
    });
    return { items, text, glyphs };
  } finally {
    await document.destroy();
  }
}

/** The fonts a PDF embeds, by name without the suffix that keeps names unique (`NotoSans-Regular`…). */
export async function embeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type0')
        ? [
            object
              .get(PDFName.of('BaseFont'))
              ?.toString()
              .replace(/^\/(.*)-\d+$/, '$1') ?? '',
          ]
        : [],
    )
    .sort();
}
