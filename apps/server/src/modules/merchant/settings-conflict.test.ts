import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Code,
  MERCHANT_BASE,
  merchantPath,
  type Envelope,
  type SettingsConflict,
  type ShopSettings,
} from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, signInConsole, type TestApp } from '../../../test/helper.js';
import { runMerchantCli } from '../../cli/merchant.js';

const KEY = 'demo-merchant-key';

describe.each(dialects)('settings conflicts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const withKey = async (method: 'GET' | 'PUT', payload?: object, version?: string) => {
    const reply = await t.app.inject({
      method,
      url: `${MERCHANT_BASE}/settings`,
      headers: { authorization: `Bearer ${KEY}`, ...(version ? { 'if-match': version } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: reply.statusCode, etag: String(reply.headers.etag), body: reply.json<Envelope<unknown>>() };
  };

  it('answers a stale save with who saved, when, the version and their settings', async () => {
    const read = await withKey('GET');
    const mine = structuredClone(read.body.data as ShopSettings);
    const owner = await signInConsole(t);
    const theirs = structuredClone(mine);
    theirs.return_setting.return_fee = 450;
    t.clock.advance(60_000);
    const saved = await owner.send('PUT', merchantPath('putSettings'), theirs, { 'if-match': read.etag });
    expect(saved.status).toBe(200);

    mine.style.return_page_primary_color = '#0a7d4f';
    const refused = await withKey('PUT', mine, read.etag);
    expect(refused.status).toBe(412);
    expect(refused.body.code).toBe(Code.SettingsConflict);
    const conflict = refused.body.data as SettingsConflict;
    expect(conflict.saved_by).toEqual({ kind: 'staff', email: owner.session.account.email });
    expect(conflict.saved_at).toBe(Math.floor(t.clock.nowMs() / 1000));
    expect(String(conflict.version)).toBe(String(saved.headers.etag).replaceAll('"', ''));
    expect(conflict.settings.return_setting.return_fee).toBe(450);
    // Nothing of the refused save was kept.
    expect(((await withKey('GET')).body.data as ShopSettings).style.return_page_primary_color).not.toBe('#0a7d4f');

    // A key's save names the merchant API to the console's stale save.
    const again = await withKey('GET');
    await withKey('PUT', again.body.data as object, again.etag);
    const stale = await owner.send('PUT', merchantPath('putSettings'), theirs, { 'if-match': again.etag });
    expect(stale.status).toBe(412);
    expect((stale.body.data as SettingsConflict).saved_by).toEqual({ kind: 'merchant_api', email: '' });
  });

  it("makes the CLI's `settings set` save only over the version it read, and say who saved since", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = { MERCHANT_API_URL: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` };
    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      const code = await runMerchantCli(argv, env, (line) => lines.push(line));
      return { code, output: lines.join('\n') };
    };
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
    const got = await run('settings', 'get');
    expect(got.code).toBe(0);
    writeFileSync(file, got.output);
    const edited = JSON.parse(readFileSync(file, 'utf8')) as ShopSettings & { $version: number };
    expect(edited.$version).toBe(Number((await withKey('GET')).etag.replaceAll('"', '')));

    // Someone saves in the console meanwhile: the CLI's set is refused, names them, and changes nothing.
    const owner = await signInConsole(t);
    const current = await withKey('GET');
    const theirs = { ...(current.body.data as ShopSettings) };
    theirs.return_setting = { ...theirs.return_setting, return_fee: 725 };
    await owner.send('PUT', merchantPath('putSettings'), theirs, { 'if-match': current.etag });
    edited.return_setting.return_fee = 100;
    writeFileSync(file, JSON.stringify(edited));
    const refused = await run('settings', 'set', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`saved by ${owner.session.account.email} in the console`);
    expect(refused.output).toContain('nothing was saved');
    expect(((await withKey('GET')).body.data as ShopSettings).return_setting.return_fee).toBe(725);

    // Without a version it refuses to guess.
    const { $version: _dropped, ...bare } = edited;
    writeFileSync(file, JSON.stringify(bare));
    expect((await run('settings', 'set', file)).output).toMatch(/No "\$version"/);

    // Read again, set again: saved, and the console's next stale save names the CLI.
    writeFileSync(file, (await run('settings', 'get')).output);
    const fresh = await withKey('GET');
    const set = await run('settings', 'set', file);
    expect(set.code).toBe(0);
    expect(set.output).toMatch(/^settings saved \(version \d+\)$/);
    const stale = await owner.send('PUT', merchantPath('putSettings'), theirs, { 'if-match': fresh.etag });
    expect((stale.body.data as SettingsConflict).saved_by).toEqual({ kind: 'cli', email: '' });
  });
});
