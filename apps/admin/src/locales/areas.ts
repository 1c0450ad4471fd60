/** One language's strings by area: `queue.json` holds the `queue.*` keys (a file per area, see shared/i18n.ts). */
export type Strings = Record<string, Record<string, unknown>>;

export const byArea = (files: Record<string, { default: Record<string, unknown> }>): Strings =>
  Object.fromEntries(
    Object.entries(files).map(([path, file]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, file.default]),
  );
