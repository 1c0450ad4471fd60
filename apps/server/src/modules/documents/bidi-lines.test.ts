import { describe, expect, it } from 'vitest';
import { layoutLines, type Paragraph } from './bidi-lines.js';
import type { Family } from './pdf-fonts.js';

/** Hebrew letters in the Hebrew font, spaces in their neighbour's, the rest in Noto Sans (as Noto Sans Hebrew has no signs). */
function paragraph(text: string): Paragraph {
  const families: Family[] = [];
  let previous: Family = 'latin';
  for (const char of text) {
    if (/\p{Script=Hebrew}/u.test(char)) previous = 'hebrew';
    else if (char !== ' ') previous = 'latin';
    for (let unit = 0; unit < char.length; unit++) families.push(previous);
  }
  return { text, families };
}
/** Every character 10 wide, so widths are easy to count. */
const options = (rtl: boolean, maxWidth = 1000) => ({
  rtl,
  lang: 'en',
  maxWidth,
  measure: (_: string, text: string) => text.length * 10,
});
const texts = (text: string, rtl: boolean, maxWidth?: number) =>
  layoutLines(paragraph(text), options(rtl, maxWidth)).map((line) => line.runs.map((run) => run.text));

describe('bidi lines', () => {
  it('fills lines between words and cuts a word longer than a line', () => {
    expect(texts('aaaa bbbb cccc', false, 100)).toEqual([['aaaa bbbb'], ['cccc']]);
    expect(texts('x'.repeat(25), false, 100)).toEqual([['x'.repeat(10)], ['x'.repeat(10)], ['x'.repeat(5)]]);
  });

  it('orders a right-to-left line: Hebrew in reading order for the font to turn, the number left of it', () => {
    // Logical: "order 12" in Hebrew; shown right to left, so the number is drawn first (leftmost).
    expect(texts('הזמנה 12', true)).toEqual([['12', 'הזמנה ']]);
  });

  it('turns and mirrors signs alone in a right-to-left run, which no font turns', () => {
    // Turned alone, "(!) " would read " )!("; mirrored too, the brackets enclose as a reader expects.
    expect(texts('א (!) ב', true)).toEqual([['ב', ' (!)', 'א ']]);
  });

  it('keeps a Hebrew name inside a left-to-right line as one run in its place', () => {
    const [line] = layoutLines(paragraph('Name: דוד לוי, order 1001'), options(false));
    expect(line?.runs.map((run) => [run.family, run.text])).toEqual([
      ['latin', 'Name: '],
      ['hebrew', 'דוד לוי'],
      ['latin', ', order 1001'],
    ]);
    expect(line?.width).toBe(250);
  });
});
