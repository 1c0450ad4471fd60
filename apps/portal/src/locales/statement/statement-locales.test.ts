import { readFileSync } from 'node:fs';
import { LOCALES } from '@return-center/contract';
import { describe, expect, it } from 'vitest';

// The accessibility statement's texts, loaded with its page (shared/lazy-texts.ts): the same checks as the portal's.

type Tree = { [key: string]: string | Tree };
const load = (code: string) => JSON.parse(readFileSync(new URL(`./${code}.json`, import.meta.url), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(load('en'));

describe.each(LOCALES.filter((code) => code !== 'en'))('statement texts in %s', (code) => {
  const strings = flatten(load(code));

  it('has every string of English with its placeholders, and nothing else', () => {
    expect([...english.keys()].filter((key) => !strings.has(key))).toEqual([]);
    expect([...strings.keys()].filter((key) => !english.has(key))).toEqual([]);
    for (const [key, text] of strings) {
      expect(text.trim(), `${code}: ${key}`).not.toBe('');
      expect(placeholders(text), `${code}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
