/** What the PDF's standard font can draw (WinAnsi: Latin-1 and a few signs); other text is drawn in English. */
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
export const drawable = (text: string) => WIN_ANSI.test(text);

/**
 * The acknowledgement as a one-page PDF (the durable copy of Art. 11a(3), ADR 046): its subject as the title, then
 * its text, wrapped, as the email says it. Text the font cannot draw is replaced, so the copy always renders.
 */
export async function acknowledgementPdf(title: string, text: string): Promise<Uint8Array> {
  // Loaded on first use, as for the packing slip: the library is a sizeable part of start-up otherwise.
  const { PDFDocument, StandardFonts } = await import('@pdfme/pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(safe(title));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const width = 495;
  const draw = (line: string, size: number, f: typeof font) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
    page.drawText(line, { x: 50, y, size, font: f });
    y -= size + 6;
  };
  for (const line of wrap(safe(title), (t) => bold.widthOfTextAtSize(t, 15), width)) draw(line, 15, bold);
  y -= 10;
  for (const paragraph of safe(text).split('\n')) {
    if (paragraph.trim() === '') y -= 8;
    else for (const line of wrap(paragraph, (t) => font.widthOfTextAtSize(t, 11), width)) draw(line, 11, font);
  }
  return pdf.save();
}

/** Each character the font cannot draw as `?` (a character of several code points as one). */
const safe = (text: string) => text.replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');

/** Words onto lines no wider than `max`; a single longer word is cut. */
function wrap(text: string, widthOf: (text: string) => number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/)) {
    const next = current ? `${current} ${word}` : word;
    if (widthOf(next) <= max) current = next;
    else {
      if (current) lines.push(current);
      let rest = word;
      while (widthOf(rest) > max) {
        let cut = rest.length - 1;
        while (cut > 1 && widthOf(rest.slice(0, cut)) > max) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines;
}
