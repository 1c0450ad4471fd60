import { feedOrder } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { readText } from './test-support.js';

const HEADER =
  'order_id,name,email,currency,created_at,fulfilled_at,line_id,title,price,quantity,discount,tags,refunded_quantity,refunded_at';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
const read = (text: string) => readText('csv', text);

describe('reading CSV orders', () => {
  it('groups consecutive rows into orders, from the order columns of their first row', async () => {
    const records = await read(
      csv(
        '5001,#1001,ann@example.com,USD,1700000000,,L1,"Shirt, linen",4500,2,500,summer|linen,,',
        '5001,,,,,,L2,"Cap ""classic""",1500,1,,,,',
        '5002,#1002,bob@example.com,EUR,2024-03-01T10:00:00Z,1709300000,L1,Scarf,2000,1,,,,',
      ),
    );
    expect(records).toEqual([
      {
        line: 2,
        order: {
          id: '5001',
          name: '#1001',
          email: 'ann@example.com',
          currency: 'USD',
          created_at: 1_700_000_000,
          lines: [
            { id: 'L1', title: 'Shirt, linen', price: 4500, quantity: 2, discount: 500, tags: ['summer', 'linen'] },
            { id: 'L2', title: 'Cap "classic"', price: 1500, quantity: 1 },
          ],
        },
      },
      {
        line: 4,
        order: {
          id: '5002',
          name: '#1002',
          email: 'bob@example.com',
          currency: 'EUR',
          created_at: 1_709_287_200,
          fulfilled_at: 1_709_300_000,
          lines: [{ id: 'L1', title: 'Scarf', price: 2000, quantity: 1 }],
        },
      },
    ]);
  });

  it('reads the order’s tags and discount codes, and each line’s product type, vendor and collections', async () => {
    const header =
      'order_id,name,email,currency,created_at,order_tags,discount_codes,line_id,title,price,quantity,tags,product_type,vendor,collections';
    const [record] = await read(
      [
        header,
        '5001,#1001,ann@example.com,USD,1700000000,vip|wholesale,WELCOME10,L1,Shirt,4500,1,summer,Shirts,Fernhill,Sale|Summer',
        '5001,,,,,,,L2,Cap,1500,1,,,,',
      ].join('\n'),
    );
    const order = feedOrder.parse(record && 'order' in record ? record.order : undefined);
    expect(order).toMatchObject({ tags: ['vip', 'wholesale'], discount_codes: ['WELCOME10'] });
    expect(order.lines[0]).toMatchObject({
      tags: ['summer'],
      product_type: 'Shirts',
      vendor: 'Fernhill',
      collections: ['Sale', 'Summer'],
    });
    expect(order.lines[1]).toMatchObject({ tags: [], product_type: '', vendor: '', collections: [] });
  });

  it('produces orders the feed accepts, with its defaults for the empty cells', async () => {
    const [record] = await read(csv('5001,#1001,ann@example.com,USD,1700000000,,L1,Shirt,4500,1,,,,'));
    const order = feedOrder.parse(record && 'order' in record ? record.order : undefined);
    expect(order).toMatchObject({ id: '5001', number: '1001', fulfilled_at: null, delivered_at: null, refunds: [] });
    expect(order.lines[0]).toMatchObject({ discount: 0, tax: 0, tags: [], sku: '' });
  });

  it('takes the columns in any order, with a byte order mark and CRLF rows', async () => {
    const text =
      '\uFEFFquantity,price,title,line_id,created_at,currency,email,name,order_id\r\n1,900,Socks,A,5,USD,a@b.co,#7,77\r\n';
    expect(await read(text)).toEqual([
      {
        line: 2,
        order: {
          id: '77',
          name: '#7',
          email: 'a@b.co',
          currency: 'USD',
          created_at: 5,
          lines: [{ id: 'A', title: 'Socks', price: 900, quantity: 1 }],
        },
      },
    ]);
  });

  it.each([
    ['1709287200', 1_709_287_200],
    ['2024-03-01T10:00:00Z', 1_709_287_200],
    ['2024-03-01T11:00:00+01:00', 1_709_287_200],
    ['2024-03-01T11:00:00+0100', 1_709_287_200],
    ['2024-03-01T10:00:00.750Z', 1_709_287_200],
    ['2024-03-01 10:00:00', 1_709_287_200],
    ['2024-03-01T10:00', 1_709_287_200],
    ['2024-03-01', 1_709_251_200],
  ])('reads the time %s as unix seconds', async (cell, seconds) => {
    const [record] = await read(csv(`1,#1,a@b.co,USD,${cell},,L,T,1,1,,,,`));
    expect(record).toMatchObject({ order: { created_at: seconds } });
  });

  it('makes one refund of the refunded quantities, dated by the latest refund or else the order', async () => {
    const records = await read(
      csv(
        '1,#1,a@b.co,USD,1700000000,,L1,Shirt,4500,2,,,1,1700000500',
        '1,,,,,,L2,Cap,1500,1,,,0,',
        '1,,,,,,L3,Sock,500,3,,,3,2023-11-14T22:30:00Z',
        '2,#2,a@b.co,USD,1700000000,,L1,Shirt,4500,2,,,2,',
      ),
    );
    expect(records.map((record) => ('order' in record ? record.order.refunds : record))).toEqual([
      [
        {
          id: 'import',
          created_at: 1_700_001_000,
          lines: [
            { line_id: 'L1', quantity: 1 },
            { line_id: 'L3', quantity: 3 },
          ],
        },
      ],
      [{ id: 'import', created_at: 1_700_000_000, lines: [{ line_id: 'L1', quantity: 2 }] }],
    ]);
  });

  it('names the required columns the header lacks', async () => {
    await expect(read('order_id,name,currency,line_id,price\n1,#1,USD,L,1\n')).rejects.toThrow(
      /lacks the required columns email, created_at, title, quantity/,
    );
  });

  it('refuses unknown columns, which would otherwise lose their data', async () => {
    await expect(read(`${HEADER},discout\n`)).rejects.toThrow(/unknown columns discout/);
  });

  it('refuses an empty file', async () => {
    await expect(read('\n\n')).rejects.toThrow(/empty/);
  });

  it('reports a bad row on its line, leaves its whole order out and goes on', async () => {
    const records = await read(
      csv(
        '1,#1,a@b.co,USD,1700000000,,L1,Shirt,4500,1,,,,',
        '1,,,,,,L2,Cap,1500,1,,,',
        '2,#2,a@b.co,USD,yesterday,,L1,Shirt,12.50,1,,,,',
        '',
        '3,#3,a@b.co,USD,1700000000,,L1,Shirt,4500,1,,,,',
      ),
    );
    expect(records).toEqual([
      { line: 3, id: '1', error: 'This row has 13 cells where the header has 14' },
      {
        line: 4,
        id: '2',
        error: expect.stringMatching(
          /^created_at: "yesterday" is not a time.*; price: "12.50" is not a whole number/,
        ) as unknown,
      },
      expect.objectContaining({ line: 6, order: expect.objectContaining({ id: '3' }) as unknown }),
    ]);
  });

  it('refuses a date that does not exist', async () => {
    const [record] = await read(csv('1,#1,a@b.co,USD,2024-02-30,,L,T,1,1,,,,'));
    expect(record).toMatchObject({ line: 2, id: '1', error: expect.stringMatching(/^created_at: /) as unknown });
  });

  it('reports an order whose rows are not consecutive', async () => {
    const records = await read(
      csv(
        '1,#1,a@b.co,USD,1700000000,,L1,Shirt,4500,1,,,,',
        '2,#2,a@b.co,USD,1700000000,,L1,Shirt,4500,1,,,,',
        '1,,,,,,L2,Cap,1500,1,,,,',
      ),
    );
    expect(records[2]).toEqual({
      line: 4,
      id: '1',
      error: expect.stringMatching(/not consecutive.*line 2/) as unknown,
    });
  });
});
