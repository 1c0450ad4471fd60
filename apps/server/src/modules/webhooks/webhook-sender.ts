import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_KEPT_BYTES, WEBHOOK_TIMEOUT_MS } from '@return-center/contract';
import { isPrivateAddress } from './safe-target.js';

export interface SentWebhook {
  /** The receiver's HTTP status; 0 when it gave none (refused, timed out, not allowed). */
  status: number;
  latencyMs: number;
  /** The start of its answer, or why there was none. */
  body: string;
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one webhook: a POST that must answer within the timeout; only the start of the answer is read. */
export type WebhookSender = (post: WebhookPost) => Promise<SentWebhook>;

/**
 * Connects only where a webhook may go: the name is resolved here and a private address refused before connecting, so
 * a name that changed its address since the endpoint was saved (DNS rebinding) reaches nothing inside.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    const addresses = error ? [] : found;
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    const [first] = addresses;
    if (error) callback(error, '', 4);
    else if (refused) callback(new Error(`${hostname} leads to a private address`), '', 4);
    else if (options.all) callback(null, addresses, 4);
    else if (!first) callback(new Error(`${hostname} has no address`), '', 4);
    else callback(null, first.address, first.family);
  });
};

export function webhookSender(options: { allowPrivate: boolean; timeoutMs?: number }): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return (post) =>
    new Promise((resolve) => {
      const started = performance.now();
      const done = (status: number, body: string) =>
        resolve({ status, latencyMs: Math.round(performance.now() - started), body });
      const url = new URL(post.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        done(0, 'not sent: a private, loopback or link-local address');
        return;
      }
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          headers: { ...post.headers, 'content-length': Buffer.byteLength(post.body) },
          timeout: timeoutMs,
          ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        },
        (response: IncomingMessage) => {
          const kept: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < WEBHOOK_RESPONSE_KEPT_BYTES) kept.push(chunk);
            size += chunk.length;
            // An answer is read only so far: the rest is not waited for.
            if (size >= WEBHOOK_RESPONSE_KEPT_BYTES) response.destroy();
          });
          const finish = () =>
            done(
              response.statusCode ?? 0,
              Buffer.concat(kept).subarray(0, WEBHOOK_RESPONSE_KEPT_BYTES).toString('utf8'),
            );
          response.on('end', finish);
          response.on('close', finish);
        },
      );
      // The whole exchange, not only the wait between packets, must fit in the timeout.
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${String(timeoutMs)} ms`)),
        timeoutMs,
      );
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`no answer within ${String(timeoutMs)} ms`)));
      request.on('error', (error) => done(0, `not delivered: ${error.message}`));
      request.end(post.body);
    });
}
