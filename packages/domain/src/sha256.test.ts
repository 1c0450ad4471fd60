import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';

it('matches node:crypto SHA-256 for any text', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (text) => {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }),
  );
});
