import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@pdfme/pdf-lib';
import { code128Widths } from './code128.js';
import type { Carrier } from './port.js';
import { SandboxCarrier } from './sandbox.js';

const carriers: [string, Carrier][] = [['sandbox', new SandboxCarrier()]];
const from = { name: 'Alice Walker', lines: ['1 Main St', 'New York, NY 10001'] };
const to = { name: 'Demo Shop Returns', lines: ['500 Market Street', 'San Francisco, CA 94105'] };

describe.each(carriers)('%s carrier', (_name, carrier) => {
  it('makes a one-page PDF label with a 22-digit tracking number, the same for a retry', async () => {
    const label = await carrier.createLabel({ reference: 'RMA-000001', from, to });
    expect(label.trackingNumber).toMatch(/^9400\d{18}$/);
    const pdf = await PDFDocument.load(label.pdf);
    expect(pdf.getPageCount()).toBe(1);
    expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const again = await carrier.createLabel({ reference: 'RMA-000001', from, to });
    expect(again.trackingNumber).toBe(label.trackingNumber);
  });
});

it('encodes Code 128 with start, checksum and stop symbols', () => {
  const widths = code128Widths('A1');
  // start + 2 characters + checksum (6 modules each as 6 widths) + stop (7 widths)
  expect(widths).toHaveLength(6 * 4 + 7);
  expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
  expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * 4 + 13);
});
