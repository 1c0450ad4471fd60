/** The median of `values`: for an even count the lower middle one, a value that was measured; 0 for none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
