import { AA_NORMAL_TEXT, contrastRatio } from '@return-center/domain/contrast';
import { describe, expect, it } from 'vitest';
import { passingShade } from './contrast-fix';

describe('passingShade', () => {
  it('darkens a light theme colour just enough for white text', () => {
    const shade = passingShade('#4fb3ff', '#ffffff');
    expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(shade ?? '', '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    // Not simply black: the nearest shade that passes.
    expect(contrastRatio(shade ?? '', '#ffffff')).toBeLessThan(AA_NORMAL_TEXT + 0.2);
  });

  it('lightens a dark theme colour for dark text', () => {
    const shade = passingShade('#333333', '#111111');
    expect(contrastRatio(shade ?? '', '#111111')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(contrastRatio(shade ?? '', '#000000')).toBeGreaterThan(contrastRatio('#333333', '#000000') ?? 0);
  });

  it('passes even with a mid-grey text, and has nothing to offer for a colour it cannot read', () => {
    expect(contrastRatio(passingShade('#777777', '#777777') ?? '', '#777777')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(passingShade('teal', '#ffffff')).toBeNull();
  });
});
