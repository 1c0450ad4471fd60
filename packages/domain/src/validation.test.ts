import { describe, expect, it } from 'vitest';
import { isEmail, isLookupContact } from './validation.js';

describe('login input rules', () => {
  it('accepts the addresses the server accepts, as shoppers type them', () => {
    for (const value of [
      'alice@example.com',
      ' Alice@Example.COM ',
      'first.last+tag@mail.example.co.uk',
      "o'neil@x.io",
    ])
      expect(isEmail(value), value).toBe(true);
  });

  it('refuses what the server would refuse, so the form says so before sending', () => {
    // Each of these passed the portal's old pattern and was then refused by the server with a 1001.
    for (const value of ['a..b@example.com', '.alice@example.com', 'alice@-example.com', 'alice@example.c0m'])
      expect(isEmail(value), value).toBe(false);
    for (const value of ['', 'alice', 'alice@', '@example.com', 'alice@example', 'al ice@example.com'])
      expect(isEmail(value), value).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('checks the contact the shop asks for: 1 email, 2 phone, 3 either', () => {
    expect(isLookupContact(1, 'alice@example.com')).toBe(true);
    expect(isLookupContact(1, '555-010-2030')).toBe(false);
    expect(isLookupContact(2, '555-010-2030')).toBe(true);
    expect(isLookupContact(2, 'alice@example.com')).toBe(false);
    expect(isLookupContact(3, 'alice@example.com') && isLookupContact(3, '555-010-2030')).toBe(true);
  });
});
