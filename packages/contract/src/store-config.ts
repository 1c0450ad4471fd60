import { z } from 'zod';
import { int } from './envelope.js';
import { APPEARANCE_DEFAULTS, DEFAULT_ORDER_LOOKUP_METHOD } from './constants.js';
import { returnWindowDays } from './order.js';

const flag = z.union([z.literal(0), z.literal(1)]);

export const policyLink = z.object({
  type: z.enum(['default', 'url']).default('default'),
  value: z.string().max(2048).default(''),
  content: z.string().max(20000).default(''),
});

const storeStyleFields = z.object({
  background_image: z.string().max(2048).default(''),
  portal_top_content: z
    .object({ type: z.enum(['text', 'logo']), value: z.string().max(2048), url: z.string().max(2048).default('') })
    .default({ type: 'text', value: 'Return Center', url: '' }),
  font_family: z
    .object({ font: z.string().max(100), isDefault: z.boolean(), link: z.string().max(2048).default('') })
    .default({ font: 'system-ui', isDefault: true, link: '' }),
  login_pop_up: z
    .object({ corner_radius: z.number().min(0).max(64), opacity: z.number().min(0).max(100) })
    .default({ corner_radius: APPEARANCE_DEFAULTS.cornerRadius, opacity: APPEARANCE_DEFAULTS.opacity }),
  portal_top_logo_width: z.number().min(10).max(400).default(APPEARANCE_DEFAULTS.logoWidth),
  return_page_primary_color: z.string().max(32).optional(),
  /** Spec §3: the primary colour is also read as theme_color, when return_page_primary_color is not given. */
  theme_color: z.string().max(32).optional(),
  primary_btn_text_color: z.string().max(32).default(APPEARANCE_DEFAULTS.buttonTextColor),
  ex_product_page: z
    .object({ logo: z.string().max(2048), title: z.string().max(200) })
    .default({ logo: '', title: '' }),
});

/** The shop's style; its primary colour is answered under both names (return_page_primary_color and theme_color). */
export const storeStyle = storeStyleFields.transform(({ return_page_primary_color, theme_color, ...style }) => {
  const primary = return_page_primary_color ?? theme_color ?? APPEARANCE_DEFAULTS.primaryColor;
  return { ...style, return_page_primary_color: primary, theme_color: primary };
});
export type StoreStyle = z.output<typeof storeStyle>;

/** Merchant texts of the login page. Empty strings fall back to the locale's default wording. */
export const storeText = z.object({
  email_address: z.string().max(500).default(''),
  verification_code: z.string().max(500).default(''),
  bottom_description: z.string().max(2000).default(''),
  return_policy_link: policyLink.default({ type: 'default', value: '', content: '' }),
  confirm_button_name: z.string().max(100).default(''),
  email_address_error_tips: z.string().max(500).default(''),
  verification_code_error_tips: z.string().max(500).default(''),
  order_email_address: z.string().max(500).default(''),
  order_order_number: z.string().max(500).default(''),
  order_bottom_description: z.string().max(2000).default(''),
  order_confirm_button_name: z.string().max(100).default(''),
  order_number_error_tips: z.string().max(500).default(''),
  order_lookup_method: int.min(1).max(3).default(DEFAULT_ORDER_LOOKUP_METHOD),
  return_policy_link_text_name: z.string().max(200).default(''),
  hide_merchant_contact_information: flag.default(0),
  email_or_phone_error_tips: z.string().max(500).default(''),
});
export type StoreText = z.infer<typeof storeText>;

export const language = z.object({ code: z.string(), name: z.string() });

export const merchantContact = z.object({
  store_name: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** The store configuration of spec §3, answered by getConfig. */
export const storeConfig = z.object({
  id: int,
  shop_url: z.string(),
  store_name: z.string(),
  is_remove_brand: flag,
  current_code: z.string(),
  lang: z.array(language),
  lang_list: z.array(z.string()),
  test_store_data: flag,
  custom_css: z.string(),
  embed_origins: z.array(z.string()),
  date_format: int,
  time_format: int,
  style: storeStyle,
  text: storeText,
  contact: merchantContact,
  return_window_days: returnWindowDays,
  /** Whether the login page offers "Returning a gift?" (ADR 044). */
  gift_returns: z.boolean().default(false),
  /** Whether the portal shows the EU withdrawal function (ADR 046); the server decides it from the shop. */
  withdrawal: z.boolean().default(false),
});
export type StoreConfig = z.infer<typeof storeConfig>;

/**
 * What the server puts into the portal's page for its first paint: the getConfig answer for `code`, so the portal
 * need not ask for it before drawing (it still asks when the shopper's language is another).
 */
export const bootData = z.object({ code: z.string(), config: storeConfig });
export type BootData = z.infer<typeof bootData>;
