/**
 * A round-robin HTTP proxy for the scale-out run: `tsx bench/proxy.ts <client address> <port> [<port>…]`. Every request
 * goes to the next backend on 127.0.0.1 over kept-alive connections, with X-Forwarded-For set to the one client address
 * (the backends trust 127.0.0.1), and its answer says which backend served it (x-bench-backend: 0, 1, …).
 */
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';

const [clientAddress = '', ...ports] = process.argv.slice(2);
if (!clientAddress || ports.length === 0)
  throw new Error('usage: tsx bench/proxy.ts <client address> <port> [<port>…]');

const agent = new Agent({ keepAlive: true, maxSockets: 128 });
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade'];
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

let next = 0;
const server = createServer((incoming, answer) => {
  const backend = next++ % ports.length;
  const upstream = request(
    {
      host: '127.0.0.1',
      port: Number(ports[backend]),
      method: incoming.method,
      path: incoming.url,
      headers: { ...endToEnd(incoming.headers), 'x-forwarded-for': clientAddress },
      agent,
    },
    (response) => {
      answer.writeHead(response.statusCode ?? 502, {
        ...endToEnd(response.headers),
        'x-bench-backend': String(backend),
      });
      response.pipe(answer);
    },
  );
  upstream.on('error', () => {
    if (!answer.headersSent) answer.writeHead(502);
    answer.end();
  });
  incoming.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`proxy listening ${String(typeof address === 'object' && address ? address.port : 0)}`);
});
process.once('SIGTERM', () => {
  server.close();
  agent.destroy();
  process.exit(0);
});
