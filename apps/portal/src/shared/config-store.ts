import type { calls, StoreConfig } from '@return-center/contract';
import { Code } from '@return-center/contract/zod-free';
import { create } from 'zustand';
import { readBootData } from './boot-data';
import { http } from './http';
import { callRoute } from './http/call-route';
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

/** The store configuration, for the screens inside the app: main.tsx renders them only once it has loaded. */
export function useLoadedConfig(): StoreConfig {
  const config = useConfig((state) => state.config);
  if (!config) throw new Error('The store configuration is missing');
  return config;
}

/**
 * Loads the store configuration (spec §7 getConfig): from the page when it holds this shop in this language, else
 * from the server (fetch-config.ts, loaded only then). The loader always ends.
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
    const { fetchConfig } = await import('./fetch-config');
    const config = await fetchConfig(shopUrl, language, navigateHome);
    if (config) useConfig.getState().setConfig(config, themeColor);
    else useConfig.setState({ failed: true });
  } catch (error) {
    console.warn('Store configuration failed to load', error);
    useConfig.setState({ failed: true });
  } finally {
    useUi.getState().setFullScreenLoading(false);
  }
}

const pageSetting = callRoute<typeof calls.pageSetting>('POST', 'go', 'pageSetting');

/** pageSetting: the login page's style and texts in another language (merchant overrides per language). */
export async function loadPageSetting(shopUrl: string, language: string, themeColor: string): Promise<void> {
  const answer = await http
    .request(pageSetting, { shop_url: shopUrl, lang: language }, { quiet: true })
    .catch(() => null);
  const current = useConfig.getState().config;
  if (answer?.code === Code.Success && current) {
    useConfig
      .getState()
      .setConfig({ ...current, style: answer.data.style, text: answer.data.text, current_code: language }, themeColor);
  }
}

const sessionCheck = callRoute<typeof calls.config>('POST', 'go', 'config');

/** config: checks a stored session is still alive; the client clears it on 1032. */
export async function checkSession(): Promise<void> {
  if (useSession.getState().token) await http.request(sessionCheck, {}, { quiet: true }).catch(() => null);
}
