import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { dialectOf } from './db/database.js';

describe('configuration', () => {
  it('defaults to SQLite under ./data, port 3000 and the dev mailbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'sqlite:./data/return-center.sqlite',
      MAIL_TRANSPORT: 'dev',
    });
    expect(dialectOf(config.DATABASE_URL)).toBe('sqlite');
    expect(dialectOf('postgres://postgres@127.0.0.1/test')).toBe('postgres');
  });

  it('fails fast naming every bad key', () => {
    expect(() => loadConfig({ PORT: 'abc', SESSION_TTL_MINUTES: '1' })).toThrow(/PORT: [\s\S]*SESSION_TTL_MINUTES: /);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
  });
});
