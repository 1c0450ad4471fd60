import { describe, expect, it } from 'vitest';
import { giftSolutions, normalizeGiftCode, normalizePostcode } from './gift.js';

describe('gift returns', () => {
  it('compares postcodes without case, spaces or dashes', () => {
    expect(normalizePostcode(' nw1 6xe ')).toBe(normalizePostcode('NW1 6XE'));
    expect(normalizePostcode('10118-0110')).toBe('101180110');
    expect(normalizePostcode('10118')).not.toBe(normalizePostcode('10119'));
  });

  it('reads a gift code however it is typed', () => {
    expect(normalizeGiftCode('gift abcd 2345')).toBe('GIFT-ABCD-2345');
    expect(normalizeGiftCode('ABCD-2345')).toBe('GIFT-ABCD-2345');
    expect(normalizeGiftCode('GIFT-ABCD-2345')).toBe('GIFT-ABCD-2345');
  });

  it('keeps only the offered solutions the shop allows for gifts', () => {
    const offered = [{ id: 1 }, { id: 2 }, { id: 4 }];
    expect(giftSolutions(offered, [2, 4, 5])).toEqual([{ id: 2 }, { id: 4 }]);
    expect(giftSolutions(offered, [])).toEqual([]);
  });
});
