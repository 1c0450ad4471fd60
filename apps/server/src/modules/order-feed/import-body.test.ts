import { describe, expect, it } from 'vitest';
import { EventLoopTurns } from '../../event-loop-turns.js';
import { maximalImport } from '../../../test/maximal-import.js';
import { ordersOfImport } from './import-body.js';

const split = (body: string) => ordersOfImport(body, new EventLoopTurns());
const parsedOrders = async (body: string) =>
  (await split(body)).map((item) => ('text' in item ? (JSON.parse(item.text) as unknown) : item));
const refusal = (body: string) =>
  split(body).then(
    () => 'taken',
    (error: unknown) => (error as { message: string }).message,
  );

describe('the orders of an import body', () => {
  it('are what JSON.parse finds in it, however the JSON is laid out', async () => {
    const tricky = [
      { id: 'a', title: 'Braces } ] { [ and "quotes" and \\ backslashes \\" in text', n: -1.5e3 },
      { id: 'b', nested: [[], {}, [{ x: [1, { y: null }] }]], ok: true, no: false, nothing: null },
      'a string',
      42,
      { id: 'c', unicode: 'é \u2028 😀', escaped: '\n\t\u0000' },
    ];
    for (const body of [
      JSON.stringify({ orders: tricky }),
      JSON.stringify({ orders: tricky }, null, 2),
      ` \r\n\t${JSON.stringify({ orders: tricky }, null, '\t')}\n `,
      JSON.stringify(maximalImport('split')),
    ])
      expect(await parsedOrders(body)).toEqual((JSON.parse(body) as { orders: unknown[] }).orders);
  });

  it('refuses a body that is not JSON, with the same message as any other call', async () => {
    for (const body of [
      '',
      '{',
      '{"orders": [{"id": "a"}',
      '{"orders": [{"id": "a"}]',
      '{"orders": [{"id": "a"},]}',
      '{"orders": [,{"id": "a"}]}',
      '{"orders": [{"id": "a"} {"id": "b"}]}',
      '{"orders": [{"id": "a"}]} trailing',
      '{"orders" [{"id": "a"}]}',
      '{orders: [{"id": "a"}]}',
      '{"orders": [{"id": "a\\"}]}',
      '[{"id": "a"}]',
    ])
      expect(await refusal(body), body).toBe('Malformed JSON body');
  });

  it('says what is wrong with the batch as the contract does', async () => {
    expect(await refusal('{}')).toMatch(/^orders: Invalid input: expected array, received undefined/);
    expect(await refusal('{"orders": {"id": "a"}}')).toMatch(/^orders: Invalid input: expected array, received object/);
    expect(await refusal('{"orders": "a"}')).toMatch(/^orders: Invalid input: expected array, received string/);
    expect(await refusal('{"orders": []}')).toMatch(/^orders: Too small/);
    expect(await refusal(JSON.stringify({ orders: Array(501).fill({}) }))).toMatch(/^orders: Too big/);
    expect(await refusal('{"orders": [{}], "note": 1}')).toBe('Unrecognized key: "note"');
  });

  it('answers an order too deep to be one by its place, without parsing it', async () => {
    const deep = `{"orders": [{"id": "a"}, ${'['.repeat(30_000)}${']'.repeat(30_000)}, "b"]}`;
    expect(await split(deep)).toEqual([
      { text: '{"id": "a"}' },
      { error: 'More than 26000 objects and arrays: not an order' },
      { text: '"b"' },
    ]);
  });
});
