import { RequestStatus } from '@return-center/contract';
import { formatMoney } from '@return-center/domain';
import type { Db } from '../../db/database.js';
import { recordEvent } from './requests.repository.js';

/** The timeline's entry of an instant exchange's hold, placed by the shopper at submit (ADR 047). */
export const recordHoldPlaced = (trx: Db, requestId: number, hold: { amount: number; currency: string; at: number }) =>
  recordEvent(trx, {
    request_id: requestId,
    actor: 'shopper',
    action: 'hold_placed',
    from_status: RequestStatus.PendingReview,
    to_status: RequestStatus.PendingReview,
    note: `${formatMoney(hold.amount, hold.currency, '')} held on the shopper’s card`,
    at: hold.at,
  });
