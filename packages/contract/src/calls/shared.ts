import { z } from 'zod';
import { supportedLocale } from '../constants.js';
import { id } from '../envelope.js';

export const empty = z.looseObject({});
export const ok = z.null();
/** A language tag read as the supported locale it names ('no' → 'nb', 'zh-TW' → 'zh-hant'); another stays as sent. */
export const asLocale = (tag: string) => supportedLocale(tag) ?? tag;
export const lang = z.string().min(2).max(10).default('en').transform(asLocale);
export const orderRef = z.object({ order_id: id });
