import { z } from 'zod';
import { EMBED_PREFIX, PREVIEW_CONFIG, PREVIEW_READY } from './page-protocol.js';
import { storeStyle, storeText } from './store-config.js';

/** postMessage protocol between the portal and its embedding parent (spec §2, §4), types prefixed EMBED_PREFIX. */
export const parentMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(`${EMBED_PREFIX}init`),
    direction: z.enum(['ltr', 'rtl']).optional(),
    locale: z.string().max(10).optional(),
    href: z.string().max(2048).optional(),
  }),
  z.object({ type: z.literal(`${EMBED_PREFIX}loadFont`), font: z.string().max(100), link: z.string().max(2048) }),
]);
export type ParentMessage = z.infer<typeof parentMessage>;

export type PortalMessage =
  | { type: `${typeof EMBED_PREFIX}ready` }
  | { type: `${typeof EMBED_PREFIX}route`; path: string }
  | { type: `${typeof EMBED_PREFIX}login`; loggedIn: boolean }
  | { type: `${typeof EMBED_PREFIX}resize`; height: number };

/** The console's draft look and texts, posted to the portal in its preview frame as the merchant types (never saved). */
export const previewMessage = z.object({
  type: z.literal(PREVIEW_CONFIG),
  style: storeStyle,
  text: storeText,
  is_remove_brand: z.union([z.literal(0), z.literal(1)]),
});
export type PreviewMessage = z.infer<typeof previewMessage>;

/** The portal in the preview frame says it listens: the console then posts its draft. */
export const previewReady = z.object({ type: z.literal(PREVIEW_READY) });
