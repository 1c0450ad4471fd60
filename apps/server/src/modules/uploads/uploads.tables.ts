import type { Storage } from '../../adapters/storage/port.js';
import type { Db } from '../../db/database.js';
import type { Customer, ForgetsPeople, TableOwner } from '../../db/ownership.js';
import { PUBLIC_PREFIX } from './uploads.service.js';

/**
 * Uploads of shoppers being forgotten are marked `redacted` inside the forgetting's transaction, so from its commit no
 * URL serves them and no callback finishes them; their files are deleted after it (UploadFiles), since storage is no
 * part of the transaction, and their rows with them. A deletion that fails leaves the row marked for the next time the
 * shop forgets anyone (Shopify delivers a failed webhook again).
 */
export const uploadsTables: TableOwner = {
  owner: 'modules/uploads',
  tables: {
    uploads: {
      personal: {
        email: 'the shopper’s email',
        filename: 'the name of the shopper’s file',
        raw_key: 'the file as sent',
        final_key: 'the checked photo',
      },
    },
  },
  forgetCustomer: (db, customer) =>
    markRedacted(db, customer.shopId, { keys: customer.fileKeys, emails: customer.emails }),
  forgetShop: (db, shopId) => markRedacted(db, shopId, 'all'),
};

/** The storage keys behind proof URLs (`/uploads/proof/…`); anything else is no upload of ours. */
export const uploadKeys = (urls: string[]) =>
  urls.filter((url) => url.startsWith(PUBLIC_PREFIX)).map((url) => url.slice(PUBLIC_PREFIX.length));

/** Marks the shop's uploads behind these keys or by these emails (any case), or all of the shop's. */
async function markRedacted(trx: Db, shopId: number, which: { keys: string[]; emails: string[] } | 'all') {
  if (which !== 'all' && which.keys.length === 0 && which.emails.length === 0) return;
  let uploads = trx
    .updateTable('uploads')
    .set({ status: 'redacted', email: '', filename: '' })
    .where('shop_id', '=', shopId);
  if (which !== 'all')
    uploads = uploads.where((eb) =>
      eb.or([
        ...(which.keys.length ? [eb('final_key', 'in', which.keys)] : []),
        ...(which.emails.length ? [eb(eb.fn('lower', ['email']), 'in', which.emails)] : []),
      ]),
    );
  await uploads.execute();
}

/** The files of forgotten uploads, deleted once the forgetting is committed. */
export class UploadFiles implements ForgetsPeople {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  forgetCustomer(customer: Customer): Promise<void> {
    return this.removeRedacted(customer.shopId);
  }

  forgetShop(shopId: number): Promise<void> {
    return this.removeRedacted(shopId);
  }

  /** Deletes the files of the shop's redacted uploads, then the uploads. */
  private async removeRedacted(shopId: number): Promise<void> {
    const redacted = await this.db
      .selectFrom('uploads')
      .select(['id', 'raw_key', 'final_key'])
      .where('shop_id', '=', shopId)
      .where('status', '=', 'redacted')
      .execute();
    for (const upload of redacted) {
      await this.storage.remove(upload.final_key);
      await this.storage.remove(upload.raw_key);
      await this.db.deleteFrom('uploads').where('id', '=', upload.id).execute();
    }
  }
}
