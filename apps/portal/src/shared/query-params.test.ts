// @vitest-environment jsdom
import { STORAGE_KEYS } from '@return-center/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveShop } from './query-params';

describe('resolveShop', () => {
  afterEach(() => {
    sessionStorage.clear();
    document.head.innerHTML = '';
  });

  it('serves the shop the URL names, and stays in it on a reload or a link without ?shop=', () => {
    expect(resolveShop('?shop=Trail.Example')).toBe('trail.example');
    expect(resolveShop('')).toBe('trail.example');
    expect(resolveShop('?order_number=1001')).toBe('trail.example');
    expect(resolveShop('?shop=other.example')).toBe('other.example');
    expect(sessionStorage.getItem(STORAGE_KEYS.shop)).toBe('other.example');
  });

  it("opens the server's default shop when nothing names one", () => {
    document.head.innerHTML = '<meta name="return-center-shop" content="default.example">';
    expect(resolveShop('')).toBe('default.example');
    document.head.innerHTML = '';
    expect(resolveShop('')).toBe('demo-shop.myshopify.com');
  });
});
