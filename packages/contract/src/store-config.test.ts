import { describe, expect, it } from 'vitest';
import { APPEARANCE_DEFAULTS } from './constants.js';
import { storeConfig, storeStyle } from './store-config.js';
import { fallbackStoreConfig } from './shop-settings.js';

describe('the primary colour and its theme_color alias (spec §3)', () => {
  it('reads theme_color when return_page_primary_color is not given, and answers both', () => {
    expect(storeStyle.parse({ theme_color: '#aa2200' })).toMatchObject({
      return_page_primary_color: '#aa2200',
      theme_color: '#aa2200',
    });
    expect(storeStyle.parse({ return_page_primary_color: '#0a7d4f', theme_color: '#aa2200' })).toMatchObject({
      return_page_primary_color: '#0a7d4f',
      theme_color: '#0a7d4f',
    });
    expect(storeStyle.parse({})).toMatchObject({
      return_page_primary_color: APPEARANCE_DEFAULTS.primaryColor,
      theme_color: APPEARANCE_DEFAULTS.primaryColor,
    });
  });

  it('takes a configuration answer that names the colour theme_color only', () => {
    const { style, ...rest } = fallbackStoreConfig('trail.example', 'en');
    const { return_page_primary_color: _primary, ...withoutPrimary } = style;
    const config = storeConfig.parse({ ...rest, style: { ...withoutPrimary, theme_color: '#123456' } });
    expect(config.style.return_page_primary_color).toBe('#123456');
  });
});
