import type { Generated } from 'kysely';

/** Gift returns' columns of return_requests (ADR 044), owned by modules/requests. */
export interface GiftRequestColumns {
  /** The gift recipient's email, where the request's credit and emails go; '' for a return by the buyer. */
  gift_email: Generated<string>;
}
