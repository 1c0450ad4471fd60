import { readdirSync, readFileSync } from 'node:fs';
import { CONSOLE_LOCALES } from '@return-center/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every console language has every English string, nothing else, and the same placeholders (issue 33). A failure
 * lists `file: key (language)` so new English keys are quick to translate.
 */
type Tree = { [key: string]: string | Tree };
const dir = new URL('./', import.meta.url);
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** All strings of a language as `file: key` → text. */
function load(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(new URL(`${code}/`, dir)).filter((name) => name.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(new URL(`${code}/${file}`, dir), 'utf8')) as Tree;
    for (const [key, text] of flatten(tree)) out.set(`${file}: ${key}`, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = load('en');
const base = (key: string) => key.replace(PLURAL, '');
const englishKeys = new Set([...english.keys()].map(base));
const plurals = [...englishKeys].filter((key) => english.has(`${key}_other`));

it('has a folder for every console language and no other', () => {
  const folders = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  expect(folders.map((d) => d.name).sort()).toEqual([...CONSOLE_LOCALES].sort());
});

describe.each(CONSOLE_LOCALES.filter((code) => code !== 'en'))('console language %s', (code) => {
  const strings = load(code);
  const keys = new Set([...strings.keys()].map(base));

  it('has every English string, and nothing else', () => {
    expect([...englishKeys].filter((k) => !keys.has(k)).map((k) => `${k} (${code}) missing`)).toEqual([]);
    expect([...keys].filter((k) => !englishKeys.has(k)).map((k) => `${k} (${code}) not in English`)).toEqual([]);
    expect([...strings].filter(([, text]) => text.trim() === '').map(([k]) => `${k} (${code}) empty`)).toEqual([]);
  });

  it('keeps every placeholder of English (a plural form may spell its number out)', () => {
    const wrong: string[] = [];
    for (const [key, text] of strings) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      if (source === undefined) continue; // reported as an extra key above
      const expected = placeholders(source);
      const actual = placeholders(text);
      const fine = PLURAL.test(key) ? actual.every((p) => expected.includes(p)) : actual.join() === expected.join();
      if (!fine) wrong.push(`${key} (${code}): {{${actual.join('}}, {{')}}} instead of {{${expected.join('}}, {{')}}}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has every plural form the language uses, and no form it does not', () => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing = plurals.flatMap((key) =>
      categories.filter((c) => !strings.has(`${key}_${c}`)).map((c) => `${key}_${c} (${code}) missing`),
    );
    const extra = [...strings.keys()]
      .filter((key) => PLURAL.test(key) && !categories.includes(key.slice(key.lastIndexOf('_') + 1) as never))
      .map((key) => `${key} (${code}) is no plural form of the language`);
    expect([...missing, ...extra]).toEqual([]);
  });
});
