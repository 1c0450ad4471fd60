import type { ShopSettings } from '@return-center/contract';

/** One field someone else changed: its path (`return_setting.return_fee`) and its three values. */
export interface FieldChange {
  path: string;
  /** As this page read it, in the merchant's draft, and as the other save left it. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** The merchant changed it too, to something else: they choose whose value stays. */
  clash: boolean;
}

export type Choice = 'mine' | 'theirs';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every leaf of the settings by its dotted path; a list is one field (its items have no stable identity). */
function leaves(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (!isRecord(value)) {
    into.set(prefix, value);
    return into;
  }
  for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** The fields the other save changed from what this page read, with whether the merchant's draft changed them too. */
export function theirChanges(base: ShopSettings, mine: ShopSettings, theirs: ShopSettings): FieldChange[] {
  const [before, draft, after] = [leaves(base), leaves(mine), leaves(theirs)];
  const paths = new Set([...before.keys(), ...after.keys()]);
  const changes: FieldChange[] = [];
  for (const path of paths) {
    const change = { path, base: before.get(path), mine: draft.get(path), theirs: after.get(path) };
    if (same(change.base, change.theirs)) continue;
    changes.push({ ...change, clash: !same(change.mine, change.base) && !same(change.mine, change.theirs) });
  }
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() ?? '';
  let node = target;
  for (const key of keys) {
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) Reflect.deleteProperty(node, last);
  else node[last] = structuredClone(value);
}

/**
 * The merchant's draft over the other save: every field only they changed takes their value, every field both changed
 * the value the merchant chose (their own unless they say "take theirs"), and the merchant's other edits stay.
 */
export function merged(mine: ShopSettings, changes: FieldChange[], choices: Record<string, Choice>): ShopSettings {
  const result = structuredClone(mine) as unknown as Record<string, unknown>;
  for (const change of changes)
    if (!change.clash || choices[change.path] === 'theirs') setPath(result, change.path, change.theirs);
  return result as unknown as ShopSettings;
}

/** A value as the conflict notice shows it: text as is, anything else as compact JSON, long ones cut. */
export function shown(value: unknown): string {
  const text = value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
