import { BOOT_DATA_ID, calls, fallbackStoreConfig, type StoreConfig } from '@return-center/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../test/fake-api';
import { setUpPortalTests } from '../test/render';
import { loadConfig, useConfig } from './config-store';

const SHOP = 'trail.example';
const named = (store_name: string): StoreConfig => ({ ...fallbackStoreConfig(SHOP, 'en'), store_name });

/** The page as the server sends it, with the shop's configuration in it. */
function pageWith(content: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = BOOT_DATA_ID;
  block.textContent = content;
  document.head.append(block);
}

describe('loading the store configuration', () => {
  const api = setUpPortalTests();
  afterEach(() => {
    document.getElementById(BOOT_DATA_ID)?.remove();
    useConfig.setState({ config: null, loadedAt: null, failed: false });
  });
  const home = () => undefined;

  it('draws from the configuration in the page without asking the server', async () => {
    pageWith(JSON.stringify({ code: 'en', config: named('Trail Outfitters') }));
    await loadConfig(SHOP, 'en', '', home);
    expect(useConfig.getState().config?.store_name).toBe('Trail Outfitters');
    expect(api.requests).toEqual([]);
  });

  it('asks the server when the page holds another language, another shop, or nothing it can read', async () => {
    api.on(calls.getConfig, ok(calls.getConfig, named('From the server')));
    for (const content of [
      JSON.stringify({ code: 'de', config: named('In the page') }),
      JSON.stringify({ code: 'en', config: { ...named('In the page'), shop_url: 'other.example' } }),
      JSON.stringify({ code: 'en', config: { store_name: 'half' } }),
      '{not json',
    ]) {
      pageWith(content);
      await loadConfig(SHOP, 'en', '', home);
      expect(useConfig.getState().config?.store_name).toBe('From the server');
      document.getElementById(BOOT_DATA_ID)?.remove();
      useConfig.setState({ config: null });
    }
    expect(api.bodiesOf(calls.getConfig)).toHaveLength(4);
  });
});
