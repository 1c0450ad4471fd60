import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC, redrawn } from './draw.mjs';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(DOC, 'utf8');
const adapters = join(root, 'apps/server/src/adapters');

describe('docs/architecture.md', () => {
  it('shows the parts as architecture/parts.mjs describes them (else: node architecture/draw.mjs --write)', async () => {
    expect(doc).toBe(await redrawn(doc));
  });

  it('names every port, every class that implements one, and every page of the console', () => {
    const ports = readdirSync(adapters, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(ports.length).toBeGreaterThan(5);
    for (const port of ports) {
      expect(doc).toContain(`| \`${port.name}\``);
      for (const file of readdirSync(join(adapters, port.name), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        const source = readFileSync(join(adapters, port.name, file), 'utf8');
        for (const [, adapter] of source.matchAll(/class (\w+) implements /g))
          expect(doc).toContain(`\`${adapter ?? ''}\``);
      }
    }
    for (const page of readdirSync(join(root, 'apps/admin/src/features'))) expect(doc).toContain(`\`${page}\``);
  });
});
