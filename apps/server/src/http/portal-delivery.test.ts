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
  /** A built front end in a folder of its own: its page and one hashed script, as the precompress step leaves it. */
  const builtApp = (name: string, page: string, asset: string) => {
    const dist = mkdtempSync(join(tmpdir(), `${name}-`));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    const file = join(dist, 'assets', asset);
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    return dist;
  };
  beforeAll(async () => {
    const portal = builtApp(
      'portal',
      `<!doctype html><head><title>Portal</title></head><div id="root"></div>${'<!-- pad -->'.repeat(100)}`,
      'entry-Ab12Cd34.js',
    );
    writeFileSync(join(portal, 'embed.js'), 'window.embed = 1;');
    const consoleDist = builtApp(
      'console',
      '<!doctype html><title>Console</title><div id="root"></div>',
      'index-Ef56Gh78.js',
    );
    t = await buildTestApp('sqlite', { PORTAL_DIST: portal, ADMIN_DIST: consoleDist });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['the portal', '/assets/entry-Ab12Cd34.js'],
    ['the console', '/admin/assets/index-Ef56Gh78.js'],
  ])(
    'sends a hashed file of %s precompressed in the best encoding the browser takes, cached for a year',
    async (_, url) => {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(script.length / 10);

      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.vary).toBe('accept-encoding');
    },
  );

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
