import { SerializedAnswer } from '../../http/serve-route.js';
import { Code, DEFAULT_LANGUAGE, LOCALE_NAMES, messages, type Locale, type StoreConfig } from '@return-center/contract';
import { configSign, shopperStyle, shopperText } from '@return-center/domain';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/app-error.js';
import { assetOrigins } from './asset-origins.js';
import { sanitizeCss } from './sanitize-css.js';
import type { Shop } from './shop.js';
import { offersWithdrawal } from '../withdrawals/withdrawals.service.js';
import type { ShopsRepository } from './shops.repository.js';

const storeUnavailable = () => new AppError(Code.StoreUnavailable, messages.storeUnavailable);

const signs = new Map<string, Buffer>();
function signMatches(shopUrl: string, sign: string): boolean {
  let expected = signs.get(shopUrl);
  if (!expected) {
    expected = Buffer.from(configSign(shopUrl));
    if (signs.size > 1000) signs.clear();
    signs.set(shopUrl, expected);
  }
  const given = Buffer.from(sign);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class StorefrontConfigService {
  constructor(readonly shops: ShopsRepository) {}

  /** The shop named by a request, or the spec's 402 when it is unknown. */
  async requireShop(shopUrl: string): Promise<Shop> {
    const shop = await this.shops.byUrl(shopUrl);
    if (!shop) throw storeUnavailable();
    return shop;
  }

  async requireShopById(id: number): Promise<Shop> {
    const shop = await this.shops.byId(id);
    if (!shop) throw storeUnavailable();
    return shop;
  }

  /**
   * Answers are kept per cached shop object, so they are rebuilt whenever the shop is reloaded; with each its JSON,
   * made once (it is some 5 KB, asked for by every portal that opens without it in the page).
   */
  private readonly answers = new WeakMap<
    Shop,
    Map<string, { config: StoreConfig; json: SerializedAnswer<StoreConfig> }>
  >();

  async getConfig(input: { shop_url: string; code: string; sign: string }): Promise<SerializedAnswer<StoreConfig>> {
    if (!signMatches(input.shop_url, input.sign)) throw storeUnavailable();
    return this.configOf(await this.requireShop(input.shop_url), input.code).json;
  }

  /** The getConfig answer the server puts into the portal's page, so the first paint need not ask for it. */
  async inlineConfig(shopUrl: string, code: string): Promise<StoreConfig | null> {
    const shop = await this.shops.byUrl(shopUrl);
    return shop ? this.configOf(shop, code).config : null;
  }

  private configOf(shop: Shop, code: string) {
    let byLanguage = this.answers.get(shop);
    if (!byLanguage) {
      byLanguage = new Map();
      this.answers.set(shop, byLanguage);
    }
    let answer = byLanguage.get(code);
    if (!answer) {
      const config = this.buildConfig(shop, code);
      answer = { config, json: new SerializedAnswer<StoreConfig>(JSON.stringify(config)) };
      if (byLanguage.size < 64) byLanguage.set(code, answer);
    }
    return answer;
  }

  private buildConfig(shop: Shop, code: string): StoreConfig {
    const { settings } = shop;
    const languages = settings.lang_list.filter((code): code is Locale => Object.hasOwn(LOCALE_NAMES, code));
    return {
      id: shop.id,
      shop_url: shop.shopUrl,
      store_name: shop.name,
      is_remove_brand: settings.is_remove_brand,
      current_code: languages.includes(code as Locale) ? code : DEFAULT_LANGUAGE,
      lang: languages.map((code) => ({ code, name: LOCALE_NAMES[code] })),
      lang_list: languages,
      test_store_data: settings.test_store_data,
      custom_css: sanitizeCss(settings.custom_css, assetOrigins(settings)),
      embed_origins: settings.embed_origins,
      date_format: settings.date_format,
      time_format: settings.time_format,
      style: shopperStyle(settings.style),
      text: shopperText(settings, code),
      contact: { store_name: shop.name, email: shop.contactEmail, phone: shop.contactPhone },
      return_window_days: settings.return_setting.return_window_days,
      gift_returns: settings.gift_returns.enabled,
      withdrawal: offersWithdrawal(shop),
    };
  }
}
