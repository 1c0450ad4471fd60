import { randomBytes } from 'node:crypto';
import type { MailTransport } from '../../adapters/mail/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { JobPayload } from '../jobs/job-kinds.js';
import type { JobHandler } from '../jobs/worker.js';
import { brandedHtml, brandOf, escapeHtml } from '../notifications/branded-layout.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { hashToken } from '../auth/sessions.js';
import type { StaffRepository } from './staff.repository.js';
import { StaffInvites } from './staff-invites.repository.js';
import type { Db } from '../../db/database.js';

export type StaffLinkPayload = JobPayload<'staff.link'>;

/** How long a link works: an hour to reset a password, a week to accept an invite. */
export const LINK_TTL_SECONDS = { reset: 3600, invite: 7 * 86_400 } as const;

/**
 * Makes a one-time link and mails it, outside the request: whether a reset's email has an account is decided here, so
 * the answer to "forgot password" tells nothing. The token exists in plain text only in the mail (the job and the
 * table hold its hash), and travels in the URL's fragment, so it reaches no server log and no Referer header.
 */
export function staffLinkJob(deps: {
  db: Db;
  accounts: StaffRepository;
  shops: ShopLookup;
  mail: MailTransport;
  clock: Clock;
  publicUrl: string;
}): JobHandler<'staff.link'> {
  return async (payload, job) => {
    const now = nowSeconds(deps.clock);
    if (now - job.created_at > LINK_TTL_SECONDS[payload.purpose]) return;
    const account = await deps.accounts.byEmail(payload.email);
    if (payload.purpose === 'reset' ? !account : account) return;
    // An invitation revoked or accepted meanwhile gets no link; a link claims the invitation, so it lasts as long.
    const invite =
      payload.purpose === 'invite'
        ? await new StaffInvites(deps.db).open(payload.shopId, payload.email, now)
        : undefined;
    if (payload.purpose === 'invite' && !invite) return;
    const shopId = invite?.shop_id ?? account?.shop_id ?? 0;
    const shop = await deps.shops.byId(shopId);
    if (!shop) return;
    const token = randomBytes(32).toString('base64url');
    await deps.accounts.addLink({
      tokenHash: hashToken(token),
      purpose: payload.purpose,
      shopId,
      email: payload.email,
      role: invite?.role ?? account?.role ?? 'staff',
      now,
      expiresAt: invite?.expires_at ?? now + LINK_TTL_SECONDS.reset,
    });
    const link = `${deps.publicUrl}/admin/${payload.purpose === 'invite' ? 'invite' : 'reset'}#token=${token}`;
    const [subject, intro, action] =
      payload.purpose === 'invite'
        ? [
            `You are invited to the returns desk of ${shop.name}`,
            `You are invited to review returns for ${shop.name}. The link works for 7 days.`,
            'Accept the invitation',
          ]
        : [
            `Reset your password for ${shop.name}'s returns desk`,
            'Someone asked to reset the password of this account. The link works for one hour; if it was not you, ignore this email.',
            'Choose a new password',
          ];
    await deps.mail.send({
      shopId,
      to: payload.email,
      subject,
      text: `${intro}\n\n${action}: ${link}\n`,
      html: brandedHtml(
        brandOf(shop, 'en'),
        `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      ),
    });
  };
}
