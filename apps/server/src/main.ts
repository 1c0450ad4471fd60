import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startupBanner } from './startup-banner.js';

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

const banner = startupBanner(config, url);
console.log(banner.info.join('\n'));
for (const warning of banner.warnings) console.warn(warning);

// Graceful shutdown (ADR 045): stop accepting, finish the requests in flight, give back the running job's lease after
// SHUTDOWN_GRACE_MS, close the pools, exit 0. A second signal exits at once.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  });
}
