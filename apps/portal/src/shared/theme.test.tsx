import { fallbackStoreConfig, type StoreConfig } from '@return-center/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme } from './theme';

const config = (style: Partial<StoreConfig['style']>): StoreConfig => {
  const base = fallbackStoreConfig('trail.example', 'en');
  return { ...base, style: { ...base.style, ...style } };
};
const rootStyle = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('the merchant theme', () => {
  afterEach(() => document.head.querySelectorAll('link[data-rc-font]').forEach((link) => link.remove()));

  it('sets no background image and loads no font stylesheet for blank URLs (they would fetch the page again)', () => {
    applyTheme(config({ background_image: ' ', font_family: { font: 'Lora', isDefault: false, link: '' } }));
    expect(rootStyle('--rc-background-image')).toBe('none');
    expect(document.head.querySelector('link[data-rc-font]')).toBeNull();
    expect(rootStyle('--rc-font')).toContain('Lora');
  });

  it('uses the button text colour the server chose for the shop’s own colour (it keeps AA there)', () => {
    applyTheme(config({ return_page_primary_color: '#ffe14d', primary_btn_text_color: '#3b2f00' }));
    expect(rootStyle('--rc-primary')).toBe('#ffe14d');
    expect(rootStyle('--rc-button-text')).toBe('#3b2f00');
  });

  it('keeps button text readable on a theme colour from the address: AA or black/white, whichever reads better', async () => {
    applyTheme(config({ return_page_primary_color: '#000000', primary_btn_text_color: '#ffffff' }), '#ffe14d');
    expect(rootStyle('--rc-primary')).toBe('#ffe14d');
    await vi.waitFor(() => expect(rootStyle('--rc-button-text')).toBe('#000000'));
    applyTheme(config({ return_page_primary_color: '#ffffff', primary_btn_text_color: '#000000' }), '#1f4d3a');
    await vi.waitFor(() => expect(rootStyle('--rc-button-text')).toBe('#ffffff'));
    // A merchant's colour that reads on the address's colour stays.
    applyTheme(config({ return_page_primary_color: '#ffe14d', primary_btn_text_color: '#3b2f00' }), '#fff3a0');
    await import('@return-center/domain/shopper-look');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(rootStyle('--rc-button-text')).toBe('#3b2f00');
  });

  it('uses http(s) URLs and refuses other schemes', () => {
    applyTheme(config({ background_image: 'https://cdn.example/bg.jpg' }));
    expect(rootStyle('--rc-background-image')).toBe('url("https://cdn.example/bg.jpg")');
    applyTheme(config({ background_image: 'javascript:alert(1)' }));
    expect(rootStyle('--rc-background-image')).toBe('none');
  });
});
