import { z } from 'zod';
import { EMBED_PREFIX } from './page-protocol.js';

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
