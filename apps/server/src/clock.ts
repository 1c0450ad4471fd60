/** Injectable time source (seconds and milliseconds). Tests pass a fixed or movable clock. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

export function nowSeconds(clock: Clock): number {
  return Math.floor(clock.nowMs() / 1000);
}

export function fixedClock(startMs: number): Clock & { advance(ms: number): void } {
  let current = startMs;
  return {
    nowMs: () => current,
    advance(ms) {
      current += ms;
    },
  };
}
