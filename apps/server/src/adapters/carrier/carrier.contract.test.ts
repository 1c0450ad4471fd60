import { inflateSync } from 'node:zlib';
import { PDFDocument, type PDFArray, type PDFRawStream } from '@pdfme/pdf-lib';
import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEasyPost } from '../../../test/fakes/easypost-server.js';
import { code128Widths } from './code128.js';
import { EasyPostCarrier } from './easypost.js';
import type { Carrier, PickupInput, PickupPlace } from './port.js';
import { SandboxCarrier } from './sandbox.js';

/** What every carrier adapter must do; each runs this same file. */
const carriers: [string, () => Promise<{ carrier: Carrier; close: () => Promise<void> }>][] = [
  ['sandbox', () => Promise.resolve({ carrier: new SandboxCarrier(), close: async () => {} })],
  [
    'easypost (local fake)',
    async () => {
      const easypost = await startFakeEasyPost();
      return {
        carrier: new EasyPostCarrier({ apiKey: easypost.apiKey, baseUrl: easypost.baseUrl }),
        close: () => easypost.close(),
      };
    },
  ],
];
const from = { name: 'Alice Walker', lines: ['1 Main St', 'New York, NY 10001'] };
const to = { name: 'Fernhill Supply Co. Returns', lines: ['500 Market Street', 'San Francisco, CA 94105'] };
const place: PickupPlace = {
  name: 'Alice Walker',
  street1: '1 Main St',
  street2: 'Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '2125550100',
  email: 'alice@example.com',
};
const MONDAY = '2026-11-23';
const SATURDAY = '2026-11-28';

describe.each(carriers)('%s carrier', (_name, open) => {
  let carrier: Carrier;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ carrier, close } = await open());
  });
  afterAll(() => close());

  const pickup = async (reference: string, date: string): Promise<PickupInput> => {
    const label = await carrier.createLabel({ reference: `label-for-${reference}`, from, to });
    return {
      reference,
      place,
      trackingNumber: label.trackingNumber,
      date,
      slot: '9-11',
      timezone: 'America/New_York',
    };
  };

  it('makes a one-page PDF label with a 22-digit tracking number, the same for a retry', async () => {
    const label = await carrier.createLabel({ reference: 'RMA-000001', from, to });
    expect(label.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(label.carrier).toBe('USPS');
    const pdf = await PDFDocument.load(label.pdf);
    expect(pdf.getPageCount()).toBe(1);
    expect(Buffer.from(label.pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const again = await carrier.createLabel({ reference: 'RMA-000001', from, to });
    expect(again.trackingNumber).toBe(label.trackingNumber);
    const other = await carrier.createLabel({ reference: 'RMA-000002', from, to });
    expect(other.trackingNumber).not.toBe(label.trackingNumber);
  });

  it('finds a good US address and not an undeliverable street or a bad ZIP', async () => {
    expect(await carrier.verifyAddress(place)).toEqual({ ok: true });
    const undeliverable = await carrier.verifyAddress({ ...place, street1: '1 Undeliverable Rd' });
    expect(undeliverable).toEqual({ ok: false, message: expect.stringMatching(/\S/) as string });
    expect((await carrier.verifyAddress({ ...place, zip: '1000' })).ok).toBe(false);
  });

  it('books a weekday pickup, answers a retried reference with the same booking, and cancels it', async () => {
    const input = await pickup('pickup-1', MONDAY);
    const booking = await carrier.schedulePickup(input);
    expect(booking.pickupId).toMatch(/\S/);
    expect(booking.confirmation).toMatch(/\S/);
    expect(await carrier.schedulePickup(input)).toEqual(booking);
    await expect(carrier.cancelPickup(booking.pickupId)).resolves.toBeUndefined();
  });

  it('refuses a pickup on a weekend', async () => {
    await expect(carrier.schedulePickup(await pickup('pickup-2', SATURDAY))).rejects.toThrow();
  });

  it('tracks a label: its number, a status and at least one event in unix seconds', async () => {
    const label = await carrier.createLabel({ reference: 'RMA-000003', from, to });
    const tracking = await carrier.track(label.trackingNumber);
    expect(tracking.trackingNumber).toBe(label.trackingNumber);
    expect(tracking.status).toMatch(/\S/);
    expect(tracking.events.length).toBeGreaterThan(0);
    for (const event of tracking.events) {
      expect(event.message).toMatch(/\S/);
      expect(Number.isInteger(event.at)).toBe(true);
    }
  });
});

/**
 * Code 128 symbol values 0–106 as widths in modules, bar first, typed from the standard's table (ISO/IEC 15417):
 * 103–105 are Start A/B/C and 106 is the 7-element stop. Kept apart from code128.ts so a wrong entry there fails.
 */
const SYMBOLS = [
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213', // 0–9
  '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132', // 10–19
  '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211', // 20–29
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313', // 30–39
  '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331', // 40–49
  '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111', // 50–59
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214', // 60–69
  '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111', // 70–79
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141', // 80–89
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141', // 90–99
  '114131 311141 411131 211412 211214 211232 2331112', // 100–106
]
  .join(' ')
  .split(' ');
const [START_A, START_B, START_C, STOP] = [103, 104, 105, 106];

/** Reads bar/space widths the way a scanner does: start, data symbols, mod-103 checksum, stop. */
function decodeCode128(widths: number[]) {
  const stop = widths.slice(-7).join('');
  if (stop !== SYMBOLS[STOP] || (widths.length - 7) % 6 !== 0) throw new Error(`no stop symbol: ${stop}`);
  const values: number[] = [];
  for (let i = 0; i < widths.length - 7; i += 6) {
    const value = SYMBOLS.indexOf(widths.slice(i, i + 6).join(''));
    if (value < 0 || value >= STOP) throw new Error(`no Code 128 symbol at element ${i}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  if (start !== START_A && start !== START_B && start !== START_C) throw new Error(`no start symbol: ${String(start)}`);
  const checksum = rest.pop();
  if (checksum === undefined) throw new Error('no checksum symbol');
  const expectedChecksum = rest.reduce((sum, value, i) => sum + value * (i + 1), start) % 103;
  let set = start === START_A ? 'A' : start === START_B ? 'B' : 'C';
  let text = '';
  for (const value of rest) {
    if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (set !== 'C' && value < 96)
      text += String.fromCharCode(set === 'A' && value >= 64 ? value - 64 : value + 32);
    else if (value === 99 && set !== 'C') set = 'C';
    else if (value === 100 && set !== 'B') set = 'B';
    else if (value === 101 && set !== 'A') set = 'A';
    else throw new Error(`unsupported symbol ${value} in code set ${set}`);
  }
  return { text, checksum, expectedChecksum };
}

describe('Code 128', () => {
  it('uses a well-formed symbol table in the test itself: 107 distinct symbols of 11 modules, bars even', () => {
    expect(new Set(SYMBOLS).size).toBe(107);
    SYMBOLS.forEach((symbol, value) => {
      const w = Array.from(symbol, Number);
      expect(w.reduce((a, b) => a + b, 0)).toBe(value === STOP ? 13 : 11);
      const firstBars = [w[0], w[2], w[4]].map((width) => present(width, `bar width of symbol ${value}`));
      expect(firstBars.reduce((a, b) => a + b, 0) % 2).toBe(0);
    });
  });

  it('encodes a tracking number and a reference that decode back, with a correct mod-103 checksum', () => {
    for (const text of ['9400123456789012345678', 'RMA-000001', 'A1']) {
      const decoded = decodeCode128(code128Widths(text));
      expect(decoded.text).toBe(text);
      expect(decoded.checksum).toBe(decoded.expectedChecksum);
    }
    // Worked by hand: Start B (104) + 'A' (33) × 1 + '1' (17) × 2 = 171; 171 mod 103 = 68.
    expect(decodeCode128(code128Widths('A1')).checksum).toBe(68);
  });

  it('draws a different barcode when one digit of the tracking number changes', () => {
    const widths = code128Widths('9400123456789012345678');
    const changed = code128Widths('9400123456789012345679');
    expect(changed).not.toEqual(widths);
    expect(decodeCode128(changed).text).toBe('9400123456789012345679');
  });

  it('the decoder notices a wrong checksum symbol', () => {
    const widths = code128Widths('A1');
    const broken = [
      ...widths.slice(0, -13),
      ...Array.from(present(SYMBOLS[67], 'symbol 67'), Number),
      ...widths.slice(-7),
    ];
    const decoded = decodeCode128(broken);
    expect(decoded.checksum).toBe(67);
    expect(decoded.checksum).not.toBe(decoded.expectedChecksum);
  });

  it('prints on the sandbox label a barcode that scans as its tracking number', async () => {
    const label = await new SandboxCarrier().createLabel({ reference: 'RMA-000042', from, to });
    const decoded = decodeCode128(barsOnLabel(await PDFDocument.load(label.pdf)));
    expect(decoded.text).toBe(label.trackingNumber);
    expect(decoded.checksum).toBe(decoded.expectedChecksum);
  });
});

/** The label's barcode as module widths: its filled bars (the tall rectangles), read left to right. */
function barsOnLabel(pdf: PDFDocument): number[] {
  const contents = pdf.getPage(0).node.Contents() as PDFArray;
  const ops = Array.from({ length: contents.size() }, (_, i) =>
    inflateSync((pdf.context.lookup(contents.get(i)) as PDFRawStream).getContents()).toString('latin1'),
  ).join('\n');
  const rectangle = /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 ([\d.]+) l\s+([\d.]+) \3 l/g;
  const bars = [...ops.matchAll(rectangle)]
    .map((m) => ({ x: Number(m[1]), height: Number(m[3]), width: Number(m[4]) }))
    .filter((bar) => bar.height >= 20)
    .sort((a, b) => a.x - b.x);
  const module = Math.min(...bars.map((bar) => bar.width));
  return bars.flatMap((bar, i) => {
    const next = bars[i + 1];
    const widths = [Math.round(bar.width / module)];
    if (next) widths.push(Math.round((next.x - bar.x - bar.width) / module));
    return widths;
  });
}
