import type { Payment } from './port.js';

/** Where the sandbox's pay page is served (modules/exchanges/sandbox-pay.routes.ts). */
export const SANDBOX_PAY_PATH = '/sandbox-pay/';

/** What the sandbox's pay page shows of a payment, and the payment's links back to our site. */
export interface SandboxPaymentView extends Payment {
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/** The pay page's side of the sandbox: reading a signed link, and the shopper's answer. */
export interface SandboxPayPage {
  view(paymentId: string, sig: string): Promise<SandboxPaymentView | null>;
  /** The shopper authorised: a hold is held, a charge taken. Once; a repeat changes nothing. */
  authorise(paymentId: string): Promise<void>;
  /** The shopper declined (a declined card): the payment stays to be authorised, as a provider lets a retry. */
  decline(paymentId: string): Promise<void>;
}
