import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from './table-owners.js';

/** Each table has one owning module, the only one that writes it; others call its service (DESIGN §4). */
const src = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    const test = entry.name.endsWith('.test.ts') || entry.name === 'test-support.ts';
    return entry.name.endsWith('.ts') && !test ? [relative(src, path)] : [];
  });
}

const ownerOf = new Map(
  TABLE_OWNERS.flatMap((owner) => Object.keys(owner.tables).map((table) => [table, owner.owner])),
);
/** A file is its owner's when its path starts with the owner's path, up to a `/`, `.` or `-`. */
const isOwners = (file: string, owner: string) => file.startsWith(owner) && /^[/.-]/.test(file.slice(owner.length));

/** Every write a file makes through Kysely, by table; a table the test cannot read names itself as `?`. */
function writesIn(text: string): string[] {
  const calls = [...text.matchAll(/\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^),]*)/g)];
  const raw = [...text.matchAll(/sql`[^`]*\b(insert\s+into|delete\s+from|update)\s+"?(\w+)/gi)];
  return [
    ...calls.map((call) => /^'(\w+)'$/.exec(call[2]?.trim() ?? '')?.[1] ?? `? (${call[2] ?? ''})`),
    ...raw.map((statement) => `${statement[2] ?? '?'} (raw SQL)`),
  ];
}

describe('table writers', () => {
  const files = sourceFiles(src);

  it('write only the tables their module owns', () => {
    const strays = files.flatMap((file) =>
      writesIn(readFileSync(join(src, file), 'utf8')).flatMap((table) => {
        const owner = ownerOf.get(table);
        if (owner && isOwners(file, owner)) return [];
        return [`${file} writes ${table}, ${owner ? `owned by ${owner}` : 'which no owner declares'}`];
      }),
    );
    expect(strays).toEqual([]);
  });

  it('are the owners docs/architecture.md lists under "Who owns each table"', () => {
    const docs = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Who owns each table'));
    const listed = [...section.matchAll(/^\| `([^`]+?)\*?`[^|]*\|([^|]+)\|$/gm)].map(
      ([, owner, tables]) =>
        `${owner ?? ''}: ${(tables ?? '')
          .split(',')
          .map((table) => table.trim())
          .sort()
          .join(', ')}`,
    );
    const owners = TABLE_OWNERS.map((owner) => `${owner.owner}: ${Object.keys(owner.tables).sort().join(', ')}`);
    expect(listed.sort()).toEqual(owners.sort());
  });

  it('are found: every owner is a path of the source that writes its tables', () => {
    const writers = new Set(
      files.flatMap((file) =>
        writesIn(readFileSync(join(src, file), 'utf8')).map((table) => `${ownerOf.get(table) ?? ''}:${table}`),
      ),
    );
    expect(writers.size).toBeGreaterThan(20);
    for (const { owner } of TABLE_OWNERS)
      expect(
        files.some((file) => isOwners(file, owner)),
        owner,
      ).toBe(true);
  });
});
