import { describe, expect, it } from 'vitest';
import { readText, sampleOrder } from './test-support.js';

describe('reading JSON Lines orders', () => {
  it('yields each order with its line, skips blank lines and reports a bad line while the rest go on', async () => {
    const text = [
      `\uFEFF${JSON.stringify(sampleOrder(1))}`,
      '',
      '{"id": "o-2", "name": ',
      '   ',
      '["not", "an", "order"]',
      JSON.stringify(sampleOrder(3)),
    ].join('\r\n');
    expect(await readText('jsonl', text, 7)).toEqual([
      { line: 1, order: sampleOrder(1) },
      { line: 3, id: '', error: expect.stringMatching(/^Not valid JSON/) as unknown },
      { line: 5, id: '', error: 'Each line must be one JSON object (an order)' },
      { line: 6, order: sampleOrder(3) },
    ]);
  });
});
