import type { TableOwner } from '../../db/ownership.js';

/** The sandbox payments provider's table: amounts and our keys, nothing of a person, so nothing to forget. */
export const paymentsTables = {
  owner: 'adapters/payments',
  tables: {
    sandbox_payments: {
      notPersonal: {
        description: 'the shop’s words for the payment: the shop’s name and the order’s number',
        idempotency_key: 'our key of the payment',
        settle_key: 'our key of its capture or release',
        return_url: 'a page of the portal',
        cancel_url: 'a page of the portal',
      },
    },
    sandbox_refunds: {
      notPersonal: { idempotency_key: 'our key of the refund' },
    },
  },
} satisfies TableOwner;
