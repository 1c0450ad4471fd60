import type { CheckInfo } from '@return-center/contract';

/** A one-page packing slip to put in the parcel: RMA, order, items and where it goes. */
export async function packingSlipPdf(detail: CheckInfo): Promise<Uint8Array> {
  // Loaded on first use: the PDF library is a sizeable part of the server's start-up otherwise.
  const { PDFDocument, StandardFonts } = await import('@pdfme/pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Packing slip ${detail.rma}`);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // Standard fonts only cover WinAnsi; anything else is replaced so the slip always renders.
  const safe = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  let y = 790;
  const line = (text: string, size = 11, f = font) => {
    page.drawText(safe(text), { x: 50, y, size, font: f });
    y -= size + 8;
  };
  line(`${detail.store_name} - Return packing slip`, 18, bold);
  line(`${detail.rma}   Order ${detail.order_no}`, 12, bold);
  y -= 10;
  line('Items', 12, bold);
  for (const item of detail.product_items) line(`${item.quantity} x ${item.title}  (${item.reason_text})`);
  y -= 10;
  line('Send to', 12, bold);
  for (const part of detail.return_address.split('\n')) line(part);
  y -= 10;
  line('Put this slip inside the parcel so we can match your return quickly.', 10);
  return pdf.save();
}
