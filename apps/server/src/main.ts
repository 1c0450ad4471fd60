import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { demoLogins } from './db/seed/demo-shop.js';

/** The only file with start-up side effects. */
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildApp(config);
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${config.PORT} is already in use. Stop the other server or start with another port, e.g. PORT=3001 npm start`
      : `Could not listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}`,
  );
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const url = config.PUBLIC_URL ?? `http://localhost:${port}`;

const lines = [
  '',
  `  Return Center is running at ${url}`,
  `  Shop: ${config.DEFAULT_SHOP}`,
  ...(config.SEED_DEMO
    ? [
        '  Demo logins (order number + email or phone, or email + emailed code):',
        ...demoLogins.map((l) => `    ${l.order.padEnd(6)} ${l.email.padEnd(20)} ${l.phone}`),
      ]
    : []),
  config.MAIL_TRANSPORT === 'dev'
    ? `  Mail is not sent: read it at ${url}/dev/mailbox`
    : '  Mail goes out through SMTP',
  '',
];
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
