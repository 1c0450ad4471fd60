import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootData } from '@return-center/contract';
import { present } from '@return-center/domain';
import { buildTestApp, patchSettings, shop, type TestApp } from '../../test/helper.js';
import { preferredEncoding } from './portal.js';

/** How the built portal and console reach a phone: compressed, and their hashed files cached for good. */
describe('portal delivery', () => {
  let t: TestApp;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><title>Portal</title></head><div id="root"></div>${'<!-- pad -->'.repeat(100)}`,
    );
    const asset = join(dist, 'assets', 'entry-Ab12Cd34.js');
    writeFileSync(asset, script);
    // As the build's precompress step leaves them.
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(join(dist, 'embed.js'), 'window.embed = 1;');
    const consoleDist = mkdtempSync(join(tmpdir(), 'console-'));
    mkdirSync(join(consoleDist, 'assets'));
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
    const consoleAsset = join(consoleDist, 'assets', 'index-Ef56Gh78.js');
    writeFileSync(consoleAsset, script);
    writeFileSync(`${consoleAsset}.br`, brotliCompressSync(script));
    writeFileSync(`${consoleAsset}.gz`, gzipSync(script));
    t = await buildTestApp('sqlite', { PORTAL_DIST: dist, ADMIN_DIST: consoleDist });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset precompressed in the best encoding the browser takes, cached for a year', async () => {
    const br = await get('/assets/entry-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await get('/assets/entry-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/entry-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it("sends the console's hashed files precompressed as well, cached for a year", async () => {
    const br = await get('/admin/assets/index-Ef56Gh78.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    const gzip = await get('/admin/assets/index-Ef56Gh78.js', 'gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/admin/assets/index-Ef56Gh78.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps unhashed files fresh and compresses the page itself per response', async () => {
    expect((await get('/embed.js', 'br')).headers['cache-control']).toBe('public, max-age=300');
    const page = await get('/', 'gzip, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it("puts the shop's configuration into the page as inert JSON that no text of the merchant can break out of", async () => {
    await patchSettings(t, (settings) => {
      settings.text.confirm_button_name = '</script><script>alert(1)</script>';
    });
    const page = (await get(`/?shop=${shop}`)).body;
    const block = /<script type="application\/json" id="rc-boot" nonce="[^"]+">(.*?)<\/script>/.exec(page);
    const boot = bootData.parse(JSON.parse(present(block?.[1], 'the boot block')));
    expect(boot.code).toBe('en');
    expect(boot.config.shop_url).toBe(shop);
    expect(boot.config.text.confirm_button_name).toBe('</script><script>alert(1)</script>');
    expect(page).not.toContain('<script>alert(1)');
    // An unknown shop's page carries nothing: the portal asks, and shows the store as unavailable.
    expect((await get('/?shop=nobody.example')).body).not.toContain('rc-boot');
  });

  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('GZIP;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
