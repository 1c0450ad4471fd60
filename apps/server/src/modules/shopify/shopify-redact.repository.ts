import type { Db } from '../../db/database.js';

export const REDACTED_EMAIL = 'redacted@redacted.invalid';

type Requests = { shopId: number } & ({ email: string; platformOrderIds: string[] } | { wholeShop: true });

/**
 * Shopify's privacy webhooks, on our copies of the data: the requests keep their amounts and statuses (the merchant's
 * books) but lose what names the shopper — email, typed text, pickup address, payout holder — and the sign-in state,
 * mails and upload owners tied to the address go too. Uploaded files themselves stay until the upload sweep.
 */
export class ShopifyRedaction {
  constructor(private readonly db: Db) {}

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
    await this.db.deleteFrom('shopify_data_requests').where('shop_id', '=', shopId).execute();
    return count;
  }

  private async redact(which: Requests): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
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
      if (ids.length) {
        await tx
          .updateTable('return_requests')
          .set({ customer_email: REDACTED_EMAIL, pickup: '', pickup_booking: '', tracking_proof: '' })
          .where('id', 'in', ids)
          .execute();
        await tx
          .updateTable('return_items')
          .set({ reason_text: '', description: '' })
          .where('request_id', 'in', ids)
          .execute();
        const orders = await tx.selectFrom('return_requests').select('order_id').where('id', 'in', ids).execute();
        await tx
          .updateTable('payout_recipients')
          .set({ holder: '', iban_last4: '' })
          .where('shop_id', '=', which.shopId)
          .where(
            'order_id',
            'in',
            orders.map((o) => o.order_id),
          )
          .execute();
      }
      const shopWide = 'wholeShop' in which;
      if (!shopWide && emails.length === 0) return ids.length;
      for (const table of ['sessions', 'verification_codes'] as const) {
        let del = tx.deleteFrom(table).where('shop_id', '=', which.shopId);
        if (!shopWide) del = del.where((eb) => eb(eb.fn('lower', ['email']), 'in', emails));
        await del.execute();
      }
      let mails = tx.deleteFrom('mails').where('shop_id', '=', which.shopId);
      if (!shopWide) mails = mails.where((eb) => eb(eb.fn('lower', ['to_address']), 'in', emails));
      await mails.execute();
      let uploads = tx.updateTable('uploads').set({ email: '' }).where('shop_id', '=', which.shopId);
      if (!shopWide) uploads = uploads.where((eb) => eb(eb.fn('lower', ['email']), 'in', emails));
      await uploads.execute();
      return ids.length;
    });
  }
}
