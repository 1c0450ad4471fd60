import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
/** The modules a file imports or re-exports at run time ('./x.js' as './x.ts'); `import type` loads nothing. */
const runtimeImports = (file: string) =>
  Array.from(source(file).matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gm), ([, from = '']) =>
    from.replace(/\.js$/, '.ts'),
  );

describe('the zod-free entry', () => {
  it('re-exports only modules that import nothing at run time but one another', () => {
    const modules = runtimeImports('./zod-free.ts');
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) expect(runtimeImports(module).filter((from) => !modules.includes(from))).toEqual([]);
  });
});
