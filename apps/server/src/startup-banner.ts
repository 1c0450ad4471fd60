import type { Config } from './config.js';
import { DEMO_MERCHANT_KEY, DEMO_OWNER, demoLogins } from './demo/demo-shop.js';
import { isLoopbackAddress } from './http/local-client.js';

const listensBeyondThisMachine = (host: string) => !(host === 'localhost' || isLoopbackAddress(host));

/** What `npm start` prints: where the portal is, the demo's logins and key (in the demo only), and what is unsafe. */
export function startupBanner(config: Config, url: string): { info: string[]; warnings: string[] } {
  const demo = config.SEED_DEMO && !config.MERCHANT_API_KEY;
  const info = [
    '',
    `  Return Center is running at ${url}`,
    `  Shop: ${config.DEFAULT_SHOP}`,
    ...(config.SEED_DEMO
      ? [
          '  Demo logins (order number + email or phone, or email + emailed code):',
          ...demoLogins.map((l) => `    ${l.order.padEnd(6)} ${l.email.padEnd(20)} ${l.phone}`),
        ]
      : []),
    ...(demo
      ? [
          `  Demo merchant API key: ${DEMO_MERCHANT_KEY}`,
          `  Merchant console: ${url}/admin  (demo owner ${DEMO_OWNER.email} / ${DEMO_OWNER.password})`,
        ]
      : [`  Merchant console: ${url}/admin  (first owner: npm run merchant -- shops add-owner <domain> --email …)`]),
    config.MAIL_TRANSPORT === 'dev'
      ? `  Mail is not sent: read it at ${url}/dev/mailbox (from this machine only)`
      : '  Mail goes out through SMTP',
    '',
  ];
  const warnings =
    config.MAIL_TRANSPORT === 'dev' && listensBeyondThisMachine(config.HOST)
      ? [
          `  Warning: listening on ${config.HOST}, but mail is not sent (MAIL_TRANSPORT=dev). Shoppers on other ` +
            'machines get no sign-in codes. Set MAIL_TRANSPORT=smtp and SMTP_URL before anyone else uses this server.',
        ]
      : [];
  return { info, warnings };
}
