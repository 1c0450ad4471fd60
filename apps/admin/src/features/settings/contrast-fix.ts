import { AA_NORMAL_TEXT, contrastRatio, parseColor } from '@return-center/domain/contrast';

const hex = (channels: number[]) =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The shade of `primary` nearest to it that carries `text` at WCAG AA: darker under light text, lighter under dark
 * text. Null when either colour is in a form we do not read (black or white always reaches 4.58:1 with one of them).
 */
export function passingShade(primary: string, text: string): string | null {
  const base = parseColor(primary);
  if (!base || !parseColor(text)) return null;
  const lightText = (contrastRatio(text, '#000000') ?? 0) >= (contrastRatio(text, '#ffffff') ?? 0);
  const target = lightText ? 0 : 255;
  const mix = (amount: number) => hex(base.map((c) => c + (target - c) * amount));
  const passes = (amount: number) => (contrastRatio(mix(amount), text) ?? 0) >= AA_NORMAL_TEXT;
  if (!passes(1)) return null;
  // Moving towards black (or white) only raises the contrast with light (or dark) text: halve the gap 16 times.
  let [low, high] = [0, 1];
  for (let step = 0; step < 16; step += 1) {
    const middle = (low + high) / 2;
    if (passes(middle)) high = middle;
    else low = middle;
  }
  // Rounding to whole channels may land just under the line: nudge on until it passes.
  while (!passes(high) && high < 1) high = Math.min(1, high + 0.005);
  return mix(high);
}
