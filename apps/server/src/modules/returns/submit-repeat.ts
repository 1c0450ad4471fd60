import { createHash } from 'node:crypto';
import type { calls } from '@return-center/contract';
import type { z } from 'zod';
import { errors } from '../../http/app-error.js';
import { sameSubmit } from '../requests/new-request.js';

export type SubmitInput = z.output<typeof calls.setReturnOrder.payload>;

const KEY_USED_ELSEWHERE = 'idempotency_key: already used for another order';

/** What a submit asks for; the key and the display language are not part of it. */
export const fingerprintOf = (input: SubmitInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.order_id,
        input.solution_id,
        input.shipping_method_id,
        input.order_product,
        // Only exchanges add their items, so the fingerprints of earlier requests stay as they were.
        ...(input.exchange_line_items ? [input.exchange_line_items] : []),
      ]),
    )
    .digest('hex');

/**
 * The answer to a submit whose key already made a request: that request for a retry, the processing page for the
 * same key with another body (the order has its open request), a refusal for a key of another order.
 */
export function answerRepeat(
  repeated: { id: number; order_id: number; submit_fingerprint: string },
  input: SubmitInput,
): { request_id: number } {
  if (repeated.order_id !== input.order_id) throw errors.invalidInput(KEY_USED_ELSEWHERE);
  if (!sameSubmit(repeated.submit_fingerprint, fingerprintOf(input))) {
    throw errors.alreadyProcessing({ request_id: repeated.id });
  }
  return { request_id: repeated.id };
}
