/**
 * Splits `total` minor units across `weights` in proportion, by largest remainder,
 * so the parts always add up to exactly `total` (DESIGN §3).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  if (weightSum === 0) return weights.map(() => 0);
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  // BigInt keeps the products exact for large orders.
  const exact = weights.map((w) => BigInt(magnitude) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(weightSum)));
  const remainders = exact.map((e, index) => ({ index, rest: Number(e % BigInt(weightSum)) }));
  const left = magnitude - parts.reduce((sum, p) => sum + p, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  const bonus = new Set(remainders.slice(0, left).map(({ index }) => index));
  return parts.map((p, index) => (p + (bonus.has(index) ? 1 : 0)) * sign);
}
