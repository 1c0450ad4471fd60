import type { Storage } from '../../adapters/storage/port.js';
import type { Db } from '../../db/database.js';
import { PUBLIC_PREFIX } from './uploads.service.js';

/**
 * Uploads of shoppers being forgotten (Shopify's privacy webhooks). Marked `redacted` inside the redaction's
 * transaction, so from its commit no URL serves them and no callback finishes them; their files are deleted after it,
 * since storage is no part of the transaction, and their rows with them. A deletion that fails leaves the row marked
 * for the next redaction of the shop (Shopify delivers a failed webhook again).
 */

/** The storage keys behind proof URLs (`/uploads/proof/…`); anything else is no upload of ours. */
export const uploadKeys = (urls: string[]) =>
  urls.filter((url) => url.startsWith(PUBLIC_PREFIX)).map((url) => url.slice(PUBLIC_PREFIX.length));

/** Marks the shop's uploads behind these keys or by these emails (any case), or all of the shop's. */
export async function markRedacted(
  trx: Db,
  shopId: number,
  which: { keys: string[]; emails: string[] } | 'all',
): Promise<void> {
  if (which !== 'all' && which.keys.length === 0 && which.emails.length === 0) return;
  let uploads = trx.updateTable('uploads').set({ status: 'redacted', email: '' }).where('shop_id', '=', shopId);
  if (which !== 'all')
    uploads = uploads.where((eb) =>
      eb.or([
        ...(which.keys.length ? [eb('final_key', 'in', which.keys)] : []),
        ...(which.emails.length ? [eb(eb.fn('lower', ['email']), 'in', which.emails)] : []),
      ]),
    );
  await uploads.execute();
}

/** Deletes the files of the shop's redacted uploads, then the uploads. */
export async function removeRedacted(db: Db, storage: Storage, shopId: number): Promise<void> {
  const redacted = await db
    .selectFrom('uploads')
    .select(['id', 'raw_key', 'final_key'])
    .where('shop_id', '=', shopId)
    .where('status', '=', 'redacted')
    .execute();
  for (const upload of redacted) {
    await storage.remove(upload.final_key);
    await storage.remove(upload.raw_key);
    await db.deleteFrom('uploads').where('id', '=', upload.id).execute();
  }
}
