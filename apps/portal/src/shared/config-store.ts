import {
  calls,
  Code,
  CONFIG_RETRY_COUNT,
  CONFIG_RETRY_DELAY,
  fallbackStoreConfig,
  type StoreConfig,
} from '@return-center/contract';
import { configSign, present } from '@return-center/domain';
import { create } from 'zustand';
import { readBootData } from './boot-data';
import { http } from './http';
import { useSession } from './session-store';
import { applyTheme } from './theme';
import { useUi } from './ui-store';

interface ConfigState {
  config: StoreConfig | null;
  loadedAt: number | null;
  failed: boolean;
  setConfig: (config: StoreConfig, themeColor: string) => void;
}

export const useConfig = create<ConfigState>((set) => ({
  config: null,
  loadedAt: null,
  failed: false,
  setConfig(config, themeColor) {
    applyTheme(config, themeColor);
    set({ config, loadedAt: Date.now(), failed: false });
  },
}));

/** The store configuration, for the screens inside the router: main.tsx renders them only once it has loaded. */
export function useLoadedConfig(): StoreConfig {
  const config = useConfig((state) => state.config);
  return present(config, 'The store configuration');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads the store configuration (spec §7 getConfig). On 402: back to the root, token, redirected flag and order
 * login data cleared, retried after 2 s up to 3 times; a store still unavailable then is shown as such. Any other
 * failure is only logged (spec §8) and the portal carries on with the default look and texts. The loader always ends.
 */
export async function loadConfig(
  shopUrl: string,
  language: string,
  themeColor: string,
  navigateHome: () => void,
): Promise<void> {
  try {
    // The page already holds the answer for this shop and language: no round trip before the first paint.
    const boot = readBootData();
    if (boot?.code === language && boot.config.shop_url === shopUrl) {
      useConfig.getState().setConfig(boot.config, themeColor);
      return;
    }
    for (let attempt = 0; attempt <= CONFIG_RETRY_COUNT; attempt++) {
      const answer = await http.request(
        calls.getConfig,
        { shop_url: shopUrl, code: language, sign: configSign(shopUrl) },
        { quiet: true },
      );
      if (answer.code === Code.Success) {
        useConfig.getState().setConfig(answer.data, themeColor);
        return;
      }
      if (answer.code !== Code.StoreUnavailable) {
        console.warn(`Store configuration failed to load: ${answer.code} ${answer.msg}`);
        useConfig.getState().setConfig(fallbackStoreConfig(shopUrl, language), themeColor);
        return;
      }
      navigateHome();
      useSession.getState().clear();
      if (attempt < CONFIG_RETRY_COUNT) await wait(CONFIG_RETRY_DELAY);
    }
    useConfig.setState({ failed: true });
  } catch (error) {
    console.warn('Store configuration failed to load', error);
    useConfig.getState().setConfig(fallbackStoreConfig(shopUrl, language), themeColor);
  } finally {
    useUi.getState().setFullScreenLoading(false);
  }
}

/** pageSetting: the login page's style and texts in another language (merchant overrides per language). */
export async function loadPageSetting(shopUrl: string, language: string, themeColor: string): Promise<void> {
  const answer = await http
    .request(calls.pageSetting, { shop_url: shopUrl, lang: language }, { quiet: true })
    .catch(() => null);
  const current = useConfig.getState().config;
  if (answer?.code === Code.Success && current) {
    useConfig
      .getState()
      .setConfig({ ...current, style: answer.data.style, text: answer.data.text, current_code: language }, themeColor);
  }
}

/** config: checks a stored session is still alive; the client clears it on 1032. */
export async function checkSession(): Promise<void> {
  if (useSession.getState().token) await http.request(calls.config, {}, { quiet: true }).catch(() => null);
}
