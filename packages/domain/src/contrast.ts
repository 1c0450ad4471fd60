/** WCAG 2 contrast, for the merchant's theme colours: text on the primary colour must stay readable (AA). */

export const AA_NORMAL_TEXT = 4.5;

/** [r, g, b] in 0–255 from #rgb, #rgba, #rrggbb, #rrggbbaa or rgb()/rgba(); null for other forms (names, hsl…). */
export function parseColor(text: string): [number, number, number] | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? hex.slice(0, 3).replace(/./g, '$&$&') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(value);
  if (!rgb) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map(Number);
  return channels.every((c) => c <= 255) ? (channels as [number, number, number]) : null;
}

/** Relative luminance (WCAG 2.2, 1.4.3), 0 for black to 1 for white. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21; null when either is in a form we do not read. */
export function contrastRatio(a: string, b: string): number | null {
  const [first, second] = [parseColor(a), parseColor(b)];
  if (!first || !second) return null;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour to put on `background`: the merchant's own choice while it reaches AA, otherwise black or white,
 * whichever reads better. A colour we cannot read is left as the merchant gave it.
 */
export function readableTextOn(background: string, preferred: string): string {
  const ratio = contrastRatio(background, preferred);
  if (ratio === null || ratio >= AA_NORMAL_TEXT) return preferred;
  return (contrastRatio(background, '#000000') ?? 0) >= (contrastRatio(background, '#ffffff') ?? 0)
    ? '#000000'
    : '#ffffff';
}
