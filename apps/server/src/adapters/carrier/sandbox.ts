import { createHash } from 'node:crypto';
import { code128Widths } from './code128.js';
import type { AddressCheck, Carrier, LabelAddress, PickupBooking, PickupInput, PickupPlace, Tracking } from './port.js';

/** A deterministic USPS-style 22-digit tracking number for a reference, so retries make the same label. */
export function sandboxTrackingNumber(reference: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 18);
  return `9400${digits}`;
}

/** Sandbox carrier: a real 4×6 inch PDF label with a Code 128 barcode and a tracking number. */
export class SandboxCarrier implements Carrier {
  async createLabel(input: { reference: string; from: LabelAddress; to: LabelAddress }) {
    const trackingNumber = sandboxTrackingNumber(input.reference);
    // Loaded on first use: the PDF library is a sizeable part of the server's start-up otherwise.
    const { PDFDocument, StandardFonts, rgb } = await import('@pdfme/pdf-lib');
    const pdf = await PDFDocument.create();
    pdf.setTitle(`Return label ${input.reference}`);
    const page = pdf.addPage([288, 432]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    page.drawText('USPS GROUND ADVANTAGE RETURN', { x: 16, y: 404, size: 11, font: bold });
    page.drawText('SANDBOX LABEL - NOT FOR MAILING', { x: 16, y: 390, size: 8, font });
    const block = (title: string, address: LabelAddress, y: number) => {
      page.drawText(title, { x: 16, y, size: 8, font: bold });
      [address.name, ...address.lines].forEach((line, i) =>
        page.drawText(line, { x: 16, y: y - 13 - i * 12, size: 10, font }),
      );
    };
    block('FROM', input.from, 362);
    block('SHIP TO', input.to, 282);
    const widths = code128Widths(trackingNumber);
    const module = 248 / widths.reduce((a, b) => a + b, 0);
    let x = 20;
    widths.forEach((width, i) => {
      if (i % 2 === 0) page.drawRectangle({ x, y: 90, width: width * module, height: 70, color: rgb(0, 0, 0) });
      x += width * module;
    });
    page.drawText(trackingNumber.replace(/(\d{4})(?=\d)/g, '$1 '), { x: 34, y: 72, size: 11, font: bold });
    page.drawText(`Reference ${input.reference}`, { x: 16, y: 40, size: 9, font });
    return { carrier: 'USPS', trackingNumber, pdf: await pdf.save(), dropOffCode: `RC-DROP-${trackingNumber}` };
  }

  /** Finds every address with a street, a ZIP and a state, except a street named UNDELIVERABLE (for tests). */
  verifyAddress(place: PickupPlace): Promise<AddressCheck> {
    const found =
      place.street1.trim() !== '' &&
      /^\d{5}(-\d{4})?$/.test(place.zip) &&
      /^[A-Z]{2}$/.test(place.state) &&
      !/undeliverable/i.test(place.street1);
    return Promise.resolve(found ? { ok: true } : { ok: false, message: 'Address not found' });
  }

  /** Books nothing; the same reference answers the same booking, as a retry would find it. */
  schedulePickup(input: PickupInput): Promise<PickupBooking> {
    const day = new Date(`${input.date}T12:00:00Z`).getUTCDay();
    if (day === 0 || day === 6) return Promise.reject(new Error(`No pickups on weekends: ${input.date}`));
    const digits = sandboxTrackingNumber(`pickup:${input.reference}`).slice(4, 14);
    return Promise.resolve({ pickupId: `pickup_sandbox_${digits}`, confirmation: `WTC${digits.slice(0, 8)}` });
  }

  cancelPickup(): Promise<void> {
    return Promise.resolve();
  }

  /** A label just made: accepted by the carrier, not moving yet. */
  track(trackingNumber: string): Promise<Tracking> {
    return Promise.resolve({
      trackingNumber,
      status: 'pre_transit',
      events: [{ status: 'pre_transit', message: 'Shipping label created', at: 0 }],
    });
  }
}
