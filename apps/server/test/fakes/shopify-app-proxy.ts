/**
 * The shop's storefront with an app proxy, as Shopify runs it: a request to https://{shop}/apps/returns/… is forwarded
 * to the proxy URL with `shop`, `logged_in_customer_id`, `path_prefix` and `timestamp` added and the whole query signed
 * (`signature`: every parameter sorted as `k=v`, repeated values joined by commas, no separator, hex HMAC-SHA256 with
 * the app's secret). The shopper's address goes in X-Forwarded-For, and cookies are dropped both ways.
 * It signs on its own rather than with the server's code, which is what it tests.
 */
import { createHmac } from 'node:crypto';
import { createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedCall {
  method: string;
  path: string;
  status: number;
}

export interface FakeAppProxy {
  /** The shop's domain as the shopper's browser reaches it. */
  origin: string;
  /** Every request forwarded, in order. */
  calls: ProxiedCall[];
  close(): Promise<void>;
}

function signature(params: URLSearchParams, secret: string): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const message = [...grouped.keys()]
    .sort()
    .map((key) => `${key}=${(grouped.get(key) ?? []).join(',')}`)
    .join('');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const withoutCookies = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['cookie', 'set-cookie', 'host'].includes(name)));

export async function startFakeAppProxy(options: {
  shop: string;
  secret: string;
  /** The app's proxy URL, e.g. https://returns.example.com/apps/returns. */
  proxyUrl: string;
  pathPrefix?: string;
}): Promise<FakeAppProxy> {
  const prefix = options.pathPrefix ?? '/apps/returns';
  const target = new URL(options.proxyUrl);
  const calls: ProxiedCall[] = [];
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://storefront');
    if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      outgoing.writeHead(404, { 'content-type': 'text/html' }).end('<h1>The storefront has no such page</h1>');
      return;
    }
    const params = new URLSearchParams(url.search);
    params.set('shop', options.shop);
    params.set('logged_in_customer_id', '');
    params.set('path_prefix', prefix);
    params.set('timestamp', String(Math.floor(Date.now() / 1000)));
    params.set('signature', signature(params, options.secret));
    const path = `${target.pathname.replace(/\/$/, '')}${url.pathname.slice(prefix.length)}?${params.toString()}`;
    const call: ProxiedCall = { method: incoming.method ?? 'GET', path: url.pathname, status: 0 };
    calls.push(call);
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path,
        headers: {
          ...withoutCookies(incoming.headers),
          host: target.host,
          'x-forwarded-for': incoming.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        call.status = answer.statusCode ?? 0;
        outgoing.writeHead(answer.statusCode ?? 502, withoutCookies(answer.headers));
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      call.status = 502;
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
