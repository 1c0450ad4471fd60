import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';

const nodeSha256 = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

it('matches node:crypto SHA-256 for any text', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 300 }), (text) => {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }),
  );
});

it('hashes the UTF-8 bytes of non-ASCII text: accents, CJK, emoji, right-to-left scripts', () => {
  // Digests of the UTF-8 bytes, from `printf '%s' TEXT | sha256sum` (GNU coreutils) and OpenSSL.
  expect(sha256Hex('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c'); // c3 a9
  expect(sha256Hex('日本')).toBe('cf2abf0c5be326cb922a70f8163f91079c4d9aa8655c60ead89ad545c9de2e92');
  expect(sha256Hex('😀')).toBe('f0443a342c5ef54783a111b51ba56c938e474c32324d90c3a60c9c8e3a37e2d9'); // f0 9f 98 80
  expect(sha256Hex('שלום')).toBe('b7ac0398ef74193ab738b21df0912329303df10d868c2bac37a84a59d12c0e2f');
  expect(sha256Hex('مرحبا')).toBe('80eff1a750bb540045622ad23c148c8875790515e3f768c77d5dff8c1d221b49');
  // Published vector of the Haxe standard library's SHA-256 tests (HaxeFoundation/crypto, Sha256Test.hx).
  expect(sha256Hex('éあ😂')).toBe('d0230b8d8ac2d6d0dbcee11ad0e0eaa68a6565347261871dc241571cab591676');
  for (const text of ['é', '日本', '😀', 'שלום', 'مرحبا', 'Ünïcödé shop — ß', 'https://bücher.example/日本/😀']) {
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  }
});

it('matches node:crypto SHA-256 for any Unicode text, across block boundaries', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }),
  );
});
