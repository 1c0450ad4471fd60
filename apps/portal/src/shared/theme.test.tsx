import { fallbackStoreConfig, type StoreConfig } from '@return-center/contract';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('keeps button text readable on any theme colour: AA or black/white, whichever reads better', () => {
    applyTheme(config({ return_page_primary_color: '#ffe14d', primary_btn_text_color: '#ffffff' }));
    expect(rootStyle('--rc-button-text')).toBe('#000000');
    applyTheme(config({ return_page_primary_color: '#ffe14d', primary_btn_text_color: '#3b2f00' }));
    expect(rootStyle('--rc-button-text')).toBe('#3b2f00');
    applyTheme(config({ return_page_primary_color: '#000000', primary_btn_text_color: '#ffffff' }));
    expect(rootStyle('--rc-button-text')).toBe('#ffffff');
  });

  it('uses http(s) URLs and refuses other schemes', () => {
    applyTheme(config({ background_image: 'https://cdn.example/bg.jpg' }));
    expect(rootStyle('--rc-background-image')).toBe('url("https://cdn.example/bg.jpg")');
    applyTheme(config({ background_image: 'javascript:alert(1)' }));
    expect(rootStyle('--rc-background-image')).toBe('none');
  });
});
