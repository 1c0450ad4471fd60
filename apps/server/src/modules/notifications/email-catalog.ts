import type { EmailVariable } from '@return-center/contract';
import { rawMailText, type MailTextKey } from './mail-locales.js';

/** What the system adds below a template's text, so that no template can break it: links and the drop-off QR image. */
export interface FixedBlocks {
  links: [label: string, href: string][];
  image?: { src: string; alt: string };
  /** A paragraph shown large when the text has it alone (the sign-in code). */
  highlight?: string;
}

/** What a sent email knows beyond its variables: where the drop-off QR image is. */
export interface SendExtras {
  qrUrl?: string;
}

/**
 * One notification the shop sends (issue 34 point 3, ADR 042): its variables (each with a sample for the preview and
 * test emails), its default subject and body in a language (Liquid, from the locale files), and the fixed blocks the
 * system adds. Adding a notification is one entry here (and its texts in the locale files).
 */
export interface Notification {
  key: string;
  title: string;
  description: string;
  variables: readonly EmailVariable[];
  defaults: (lang: string) => { subject: string; body: string };
  blocks: (vars: Record<string, string>, lang: string, extras: SendExtras) => FixedBlocks;
}

const v = (name: string, description: string, sample: string): EmailVariable => ({ name, description, sample });

const STORE = v('store_name', "The shop's name", 'Fernhill Supply Co.');
const RMA = v('rma', 'The return number', 'RMA-000042');
const ORDER = v('order_number', 'The order the items came from', '#1001');
const STATUS_URL = v(
  'status_url',
  "The return's status page (the email links it below the text too)",
  'https://returns.example/status-manage/return-details/42',
);
const REQUEST = [STORE, RMA, ORDER, STATUS_URL];
const FEES = v('fees', 'Fees taken from the refund (empty when none)', '$5.00');
const REFUNDED_ITEMS = v('refunded_items', 'After inspection: the items refunded (empty before)', 'Linen Shirt ×1');
const OTHER_ITEMS = v(
  'other_items',
  'After inspection: the items not refunded, with why (empty when none)',
  'Canvas Sneakers ×1 (worn)',
);

/** The locale files' `{name}` placeholders as Liquid variables. */
const NAMES: Record<string, string> = {
  store: 'store_name',
  order: 'order_number',
  dropOff: 'drop_off_code',
  exchangeOrder: 'exchange_order',
};
const liquid = (lang: string, key: MailTextKey, rename: Record<string, string> = {}) =>
  rawMailText(lang, key).replace(/\{(\w+)\}/g, (_, name: string) => `{{ ${rename[name] ?? NAMES[name] ?? name} }}`);
/** A paragraph that shows only when its variable has a value. */
const when = (variable: string, text: string) => `{% if ${variable} != "" %}\n\n${text}{% endif %}`;
const inspected = (lang: string) =>
  when('refunded_items', liquid(lang, 'itemsRefunded', { items: 'refunded_items' })) +
  when('other_items', liquid(lang, 'itemsNotRefunded', { items: 'other_items' }));

/** The status page's link, below every email about a request. */
const statusLink = (vars: Record<string, string>, lang: string): FixedBlocks => ({
  links: [[rawMailText(lang, 'viewStatus'), vars.status_url ?? '']],
});

const request = (
  key: string,
  title: string,
  description: string,
  texts: [MailTextKey, MailTextKey],
  more: { variables?: EmailVariable[]; extra?: (lang: string) => string } = {},
): Notification => ({
  key,
  title,
  description,
  variables: [...REQUEST, ...(more.variables ?? [])],
  defaults: (lang) => ({ subject: liquid(lang, texts[0]), body: liquid(lang, texts[1]) + (more.extra?.(lang) ?? '') }),
  blocks: statusLink,
});

export const NOTIFICATIONS: readonly Notification[] = [
  {
    key: 'sign_in_code',
    title: 'Sign-in code',
    description: 'The code a shopper signs in to the portal with',
    variables: [STORE, v('code', 'The sign-in code', '493817'), v('minutes', 'How long the code works', '10')],
    defaults: (lang) => ({
      subject: liquid(lang, 'codeSubject'),
      body: `${liquid(lang, 'codeIntro')}\n\n{{ code }}\n\n${liquid(lang, 'codeExpiry')}\n${liquid(lang, 'codeIgnore')}`,
    }),
    blocks: (vars) => ({ links: [], highlight: vars.code ?? '' }),
  },
  request('submitted', 'Request received', 'A shopper submitted a return', ['submittedSubject', 'submittedBody'], {
    variables: [FEES],
    extra: (lang) => when('fees', liquid(lang, 'feesTaken')),
  }),
  {
    ...request('approved', 'Approved', 'The return is approved', ['approvedSubject', 'approvedBody'], {
      variables: [
        v('drop_off_code', "The carrier's box-free drop-off code (empty without one)", 'DROP-7Q4K'),
        v(
          'label_url',
          'The return label (PDF; linked below the text too; empty without one)',
          'https://returns.example/label.pdf',
        ),
        v(
          'packing_slip_url',
          'The packing slip (PDF; linked below the text too; empty without one)',
          'https://returns.example/slip.pdf',
        ),
      ],
      extra: (lang) => when('drop_off_code', liquid(lang, 'approvedDropOff')),
    }),
    blocks: (vars, lang, extras) => ({
      image: extras.qrUrl && vars.drop_off_code ? { src: extras.qrUrl, alt: vars.drop_off_code } : undefined,
      links: [
        ...(vars.label_url ? [[rawMailText(lang, 'approvedLabel'), vars.label_url] as [string, string]] : []),
        ...(vars.packing_slip_url
          ? [[rawMailText(lang, 'approvedSlip'), vars.packing_slip_url] as [string, string]]
          : []),
        ...statusLink(vars, lang).links,
      ],
    }),
  },
  request('rejected', 'Rejected', 'The return is not approved', ['rejectedSubject', 'rejectedBody'], {
    variables: [v('reason', 'Why, as the merchant wrote it', 'The item was bought more than 30 days ago')],
  }),
  request('received', 'Received', 'The returned items arrived', ['receivedSubject', 'receivedBody'], {
    variables: [REFUNDED_ITEMS, OTHER_ITEMS],
    extra: inspected,
  }),
  request('refunded', 'Refunded', 'The refund is paid', ['refundedSubject', 'refundedBody'], {
    variables: [
      v('amount', 'The amount refunded', '$44.10'),
      v('code', 'The store credit or discount code (empty for money back)', 'RC-8F2K-91QX'),
      FEES,
      REFUNDED_ITEMS,
      OTHER_ITEMS,
    ],
    extra: (lang) =>
      when('code', liquid(lang, 'refundedCode')) + when('fees', liquid(lang, 'feesTaken')) + inspected(lang),
  }),
  request('resolved', 'Resolved', 'The return is closed', ['resolvedSubject', 'resolvedBody']),
  request(
    'exchange_order',
    'Exchange order',
    "The exchange's new order is placed at the store",
    ['exchangeSubject', 'exchangeBody'],
    { variables: [v('exchange_order', 'The new order', '#1001-E7')] },
  ),
  {
    key: 'gift_notice',
    title: 'Gift return (to the buyer)',
    description: "A gift from the buyer's order is being returned (sent only when the shop tells buyers)",
    variables: [
      STORE,
      ORDER,
      v('items', 'The items returned, one per line', 'Linen Shirt / M × 1\nCanvas Sneakers / 43 × 1'),
    ],
    defaults: (lang) => ({ subject: liquid(lang, 'giftNoticeSubject'), body: liquid(lang, 'giftNoticeBody') }),
    // The buyer has no page for the recipient's return: nothing is added below the text.
    blocks: () => ({ links: [] }),
  },
  request(
    'payout_failed',
    'Payout failed',
    "The bank transfer of the shopper's refund failed",
    ['payoutFailedSubject', 'payoutFailedBody'],
    { variables: [v('amount', 'The amount that could not be paid', '$44.10')] },
  ),
  request(
    'hold_placed',
    'Card hold placed',
    'An instant exchange: the hold on the shopper’s card is placed and the new order made (ADR 047)',
    ['holdPlacedSubject', 'holdPlacedBody'],
    { variables: [v('amount', 'The amount held', '$89.00')] },
  ),
  request(
    'hold_released',
    'Card hold released',
    'The return arrived (or was scanned): the hold on the shopper’s card is let go',
    ['holdReleasedSubject', 'holdReleasedBody'],
    { variables: [v('amount', 'The amount that was held', '$89.00')] },
  ),
  request(
    'hold_captured',
    'Card hold captured',
    'The return did not arrive in time or items were refused: part or all of the hold is charged',
    ['holdCapturedSubject', 'holdCapturedBody'],
    { variables: [v('amount', 'The amount charged', '$44.50')] },
  ),
  {
    key: 'withdrawal_acknowledged',
    title: 'Withdrawal acknowledged',
    description:
      "The acknowledgement of receipt of a consumer's withdrawal (EU, ADR 046), with the declaration as a PDF attached",
    variables: [
      STORE,
      v('name', 'The name the consumer gave', 'Dana Weber'),
      v('order_number', 'The order number the consumer gave', '#1001'),
      v('declared_at', 'When the declaration was received (date and time)', '27.11.2026, 10:42 UTC'),
      v('items', 'What was withdrawn: the whole order, or the items', 'Linen Shirt ×1'),
      v('reference', "The declaration's reference", 'W-000042'),
    ],
    defaults: (lang) => ({
      subject: liquid(lang, 'withdrawalSubject'),
      body: liquid(lang, 'withdrawalBody'),
    }),
    blocks: () => ({ links: [] }),
  },
];

export const notificationOf = (key: string): Notification | undefined => NOTIFICATIONS.find((n) => n.key === key);

/** The sample value of each variable, for the preview and test emails. */
export const samplesOf = (notification: Notification): Record<string, string> =>
  Object.fromEntries(notification.variables.map((variable) => [variable.name, variable.sample]));
