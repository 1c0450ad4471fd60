import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Metrics } from '../../metrics.js';

type Config = AppContext['config'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time); true when no token is set. */
function authorized(config: Config, header: string | undefined): boolean {
  if (config.METRICS_TOKEN === undefined) return true;
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(config.METRICS_TOKEN));
}

/**
 * /metrics with METRICS_TOKEN and no METRICS_PORT: on the public port, to the token's bearer only. With METRICS_PORT it
 * is served there instead (see metricsServer), and the public port has none.
 */
export function metricsRoutes({ app, config, metrics }: AppContext): void {
  if (!metrics || config.METRICS_PORT !== undefined) return;
  app.get('/metrics', async (request, reply) => {
    if (!authorized(config, request.headers.authorization))
      return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * METRICS_PORT: /metrics on its own port of METRICS_HOST (127.0.0.1 by default), opened when the server listens and
 * closed with it; METRICS_TOKEN is asked there too when set. What measures between scrapes stops when the app closes.
 */
export function metricsServer(app: FastifyInstance, config: Config, metrics: Metrics): void {
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });
  const port = config.METRICS_PORT;
  if (port === undefined) return;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
    } else if (!authorized(config, request.headers.authorization)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    } else {
      const text = await metrics.registry.metrics();
      response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
    }
  };
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      app.log.error({ err: error }, 'metrics could not be read');
      response.writeHead(500).end();
    });
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.METRICS_HOST, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  });
}
