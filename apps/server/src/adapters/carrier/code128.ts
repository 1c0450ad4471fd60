/** Code 128 (set B) bar widths, for drawing scannable barcodes on labels without a dependency. */
const PATTERNS =
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'.split(
    ' ',
  );
const START_B = 104;
const STOP = 106;

/** Module widths, alternating bar and space, starting with a bar. */
export function code128Widths(text: string): number[] {
  const codes: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0) - 32;
    if (code < 0 || code > 94) throw new Error(`Code 128 B cannot encode ${JSON.stringify(ch)}`);
    codes.push(code);
  }
  const checksum = codes.reduce((sum, code, i) => sum + code * (i + 1), START_B) % 103;
  return [START_B, ...codes, checksum, STOP].flatMap(widthsOf);
}

/** The bar and space widths of one symbol value (0–106). */
function widthsOf(code: number): number[] {
  const pattern = PATTERNS[code];
  if (pattern === undefined) throw new Error(`Code 128 has no symbol ${code}`);
  return Array.from(pattern, Number);
}
