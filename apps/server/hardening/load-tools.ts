/** Tools of the load and crash checks: randomness reproducible from a seed, and a pool of concurrent clients. */

/** mulberry32: kill times are reproducible from the seed. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `work` for every item with `clients` clients at once. */
export async function pool<T>(items: T[], clients: number, work: (item: T) => Promise<void>) {
  // One iterator shared by every client: each item is taken once, by whichever client is free first.
  const queue = items.values();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (const item of queue) await work(item);
    }),
  );
}
