import type { MailTransport } from '../../adapters/mail/port.js';
import type { EmailTemplatesService } from '../notifications/email-templates.service.js';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { JobHandler } from '../jobs/worker.js';
import { verificationEmail } from '../notifications/verification-email.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import type { VerificationCodes } from './verification-codes.js';

/**
 * Mails a sign-in code, outside the request: whether the email belongs to a customer is decided here, so the answer
 * to `loginCode` is the same in body, status and timing for everyone, and a slow or broken mail server never shows.
 * A job older than a code's lifetime is dropped: a code that arrives after it would have expired helps no one.
 */
export function sendCodeJob(deps: {
  platform: StorePlatform;
  shops: ShopLookup;
  codes: VerificationCodes;
  mail: MailTransport;
  emails: Pick<EmailTemplatesService, 'message'>;
  clock: Clock;
  codeTtlMinutes: number;
}): JobHandler<'auth.send-code'> {
  return async ({ shopId, email, lang }, job) => {
    if (nowSeconds(deps.clock) - job.created_at > deps.codeTtlMinutes * 60) return;
    if (!(await deps.platform.hasCustomer(shopId, email))) return;
    const shop = await deps.shops.byId(shopId);
    if (!shop) return;
    const { code } = await deps.codes.issue(shopId, email);
    await deps.mail.send(await verificationEmail(deps.emails, shop, email, code, lang, deps.codeTtlMinutes));
  };
}
