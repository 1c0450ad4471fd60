import { messages, ShippingMethodId, SolutionId, type calls } from '@return-center/contract';
import type { z } from 'zod';
import { errors } from '../../http/app-error.js';
import type { PayoutsService } from '../payouts/payouts.service.js';
import { pickupSlotProblem, storedSlot } from '../pickup/pickup-slot.js';

type SubmitInput = z.output<typeof calls.setReturnOrder.payload>;

/**
 * What a submit adds for a carrier pickup (the slot, which must be bookable) and a bank transfer (a payee account the
 * shopper created for this order), as the request's columns. Other returns ignore both.
 */
export async function pickupAndPayee(
  input: SubmitInput,
  shopId: number,
  payees: PayoutsService,
  nowMs: number,
): Promise<{ pickup: string; payout_account_id: string }> {
  let pickup = '';
  if (input.shipping_method_id === ShippingMethodId.CarrierPickup) {
    if (!input.pickup) throw errors.invalidInput('pickup: choose the pickup address and time');
    const problem = pickupSlotProblem(input.pickup, nowMs);
    if (problem) throw errors.invalidInput(problem);
    pickup = JSON.stringify(storedSlot(input.pickup));
  }
  let payee = '';
  if (input.solution_id === SolutionId.BankTransfer) {
    const account = input.wise?.account_id
      ? await payees.payeeOf(shopId, input.order_id, input.wise.account_id)
      : undefined;
    if (!account) throw errors.invalidInput(`wise: ${messages.provideRequiredInformation}`);
    payee = account.account_id;
  }
  return { pickup, payout_account_id: payee };
}
