import { shopSettings } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { shopperStyle, shopperText } from './shopper-look';

describe("the shopper's look", () => {
  it('keeps a button text colour that reads on the theme colour, and swaps one that does not for black or white', () => {
    const style = shopSettings.parse({}).style;
    const readable = { ...style, return_page_primary_color: '#1f4d3a', primary_btn_text_color: '#ffffff' };
    expect(shopperStyle(readable)).toBe(readable);
    const faint = { ...style, return_page_primary_color: '#ffe14d', primary_btn_text_color: '#ffffff' };
    expect(shopperStyle(faint).primary_btn_text_color).toBe('#000000');
  });

  it("lays a language's non-empty texts over the base ones, and reads no inherited key as a language", () => {
    const settings = shopSettings.parse({});
    const texts = {
      ...settings,
      text_translations: { fr: { confirm_button_name: 'Continuer', email_address: '' } },
    };
    expect(shopperText(texts, 'fr').confirm_button_name).toBe('Continuer');
    expect(shopperText(texts, 'fr').email_address).toBe(settings.text.email_address);
    expect(shopperText(texts, 'toString')).toEqual(settings.text);
  });
});
