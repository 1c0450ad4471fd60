import type { Storage } from '../../adapters/storage/port.js';
import type { Db } from '../../db/database.js';
import { SEND_CODE_JOB, type SendCodePayload } from '../auth/code-mail-job.js';
import { markRedacted, removeRedacted, uploadKeys } from '../uploads/upload-redaction.js';

export const REDACTED_EMAIL = 'redacted@redacted.invalid';

type Requests = { shopId: number } & ({ email: string; platformOrderIds: string[] } | { wholeShop: true });

/**
 * Shopify's privacy webhooks, on our copies of the data: the requests keep their amounts and statuses (the merchant's
 * books) but lose what names the shopper or what they typed — email, reasons, timeline notes, pickup address, payout
 * holder, the label and packing slip made with them — and the sign-in state, mails, queued code mails and uploaded
 * photos tied to the address go too (the photos' files once the rest is committed).
 */
export class ShopifyRedaction {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
  ) {}

  /** customers/redact: the customer's requests (by email or by the orders Shopify names). Answers how many. */
  async customer(shopId: number, email: string, platformOrderIds: string[]): Promise<number> {
    // Nothing names the customer: nothing is theirs (an empty email must not match every request without one).
    if (!email && platformOrderIds.length === 0) return 0;
    return this.redact({ shopId, email: email.toLowerCase(), platformOrderIds });
  }

  /** shop/redact: every request of the shop, and what the adapter kept of the shop's ids. */
  async shop(shopId: number): Promise<number> {
    const count = await this.redact({ shopId, wholeShop: true });
    await this.db.deleteFrom('shopify_ids').where('shop_id', '=', shopId).execute();
    return count;
  }

  private async redact(which: Requests): Promise<number> {
    const count = await this.db.transaction().execute(async (tx) => {
      let query = tx.selectFrom('return_requests').select(['id', 'customer_email']).where('shop_id', '=', which.shopId);
      if (!('wholeShop' in which))
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['customer_email']), '=', which.email),
            ...(which.platformOrderIds.length ? [eb('platform_order_id', 'in', which.platformOrderIds)] : []),
          ]),
        );
      const found = await query.execute();
      const ids = found.map((r) => r.id);
      const emails = [
        ...new Set([...found.map((r) => r.customer_email.toLowerCase()), ...('email' in which ? [which.email] : [])]),
      ].filter(Boolean);
      const photos = ids.length ? await anonymise(tx, which.shopId, ids) : [];
      const shopWide = 'wholeShop' in which;
      await markRedacted(tx, which.shopId, shopWide ? 'all' : { keys: uploadKeys(photos), emails });
      if (shopWide || emails.length > 0) await forgetContact(tx, which.shopId, shopWide ? 'all' : emails);
      return ids.length;
    });
    await removeRedacted(this.db, this.storage, which.shopId);
    return count;
  }
}

/** Blanks what the requests hold of the shopper; answers the URLs of their photos. */
async function anonymise(tx: Db, shopId: number, ids: number[]): Promise<string[]> {
  const requests = await tx
    .selectFrom('return_requests')
    .select(['order_id', 'tracking_proof'])
    .where('id', 'in', ids)
    .execute();
  const items = await tx.selectFrom('return_items').select('proof').where('request_id', 'in', ids).execute();
  const photos = [...requests.map((r) => r.tracking_proof), ...items.map((i) => i.proof)].flatMap(urlsIn);
  await tx
    .updateTable('return_requests')
    .set({
      customer_email: REDACTED_EMAIL,
      pickup: '',
      pickup_booking: '',
      tracking_proof: '',
      label_url: '',
      packing_slip_url: '',
      drop_off_code: '',
    })
    .where('id', 'in', ids)
    .execute();
  await tx
    .updateTable('return_items')
    .set({ reason_text: '', description: '', proof: '[]' })
    .where('request_id', 'in', ids)
    .execute();
  // Notes say what was typed, and to whom each mail went.
  await tx.updateTable('request_events').set({ note: '' }).where('request_id', 'in', ids).execute();
  // The label is addressed from the shopper, the packing slip repeats their reasons.
  await tx.deleteFrom('documents').where('request_id', 'in', ids).execute();
  await tx
    .updateTable('payout_recipients')
    .set({ holder: '', iban_last4: '' })
    .where('shop_id', '=', shopId)
    .where(
      'order_id',
      'in',
      requests.map((r) => r.order_id),
    )
    .execute();
  return photos;
}

/** Drops what the shop keeps by these addresses (any case), or by every address: sign-ins, mails, data requests. */
async function forgetContact(tx: Db, shopId: number, emails: string[] | 'all'): Promise<void> {
  const theirAddress = (address: string) => emails === 'all' || emails.includes(address.toLowerCase());
  for (const table of ['sessions', 'verification_codes', 'shopify_data_requests'] as const) {
    let del = tx.deleteFrom(table).where('shop_id', '=', shopId);
    if (emails !== 'all') del = del.where((eb) => eb(eb.fn('lower', ['email']), 'in', emails));
    await del.execute();
  }
  let mails = tx.deleteFrom('mails').where('shop_id', '=', shopId);
  if (emails !== 'all') mails = mails.where((eb) => eb(eb.fn('lower', ['to_address']), 'in', emails));
  await mails.execute();
  // A code mail's job keeps the address in its JSON payload: the shop's are found by text, then read exactly.
  const codeMails = await tx
    .selectFrom('jobs')
    .select(['id', 'payload'])
    .where('kind', '=', SEND_CODE_JOB)
    .where('status', '!=', 'running')
    .where('payload', 'like', `%"shopId":${String(shopId)},%`)
    .execute();
  const theirs = codeMails
    .filter((job) => {
      const payload = JSON.parse(job.payload) as SendCodePayload;
      return payload.shopId === shopId && theirAddress(payload.email);
    })
    .map((job) => job.id);
  if (theirs.length) await tx.deleteFrom('jobs').where('id', 'in', theirs).execute();
}

function urlsIn(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json || '[]');
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}
