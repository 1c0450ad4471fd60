import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AA_NORMAL_TEXT, contrastRatio, parseColor, readableTextOn } from './contrast.js';

describe('contrast of the merchant’s colours', () => {
  it('reads hex and rgb() colours, and nothing else', () => {
    expect(parseColor('#FFF')).toEqual([255, 255, 255]);
    expect(parseColor('#1a2b3c80')).toEqual([26, 43, 60]);
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColor('rgba(10 20 30 / 50%)')).toEqual([10, 20, 30]);
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
    expect(parseColor('teal')).toBeNull();
  });

  it('gives the WCAG ratios: 21 for black on white, 1 for a colour on itself, 4.54 for #767676 on white', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3366cc', '#3366cc')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('teal', '#fff')).toBeNull();
  });

  it('keeps the merchant’s text colour while it reaches AA, and swaps it for black or white when it does not', () => {
    expect(readableTextOn('#000000', '#ffffff')).toBe('#ffffff');
    expect(readableTextOn('#ffe14d', '#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffe14d', '#333333')).toBe('#333333');
    expect(readableTextOn('#1e3a8a', '#1e40af')).toBe('#ffffff');
    expect(readableTextOn('teal', '#ffffff')).toBe('#ffffff');
  });

  it('always ends with AA contrast on any hex colour the merchant picks', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (background, preferred) => {
        expect(contrastRatio(background, readableTextOn(background, preferred))).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }),
    );
  });
});
