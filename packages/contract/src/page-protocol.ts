/** How the portal's page meets its server and its embedding parent, as plain values (no zod: see zod-free.ts). */

/** The id of the inert JSON block in which the server puts the page's boot data (store-config `bootData`). */
export const BOOT_DATA_ID = 'rc-boot';

/** The prefix of every postMessage type between the portal and its embedding parent (spec §2, §4). */
export const EMBED_PREFIX = 'pp_return:';
