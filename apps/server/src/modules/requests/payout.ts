import { RefundState } from '@return-center/contract';
import type { BankPayouts, PayoutState } from '../../adapters/bank-payout/port.js';
import type { Db } from '../../db/database.js';
import type { RequestRecord } from './request-record.js';

const REFUND_STATE_OF: Record<PayoutState, RefundState> = {
  processing: RefundState.Processing,
  paid: RefundState.Refunded,
  failed: RefundState.Failed,
};

/** How long a bank transfer still on its way waits before its next look. */
export const PAYOUT_CHECK_SECONDS = 300;

/**
 * A bank-transfer refund (solution 6): one transfer per request to the payee the shopper gave, whatever the retries
 * (the request id is the provider's idempotency key). The request shows the payout's state as its refund state.
 */
export async function payOut(deps: { payouts: BankPayouts; db: Db }, request: RequestRecord, amount: number) {
  const payee = await deps.db
    .selectFrom('payout_recipients')
    .select('currency')
    .where('shop_id', '=', request.shop_id)
    .where('order_id', '=', request.order_id)
    .where('account_id', '=', request.payout_account_id)
    .executeTakeFirstOrThrow();
  const payout = await deps.payouts.pay({
    accountId: request.payout_account_id,
    amount,
    currency: request.currency,
    accountCurrency: payee.currency,
    // Unique beyond this database too (a reset, a second install on the same provider account).
    idempotencyKey: `request-${String(request.id)}-${String(request.created_at)}`,
    reference: `Refund ${request.order_name}`,
  });
  await recordPayout(deps, request.id, payout.transferId, payout.state, amount);
  return payout.state;
}

export async function recordPayout(
  deps: { db: Db },
  requestId: number,
  transferId: string,
  state: PayoutState,
  amount: number,
) {
  await deps.db
    .updateTable('return_requests')
    .set({
      payout_transfer_id: transferId,
      payout_state: state,
      refund_state: REFUND_STATE_OF[state],
      actual_refund: state === 'paid' ? amount : 0,
    })
    .where('id', '=', requestId)
    .execute();
}
