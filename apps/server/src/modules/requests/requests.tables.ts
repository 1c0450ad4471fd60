import type { Db } from '../../db/database.js';
import { addresses, type TableOwner } from '../../db/ownership.js';
import { uploadKeys } from '../uploads/uploads.tables.js';

/** What a forgotten request keeps instead of the shopper's address. */
export const REDACTED_EMAIL = 'redacted@redacted.invalid';

/**
 * The return requests, their items and timelines. Forgetting keeps the amounts and statuses (the merchant's books) but
 * not what names the shopper or what anyone typed about them: email, reasons, notes, pickup address, the label and
 * packing slip made with them, the photos' links.
 */
export const requestsTables: TableOwner = {
  owner: 'modules/requests',
  tables: {
    return_requests: {
      personal: {
        customer_email: 'the shopper’s email',
        gift_email: 'a gift recipient’s email (ADR 044)',
        pickup: 'the pickup address and contact (JSON)',
        pickup_booking: 'the carrier’s booking of that pickup (JSON, with the address)',
        tracking_proof: 'links to the shopper’s photos',
        label_url: 'a link to the label, addressed from the shopper',
        packing_slip_url: 'a link to the packing slip, with their reasons',
        drop_off_code: 'the carrier’s code for that label',
        decline_reason: 'free text the merchant wrote to the shopper',
      },
      notPersonal: {
        order_name: 'the order’s name, e.g. #1001',
        exchange_order_name: 'the exchange order’s name, e.g. #1002',
        idempotency_key: 'a random key of the submit',
      },
    },
    return_items: {
      personal: {
        reason_text: 'the reason, as the shopper saw it',
        description: 'what the shopper wrote',
        proof: 'links to the shopper’s photos',
      },
    },
    request_notes: {
      personal: {
        body: 'free text staff wrote about the request and its shopper',
        author_email: 'a console member’s email',
        author_name: 'a console member’s name',
      },
    },
    request_tags: {
      personal: {
        tag: 'a label staff typed, which may say something of the shopper',
        added_by: 'a console member’s email (console:<email>)',
      },
    },
    item_inspections: {
      personal: { reason: 'free text the merchant wrote to the shopper about the units' },
    },
    request_events: {
      personal: {
        note: 'free text: what was typed, to whom a mail went',
        actor: 'a console member’s email (console:<email>)',
      },
    },
  },
  identify: async (db, customer) => {
    const { shopId, emails, platformOrderIds } = customer;
    if (emails.length === 0 && platformOrderIds.length === 0) return {};
    const found = await db
      .selectFrom('return_requests')
      .select(['id', 'customer_email', 'order_id', 'tracking_proof'])
      .where('shop_id', '=', shopId)
      .where((eb) =>
        eb.or([
          ...(emails.length ? [eb(eb.fn('lower', ['customer_email']), 'in', emails)] : []),
          ...(emails.length ? [eb('gift_email', 'in', emails)] : []),
          ...(platformOrderIds.length ? [eb('platform_order_id', 'in', platformOrderIds)] : []),
        ]),
      )
      .execute();
    return {
      requestIds: found.map((r) => r.id),
      emails: addresses(found.map((r) => r.customer_email)),
      orderIds: [...new Set(found.map((r) => r.order_id))],
      fileKeys: await requestFiles(db, found),
    };
  },
  forgetCustomer: (db, customer) => anonymise(db, customer.requestIds, customer.at),
  forgetShop: async (db, shopId) => {
    const all = await db.selectFrom('return_requests').select('id').where('shop_id', '=', shopId).execute();
    await anonymise(
      db,
      all.map((r) => r.id),
      null,
    );
  },
};

/** Blanks what the requests hold of people; `at` records when (null: the shop is forgotten, nothing asks again). */
async function anonymise(db: Db, ids: number[], at: number | null): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db
      .updateTable('return_requests')
      .set({
        customer_email: REDACTED_EMAIL,
        gift_email: '',
        pickup: '',
        pickup_booking: '',
        tracking_proof: '',
        label_url: '',
        packing_slip_url: '',
        drop_off_code: '',
        decline_reason: '',
        ...(at === null ? {} : { forgotten_at: at }),
      })
      .where('id', 'in', chunk)
      .execute();
    await db
      .updateTable('return_items')
      .set({ reason_text: '', description: '', proof: '[]' })
      .where('request_id', 'in', chunk)
      .execute();
    await db.updateTable('item_inspections').set({ reason: '' }).where('request_id', 'in', chunk).execute();
    await db.updateTable('request_events').set({ note: '' }).where('request_id', 'in', chunk).execute();
    // The timeline stays (the audit trail), without naming the console members who acted on it.
    await db
      .updateTable('request_events')
      .set({ actor: 'console' })
      .where('actor', 'like', 'console:%')
      .where('request_id', 'in', chunk)
      .execute();
    // What staff wrote or tagged about them goes with them (issue 33).
    await db.deleteFrom('request_notes').where('request_id', 'in', chunk).execute();
    await db.deleteFrom('request_tags').where('request_id', 'in', chunk).execute();
  }
}

/** The storage keys of the photos these requests and their items link to. */
export async function requestFiles(db: Db, requests: { id: number; tracking_proof: string }[]): Promise<string[]> {
  const proofs = requests.map((r) => r.tracking_proof);
  for (let i = 0; i < requests.length; i += 500) {
    const ids = requests.slice(i, i + 500).map((r) => r.id);
    const items = await db.selectFrom('return_items').select('proof').where('request_id', 'in', ids).execute();
    proofs.push(...items.map((item) => item.proof));
  }
  return [...new Set(uploadKeys(proofs.flatMap(urlsIn)))];
}

function urlsIn(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json || '[]');
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
}
