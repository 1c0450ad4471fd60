import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_ROW_CHARS, csvRows, type CsvRow } from './csv-rows.js';
import { collect } from './test-support.js';

const parse = (...chunks: string[]): Promise<CsvRow[]> => collect(csvRows(Readable.from(chunks)));

describe('CSV rows (RFC 4180)', () => {
  const tricky =
    'id,title,note\r\n' +
    '1,"Shirt, linen","She said ""hi"""\r\n' +
    '2,"two\r\nlines",\n' +
    '3,"",plain\n' +
    '4,"a\nb\nc","x"';

  it('reads quoted commas, doubled quotes, line breaks in quotes, empty cells, CRLF and LF', async () => {
    expect(await parse(tricky)).toEqual([
      { line: 1, cells: ['id', 'title', 'note'] },
      { line: 2, cells: ['1', 'Shirt, linen', 'She said "hi"'] },
      { line: 3, cells: ['2', 'two\r\nlines', ''] },
      { line: 5, cells: ['3', '', 'plain'] },
      { line: 6, cells: ['4', 'a\nb\nc', 'x'] },
    ]);
  });

  it('reads the same rows wherever the chunks are cut', async () => {
    const whole = await parse(tricky);
    for (let cut = 1; cut < tricky.length; cut += 1)
      expect(await parse(tricky.slice(0, cut), tricky.slice(cut))).toEqual(whole);
    expect(await parse(...tricky.split(''))).toEqual(whole);
  });

  it('keeps a trailing empty cell and ignores a final newline', async () => {
    expect(await parse('a,b,\n')).toEqual([{ line: 1, cells: ['a', 'b', ''] }]);
  });

  it('keeps a stray quote inside a cell as it is, as spreadsheets read it', async () => {
    expect(await parse('12" vinyl,"a" b\nok,fine\n')).toEqual([
      { line: 1, cells: ['12" vinyl', '"a" b'] },
      { line: 2, cells: ['ok', 'fine'] },
    ]);
  });

  it('reports a quote never closed on the row where it opens', async () => {
    const rows = await parse('a,b\r\n"x\r\ny",z\r\nok,fine\r\n"never closed,\n\n');
    expect(rows.slice(0, 3)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\r\ny', 'z'] },
      { line: 4, cells: ['ok', 'fine'] },
    ]);
    expect(rows[3]).toMatchObject({ line: 5, error: expect.stringMatching(/never closed/) as unknown });
  });

  it('gives up on a quote left open instead of reading the whole file into one cell', async () => {
    const filler = `${'x'.repeat(999)}\n`;
    const rows = await parse('a,b\n1,"open\n', ...Array.from({ length: (MAX_ROW_CHARS / 1000) * 2 }, () => filler));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      line: 2,
      error: expect.stringMatching(/rest of the file was not read/) as unknown,
    });
  });
});
