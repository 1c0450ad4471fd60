import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './rate-limiter.js';

const doc = readFileSync(new URL('../../../../../docs/security.md', import.meta.url), 'utf8');

/** The rows of the "Rate limits" table: bucket → limit and window in seconds. */
function documented(): Record<string, { max: number; windowSeconds: number }> {
  const section = doc.split('## Rate limits')[1]?.split('\n## ')[0] ?? '';
  const limits: Record<string, { max: number; windowSeconds: number }> = {};
  for (const [, name = '', max, minutes] of section.matchAll(/^\| `(\w+)`\s*\| (\d+)\s*\| (\d+) min\s*\|/gm))
    limits[name] = { max: Number(max), windowSeconds: Number(minutes) * 60 };
  return limits;
}

describe('rate limits', () => {
  it('are documented in docs/security.md exactly as the server applies them', () => {
    expect(documented()).toEqual(LIMITS);
  });
});
