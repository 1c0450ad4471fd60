import { z } from 'zod';
import { LOCALES } from './constants.js';

/**
 * A shop's message to shoppers (a rule's denial, an automatic rejection): its own text, with per-language versions.
 * The portal shows the version of the shopper's language, else the text, else its own wording.
 */
export const shopperMessage = z.object({
  text: z.string().trim().max(500).default(''),
  translations: z.partialRecord(z.enum(LOCALES), z.string().trim().min(1).max(500)).default({}),
});
export type ShopperMessage = z.infer<typeof shopperMessage>;
