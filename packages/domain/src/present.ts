/** The value, or a thrown error naming what was missing: for lookups the code knows must succeed. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
