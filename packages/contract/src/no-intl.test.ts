import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const modules = (folder: URL): URL[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return modules(new URL(`${entry.name}/`, folder));
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [new URL(entry.name, folder)] : [];
  });

describe('the contract as a browser loads it (ADR 060)', () => {
  it('formats nothing with Intl: a first use loads the browser’s ICU data, about 150 ms at 4× CPU, as the module runs', () => {
    const files = modules(new URL('./', import.meta.url));
    expect(files.length).toBeGreaterThan(30);
    const formatting = files.filter((file) => /\bIntl\.|\.toLocale\w*String\(/.test(readFileSync(file, 'utf8')));
    expect(formatting.map((file) => file.pathname.replace(/.*\/src\//, ''))).toEqual([]);
  });
});
