import { readFileSync } from 'node:fs';
import { LOCALES } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

// The portal's texts, and those loaded with the page that uses them (shared/lazy-texts.ts): the same checks for each.
const FOLDERS = ['./', './statement/', './withdrawal/'];

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(FOLDERS)('texts in %s', (folder) => {
  const load = (code: string) =>
    JSON.parse(readFileSync(new URL(`${folder}${code}.json`, import.meta.url), 'utf8')) as Tree;
  const english = flatten(load('en'));
  const englishKeys = new Set([...english.keys()].map((k) => k.replace(PLURAL, '')));

  describe.each(LOCALES.filter((code) => code !== 'en'))('locale %s', (code) => {
    const strings = flatten(load(code));

    it('has every string of English, and nothing else', () => {
      const keys = new Set([...strings.keys()].map((k) => k.replace(PLURAL, '')));
      expect([...englishKeys].filter((k) => !keys.has(k))).toEqual([]);
      expect([...keys].filter((k) => !englishKeys.has(k))).toEqual([]);
      expect([...strings].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
    });

    it('keeps every placeholder (a plural form may spell its number out)', () => {
      for (const [key, text] of strings) {
        const source = english.get(key) ?? present(english.get(key.replace(PLURAL, '_other')), `English for ${key}`);
        const expected = placeholders(source);
        const actual = placeholders(text);
        if (PLURAL.test(key))
          expect(
            actual.every((p) => expected.includes(p)),
            `${code}: ${key}`,
          ).toBe(true);
        else expect(actual, `${code}: ${key}`).toEqual(expected);
      }
    });

    it('has every plural form the language uses', () => {
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      const plurals = [...englishKeys].filter((k) => english.has(`${k}_other`));
      for (const key of plurals) {
        for (const category of categories)
          expect(strings.has(`${key}_${category}`), `${code}: ${key}_${category}`).toBe(true);
      }
    });
  });
});
