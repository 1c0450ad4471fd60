/**
 * The acknowledgement as a PDF (the durable copy of Art. 11a(4), ADR 046) in the consumer's language: its subject as
 * the title, then its text, wrapped, as the email says it, the consumer's name in whatever script they typed it.
 */
export async function acknowledgementPdf(title: string, text: string, lang: string): Promise<Uint8Array> {
  // Loaded on first use: the PDF and font libraries are a sizeable part of start-up otherwise.
  const { TextPdf } = await import('../documents/text-pdf.js');
  const pdf = await TextPdf.create(lang, title);
  await pdf.write(title, 15, 'bold');
  pdf.gap(10);
  await pdf.write(text, 11, 'regular');
  return pdf.save();
}
