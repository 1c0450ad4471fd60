import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (name: string) => readFileSync(new URL(`./gazetteer-data/${name}`, import.meta.url), 'utf8');
const rows = (name: string) => read(name).trimEnd().split('\n');

describe('the offline gazetteer’s README', () => {
  const readme = read('README.md');

  it('counts what the two files hold', () => {
    expect(readme).toContain(`the ${rows('us-zips.tsv').length.toLocaleString('en-US')} five-digit US ZIP codes`);
    expect(readme).toContain(`${String(rows('us-streets.tsv').length)} made-up lines`);
    expect(read('build-gazetteer.mjs')).toContain('zipcodes@8.0.0');
    expect(readme).toContain('zipcodes@8.0.0');
  });

  it('names streets the data holds', () => {
    const named = [...readme.matchAll(/`(\d+ [^`]+)` (\d{5})/g)].map(([, line = '', zip = '']) => `${line}\t${zip}`);
    expect(named).toHaveLength(4);
    for (const street of named) expect(rows('us-streets.tsv')).toContain(street);
  });
});
