import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../docs/decisions');
/** Each decision's number and its head: the lines between its title and its Context. */
const decisions = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    return {
      name,
      number: name.slice(0, 3),
      title: text.split('\n')[0] ?? '',
      head: text.split('## Context')[0] ?? '',
    };
  });
const named = (head: string) => [...head.matchAll(/\b(\d{3})\b/g)].map(([, number]) => number ?? '');

describe('docs/decisions: landed decisions stay as they are, and say what became of them', () => {
  it.each(decisions)('$name has its number in its title and a Status line', ({ number, title, head }) => {
    expect(title).toMatch(new RegExp(`^# ${number} — `));
    expect(head).toMatch(/^Status: (accepted|superseded by \d{3})\b/m);
  });

  it.each(decisions)('$name is named back by each decision its head names', ({ number, head }) => {
    for (const other of named(head.split('\n').slice(1).join('\n'))) {
      const target = decisions.find((decision) => decision.number === other);
      expect(target, `${number} names ${other}`).toBeDefined();
      if (!target) continue;
      expect(named(target.head), `${other} names ${number} back`).toContain(number);
      // The earlier one says what the later one did to it.
      if (other < number) expect(target.head).toMatch(new RegExp(`(superseded|amended)[^.;]*\\b${number}\\b`));
    }
  });
});
