import type { StatementSettings } from '@return-center/contract';

/**
 * The merchant's part of the statement as saved: `edited_at` becomes `now` when any of it changed since `previous`,
 * else stays `previous`'s, whatever the save sent (it dates the statement, so a client may not set it).
 */
export function stampStatementEdit(
  previous: StatementSettings,
  next: StatementSettings,
  now: number,
): StatementSettings {
  const { edited_at: _before, ...was } = previous;
  const { edited_at: _sent, ...is } = next;
  const changed = JSON.stringify(sorted(was)) !== JSON.stringify(sorted(is));
  return { ...next, edited_at: changed ? now : previous.edited_at };
}

/** The same fields in one order, so that a client's order of keys is no change. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}
