/** How the portal's page meets its server and its embedding parent, as plain values (no zod: see zod-free.ts). */

/** The id of the inert JSON block in which the server puts the page's boot data (store-config `bootData`). */
export const BOOT_DATA_ID = 'rc-boot';

/** The prefix of every postMessage type between the portal and its embedding parent (spec §2, §4). */
export const EMBED_PREFIX = 'pp_return:';

/**
 * The console's live preview of the portal (settings page): the portal's address carries this parameter (`=1`), the
 * console posts PREVIEW_CONFIG messages (`previewMessage` in embed.ts) and the portal says PREVIEW_READY once it listens.
 */
export const PREVIEW_PARAM = 'rc_preview';
export const PREVIEW_CONFIG = 'rc-preview:config';
export const PREVIEW_READY = 'rc-preview:ready';
