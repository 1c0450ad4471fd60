/** API throughput of four calls against a bare Fastify hello-world in the same run (DESIGN §6). */
import { calls } from '@return-center/contract';
import Fastify from 'fastify';
import { aliceRequest, bodies, emailSession, freshDatabase, startApp, UNLIMITED } from './app.js';
import { env } from './env.js';
import { load, log, post, urlOf } from './load.js';
import type { ApiResult, Stamp } from './results.js';

export async function benchApi(): Promise<Omit<ApiResult, keyof Stamp>> {
  const hello = Fastify();
  // A promise-returning handler, like Fastify's own hello-world benchmark and the API's async handlers.
  hello.get('/', () => Promise.resolve({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const database = await freshDatabase('sqlite');
  // Rate limits lifted: the login run signs in thousands of times from one address.
  const server = await startApp(database, {}, { limits: UNLIMITED });
  try {
    const token = await emailSession(server.app, 'alice@example.com');
    const requestId = await aliceRequest(server.app, token);
    const at = (def: { path: string }) => `${server.base}${def.path}`;
    // The load generator runs in a worker thread: on the main thread its own work (a third of the CPU) would be
    // counted against the server's event loop, more so for the slower calls than for the hello-world.
    const inWorker = (options: Parameters<typeof load>[1] = {}) => ({ ...options, workers: 1 });
    log('api: hello-world');
    const helloLoad = await load(`${urlOf(hello.server)}/`, inWorker());
    log('api: getConfig');
    const getConfig = await load(at(calls.getConfig), inWorker(post(bodies.getConfig)));
    log('api: login (order number)');
    const login = await load(at(calls.login), inWorker(post(bodies.login('#1001', 'alice@example.com'))));
    log('api: orders list');
    const orders = await load(at(calls.index), inWorker(post(bodies.orders, token)));
    log('api: returnInfo');
    const returnInfo = await load(at(calls.returnInfo), inWorker(post(bodies.returnInfo(requestId), token)));
    return {
      seconds: env.seconds,
      connections: env.connections,
      hello: helloLoad,
      endpoints: { getConfig, login, orders, returnInfo },
    };
  } finally {
    await server.close();
    await hello.close();
    await database.drop();
  }
}
