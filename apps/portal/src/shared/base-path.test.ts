// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a page the server named `content` as its base path loads it. */
async function servedUnder(content: string) {
  document.head.innerHTML = `<meta name="return-center-base" content="${content}" />`;
  vi.resetModules();
  return import('./base-path');
}

describe('base path', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("puts the server's root-relative files under the shop's proxy path, and leaves other addresses alone", async () => {
    const { appUrl, portalPath } = await servedUnder('/apps/returns');
    expect(appUrl('/uploads/proof/a.png')).toBe('/apps/returns/uploads/proof/a.png');
    expect(appUrl('https://cdn.shopify.com/s/a.png')).toBe('https://cdn.shopify.com/s/a.png');
    expect(appUrl('//cdn.example/a.png')).toBe('//cdn.example/a.png');
    expect(appUrl('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==');
    expect(portalPath('/apps/returns')).toBe('/');
    expect(portalPath('/apps/returns/orders')).toBe('/orders');
  });

  it('keeps root paths at our own root, in the dev server (no value) and for anything that is not a path', async () => {
    for (const content of ['', '%RETURN_CENTER_BASE%', 'https://evil.example', '/a/../admin']) {
      const { appUrl, basePath, portalPath } = await servedUnder(content);
      expect(basePath).toBe('');
      expect(appUrl('/uploads/proof/a.png')).toBe('/uploads/proof/a.png');
      expect(portalPath('/orders')).toBe('/orders');
    }
  });
});
