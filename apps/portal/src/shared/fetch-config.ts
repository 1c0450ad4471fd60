import { calls, Code, CONFIG_RETRY_COUNT, CONFIG_RETRY_DELAY, type StoreConfig } from '@return-center/contract';
import { configSign } from '@return-center/domain';
import { http } from './http';
import { useSession } from './session-store';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A shop's default settings come from the merchant's settings schema, which the shopper's pages do not otherwise
// build (about 30 ms of zod's work at 4× CPU, ADR 060): it loads only when the configuration could not be fetched.
const fallbackStoreConfig = async (shopUrl: string, language: string) =>
  (await import('@return-center/contract/shop-settings')).fallbackStoreConfig(shopUrl, language);

/**
 * getConfig, for a page that does not hold the configuration (config-store.ts). On 402: back to the root, token,
 * redirected flag and order login data cleared, retried after 2 s up to 3 times; null for a store still unavailable
 * then. Any other failure is only logged (spec §8) and the portal carries on with the default look and texts.
 */
export async function fetchConfig(
  shopUrl: string,
  language: string,
  navigateHome: () => void,
): Promise<StoreConfig | null> {
  try {
    for (let attempt = 0; attempt <= CONFIG_RETRY_COUNT; attempt++) {
      const answer = await http.request(
        calls.getConfig,
        { shop_url: shopUrl, code: language, sign: configSign(shopUrl) },
        { quiet: true },
      );
      if (answer.code === Code.Success) return answer.data;
      if (answer.code !== Code.StoreUnavailable) {
        console.warn(`Store configuration failed to load: ${answer.code} ${answer.msg}`);
        return await fallbackStoreConfig(shopUrl, language);
      }
      navigateHome();
      useSession.getState().clear();
      if (attempt < CONFIG_RETRY_COUNT) await wait(CONFIG_RETRY_DELAY);
    }
    return null;
  } catch (error) {
    console.warn('Store configuration failed to load', error);
    return fallbackStoreConfig(shopUrl, language);
  }
}
