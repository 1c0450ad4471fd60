import { ShippingMethodId, SolutionId } from '@return-center/contract';
import type { BankPayouts } from '../../adapters/bank-payout/port.js';
import type { Carrier } from '../../adapters/carrier/port.js';
import type { Payments } from '../../adapters/payments/port.js';
import { dropOffQrPng } from '../documents/drop-off-qr.js';
import { refundLines } from './inspection.js';
import { labelFrom } from './label-from.js';
import { bookPickup } from './pickup-booking.js';
import type { MailTransport } from '../../adapters/mail/port.js';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { Db } from '../../db/database.js';
import type { Documents } from '../documents/documents.js';
import { packingSlipPdf } from '../documents/packing-slip.js';
import type { Outbox } from '../jobs/outbox.js';
import type { DeadJobHandlers, JobHandlers } from '../jobs/worker.js';
import type { EmailTemplatesService } from '../notifications/email-templates.service.js';
import { isRequestEvent, requestEmail, type RequestEmail, type RequestEvent } from '../notifications/request-emails.js';
import type { Shop, ShopLookup } from '../storefront-config/shop.js';
import { REFUND_KINDS, type LifecycleService } from './lifecycle.service.js';
import { PAYOUT_CHECK_SECONDS, payOut, recordPayout } from './payout.js';
import { announce } from './announce.js';
import { platformReturnOf } from './platform-return.js';
import { sendRequestEmail } from './send-request-email.js';
import { sendGiftNotice } from './gift-notice.js';
import { holdSettleJob } from './exchange-hold.js';
import type { RequestRecord } from './request-record.js';
import type { RequestsRepository } from './requests.repository.js';
import type { Clock } from '../../clock.js';
import type { DifferencePayments } from '../exchanges/difference-payments.js';

export interface Deps {
  db: Db;
  shops: ShopLookup;
  platform: StorePlatform;
  carrier: Carrier;
  payouts: BankPayouts;
  /** Card holds of instant exchanges (ADR 047). */
  payments: Payments;
  /** Differences of exchanges paid on the local store, given back when their draft is cancelled (ADR 047). */
  differences: Pick<DifferencePayments, 'refund'>;
  documents: Documents;
  outbox: Outbox;
  mail: MailTransport;
  requests: RequestsRepository;
  lifecycle: LifecycleService;
  publicUrl: string;
  clock: Clock;
  /** Tells the shop's other systems (webhooks, the event feed) that the request moved; once per request and event. */
  announce: (shop: Shop, request: RequestRecord, event: RequestEvent) => Promise<void>;
  /** The shop's email templates (ADR 042). */
  emails: Pick<EmailTemplatesService, 'message'>;
}

/**
 * The jobs this module runs: every kind but those of sign-in, staff links, rules, webhooks, withdrawals, retention and
 * the exchanges' card holds and differences that no request keeps.
 */
type RequestJobHandlers = Omit<
  JobHandlers,
  | 'auth.send-code'
  | 'staff.link'
  | 'request.rules'
  | 'request.announce'
  | `webhook.${string}`
  | `withdrawal.${string}`
  | `retention.${string}`
  | 'exchange.unused-holds'
  | 'exchange.difference-refunds'
>;

/** The work behind each transition. Every handler checks what is already done, so a rerun changes nothing. */
export function requestJobHandlers(deps: Deps): {
  handlers: RequestJobHandlers;
  onDead: DeadJobHandlers;
} {
  const load = async (requestId: number) => {
    const request = await deps.requests.byId(requestId);
    if (!request) throw new Error(`Request ${requestId} is gone`);
    const shop = await deps.shops.byId(request.shop_id);
    if (!shop) throw new Error(`Shop ${request.shop_id} is gone`);
    return { request, shop, detail: await deps.lifecycle.detail(shop, request) };
  };
  const notify = (requestId: number, event: RequestEmail, amount?: number) =>
    deps.outbox.enqueue(deps.db, 'request.notify', { requestId, event, amount }, `notify:${requestId}:${event}`);
  /** A bank transfer that failed: the shop's systems hear of it, and the shopper is told. */
  const payoutFailed = async (requestId: number, amount: number) => {
    await announce(deps.outbox, deps.db, requestId, 'payout.failed', 'payout-failed');
    await notify(requestId, 'payout_failed', amount);
  };

  const handlers: RequestJobHandlers = {
    async 'request.documents'({ requestId }) {
      const { request, detail } = await load(requestId);
      const needsLabel = [ShippingMethodId.MerchantLabel, ShippingMethodId.CarrierPickup] as number[];
      if (needsLabel.includes(request.shipping_method_id) && !request.label_url) {
        const address = detail.return_address.split('\n');
        const label = await deps.carrier.createLabel({
          // The carrier finds a retry's label by this; the creation time keeps it unique beyond this database.
          reference: `${detail.rma}-${String(request.created_at)}`,
          from: await labelFrom(deps.platform, request),
          to: { name: address[0] ?? detail.store_name, lines: address.slice(1) },
        });
        const url = await deps.documents.put(request.id, 'label', label.pdf);
        // A box-free drop-off is for a parcel the shopper takes to a counter, not one a driver collects.
        const dropOff = request.shipping_method_id === ShippingMethodId.MerchantLabel ? label.dropOffCode : undefined;
        if (dropOff) await deps.documents.put(request.id, 'drop-off-qr', await dropOffQrPng(dropOff));
        await deps.db
          .updateTable('return_requests')
          .set({
            label_url: url,
            tracking_number: label.trackingNumber,
            shipping_carrier: label.carrier,
            drop_off_code: dropOff ?? '',
          })
          .where('id', '=', request.id)
          .where('label_url', '=', '')
          .execute();
        await announce(deps.outbox, deps.db, request.id, 'label.created', 'label');
      }
      if (request.shipping_method_id === ShippingMethodId.CarrierPickup) await bookPickup(deps, request.id);
      if (request.shipping_method_id !== ShippingMethodId.KeepItem && !request.packing_slip_url) {
        const url = await deps.documents.put(request.id, 'packing-slip', await packingSlipPdf(detail));
        await deps.db
          .updateTable('return_requests')
          .set({ packing_slip_url: url })
          .where('id', '=', request.id)
          .execute();
      }
      await notify(request.id, 'approved');
    },

    async 'request.refund'({ requestId, amount }) {
      const { request } = await load(requestId);
      if (request.refund_state !== 'refunded') {
        await deps.db
          .updateTable('return_requests')
          .set({ refund_state: 'processing' })
          .where('id', '=', request.id)
          .execute();
        if (request.solution_id === SolutionId.BankTransfer) {
          const state = await payOut(deps, request, amount);
          if (state === 'paid') await notify(request.id, 'refunded');
          if (state === 'failed') await payoutFailed(request.id, amount);
          if (state === 'processing')
            await deps.outbox.enqueue(
              deps.db,
              'request.payout.check',
              { requestId: request.id, amount, attempt: 1 },
              `payout:${String(request.id)}:1`,
              PAYOUT_CHECK_SECONDS,
            );
          return;
        }
        const order = await deps.platform.getOrder(request.shop_id, request.order_id);
        const kind = REFUND_KINDS[request.solution_id] ?? 'original';
        const items = await deps.requests.items(request.id);
        const result = await deps.platform.issueRefund({
          shopId: request.shop_id,
          orderId: request.order_id,
          amount,
          currency: order?.currency ?? request.currency,
          kind,
          // Only the units accepted at receipt are refunded, each back on sale as the desk chose (issue 33).
          lines: refundLines(items, await deps.requests.inspections(request.id)),
          // A refund comes after the parcel was received, or with nothing sent back when the shopper keeps the item.
          restock: request.shipping_method_id !== ShippingMethodId.KeepItem,
          idempotencyKey: `request-${request.id}`,
        });
        await deps.db
          .updateTable('return_requests')
          .set({
            refund_state: 'refunded',
            actual_refund: amount,
            discount_code: kind === 'discount_code' ? result.code : '',
            gift_card_code: kind === 'gift_card' ? result.code : '',
          })
          .where('id', '=', request.id)
          .execute();
      }
      await notify(request.id, 'refunded');
    },

    /** An approved exchange becomes an order of the shop, which the status page names (completing twice is one). */
    async 'request.exchange.complete'({ requestId }) {
      const request = await deps.requests.byId(requestId);
      if (!request) throw new Error(`Request ${String(requestId)} is gone`);
      if (!request.exchange_draft_order_id || request.exchange_order_id) return;
      // Where the platform carries exchanges on its returns, the approved return takes the new items first (ADR 048).
      if (deps.platform.keepsReturns)
        await deps.platform.registerReturn(request.shop_id, await platformReturnOf(deps, request, 'approved'));
      const draft = await deps.platform.completeDraftOrder(request.shop_id, request.exchange_draft_order_id);
      if (draft?.orderId === null || draft?.orderId === undefined)
        throw new Error(
          `Exchange draft ${request.exchange_draft_order_id} of request ${String(request.id)} is not paid`,
        );
      await deps.db
        .updateTable('return_requests')
        .set({ exchange_order_id: String(draft.orderId), exchange_order_name: draft.orderName })
        .where('id', '=', request.id)
        .execute();
      await announce(deps.outbox, deps.db, request.id, 'exchange.order_created', 'exchange-order');
      await notify(request.id, 'exchange_order');
    },

    /**
     * A rejected exchange gives the units it reserved back to stock, and the shopper the difference they paid at the
     * checkout; the request keeps what was refunded for its status page (cancelling twice changes nothing).
     */
    async 'request.exchange.release'({ requestId }) {
      const request = await deps.requests.byId(requestId);
      if (!request) throw new Error(`Request ${String(requestId)} is gone`);
      if (!request.exchange_draft_order_id) return;
      const draft = await deps.platform.cancelDraftOrder(request.shop_id, request.exchange_draft_order_id);
      if (draft?.status === 'cancelled') await deps.differences.refund(request.shop_id, draft.id);
      if (draft?.refunded)
        await deps.db
          .updateTable('return_requests')
          .set({ exchange_refunded: draft.refunded })
          .where('id', '=', request.id)
          .execute();
    },

    'request.exchange.hold': holdSettleJob(deps),

    /** A bank transfer on its way: looked at again until it is paid or failed. */
    async 'request.payout.check'({ requestId, amount, attempt }) {
      const request = await deps.requests.byId(requestId);
      if (!request?.payout_transfer_id || request.payout_state !== 'processing') return;
      const state = await deps.payouts.status(request.payout_transfer_id);
      await recordPayout(deps, request.id, request.payout_transfer_id, state, amount);
      if (state === 'paid') await notify(request.id, 'refunded');
      if (state === 'failed') await payoutFailed(request.id, amount);
      if (state === 'processing')
        await deps.outbox.enqueue(
          deps.db,
          'request.payout.check',
          { requestId, amount, attempt: attempt + 1 },
          `payout:${String(request.id)}:${String(attempt + 1)}`,
          PAYOUT_CHECK_SECONDS,
        );
    },

    /**
     * The request as a return at the platform (Shopify's): requested, then opened or declined with the merchant's
     * decision. Idempotent by request id, so a decision finds the same return whether or not the first job has run,
     * and whether or not the exchange's completion made it first.
     */
    async 'request.platform-return'({ requestId, decision }) {
      const request = await deps.requests.byId(requestId);
      if (!request) return;
      await deps.platform.registerReturn(request.shop_id, await platformReturnOf(deps, request, decision));
    },

    async 'request.gift-notice'({ requestId }) {
      await sendGiftNotice(deps, requestId);
    },

    /** The shopper changed an approved pickup: the carrier's booking is redone with the new slot. */
    async 'request.pickup'({ requestId }) {
      await bookPickup(deps, requestId);
    },

    async 'request.notify'({ requestId, event, amount }) {
      const { request, shop, detail } = await load(requestId);
      if (isRequestEvent(event)) await deps.announce(shop, request, event);
      const facts = amount === undefined ? detail : { ...detail, actual_refund: amount };
      const message = await requestEmail(deps.emails, shop, event, facts, request.language, deps.publicUrl);
      await sendRequestEmail(deps, request, message);
    },
  };

  const onDead: DeadJobHandlers = {
    async 'request.refund'({ requestId }) {
      await deps.db
        .updateTable('return_requests')
        .set({ refund_state: 'failed' })
        .where('id', '=', requestId)
        .execute();
    },
  };
  return { handlers, onDead };
}
