import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage } from './stripe-checkout-page.js';
import { intentJson, sessionJson, stripeId, StripeRefusal } from './stripe-documents.js';
import { fingerprintOf, listOf, readForm, textOf, type Params } from './stripe-form.js';
import { createStripeLedger } from './stripe-ledger.js';
import { createStripeRefunds } from './stripe-refunds.js';

export { TEST_CARDS } from './stripe-ledger.js';

/** The next `count` API requests whose "METHOD /path" matches `only` (every one without it). */
export interface StripeFault {
  count: number;
  only?: RegExp;
}

export interface StripeFaults {
  /** Held `ms` before Stripe acts on them, their idempotency key taken meanwhile (a retry hears 409 until then). */
  delay: StripeFault & { ms: number };
  /** Answered `status` with Stripe's api_error before anything is done or kept under the idempotency key. */
  fail: StripeFault & { status: number };
  /** Carried out (or replayed) and kept under the idempotency key, then the connection is cut: the answer is lost. */
  dropAnswer: StripeFault;
}

export interface StripeCall {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  /** Answered from the idempotency layer (`Idempotent-Replayed: true`) rather than run again. */
  replayed: boolean;
}

type Answer = [status: number, body: unknown];
interface Outcome {
  reply: Answer;
  headers?: Record<string, string>;
  droppable?: boolean;
}
interface Kept {
  fingerprint: string;
  answer?: Answer;
}

const API_ORIGIN_NOTE = 'the fake answers the Checkout Session and PaymentIntent calls of adapters/payments/stripe.ts';

/**
 * A local Stripe for tests, speaking the API v1 shapes StripePayments uses: Checkout Sessions (create, retrieve with
 * `expand[]=payment_intent` or `payment_intent.latest_charge`, expire), PaymentIntents (retrieve, capture with
 * `amount_to_capture`, cancel), refunds by PaymentIntent (stripe-refunds.ts), form-encoded
 * bodies, Bearer secret keys, Stripe's error JSON and statuses, and its idempotency layer (a kept answer replayed for
 * the same key and parameters, 400 idempotency_error for other parameters, 409 while the first is still running).
 * Its hosted page (`session.url`) takes Stripe's test cards. `log` records every authorisation, decline, capture,
 * release, expiry and refund.
 */
export async function startFakeStripe(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_51ReturnCenter';
  const ledger = createStripeLedger();
  const refunds = createStripeRefunds(ledger);
  const calls: StripeCall[] = [];
  const faults: StripeFaults = {
    delay: { count: 0, ms: 0 },
    fail: { count: 0, status: 500 },
    dropAnswer: { count: 0 },
  };
  const kept = new Map<string, Kept>();
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';

  const take = (fault: StripeFault, call: string) => {
    if (fault.count <= 0 || (fault.only && !fault.only.test(call))) return false;
    fault.count -= 1;
    return true;
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  /** `expand[]=payment_intent`, and `payment_intent.latest_charge` for the charge's refunds too. */
  const expanded = (params: Params, intentId: string | null) => {
    const expand = listOf(params.expand).map(textOf);
    const other = expand.find((field) => field !== 'payment_intent' && field !== 'payment_intent.latest_charge');
    if (other) throw new StripeRefusal(400, 'invalid_request_error', `This property cannot be expanded (${other}).`);
    const intent = expand.length > 0 && intentId ? ledger.intents.get(intentId) : undefined;
    if (!intent) return undefined;
    const json = intentJson(intent);
    return expand.includes('payment_intent.latest_charge')
      ? { ...json, latest_charge: refunds.chargeJson(intent) }
      : json;
  };
  const session = (id: string, params: Params) => {
    const found = ledger.sessionOf(id);
    return sessionJson(found, origin, expanded(params, found.intentId));
  };

  function route(method: string, path: string, params: Params): unknown {
    const [, resource, id, action] =
      /^\/v1\/(checkout\/sessions|payment_intents|refunds)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path) ?? [];
    const call = `${method} ${resource ?? path}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (call) {
      case 'POST checkout/sessions':
        return sessionJson(ledger.createSession(params), origin, undefined);
      case 'GET checkout/sessions/:id':
        return session(id ?? '', params);
      case 'POST checkout/sessions/:id/expire':
        ledger.expire(id ?? '');
        return session(id ?? '', params);
      case 'GET payment_intents/:id':
        return intentJson(ledger.intentOf(id ?? ''));
      case 'POST payment_intents/:id/capture':
        return intentJson(ledger.capture(id ?? '', params));
      case 'POST payment_intents/:id/cancel':
        return intentJson(ledger.cancel(id ?? '', params));
      case 'POST refunds':
        return refunds.refund(params);
      default:
        throw new StripeRefusal(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${path}): ${API_ORIGIN_NOTE}.`,
          {},
          true,
        );
    }
  }

  const authorised = (header: string | undefined) => {
    if (!header) {
      return new StripeRefusal(
        401,
        'invalid_request_error',
        'You did not provide an API key. Provide it in the Authorization header, using Bearer auth.',
      );
    }
    if (header === `Bearer ${secretKey}`) return undefined;
    const shown = header.replace(/^Bearer /, '');
    return new StripeRefusal(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${shown.slice(0, 8)}****${shown.slice(-4)}`,
    );
  };

  /** The answer to one API request, and whether it ran far enough that a cut connection loses a done deed. */
  async function outcomeOf(call: StripeCall, text: string, auth: string | undefined): Promise<Outcome> {
    const { method, path, params, idempotencyKey: key } = call;
    const refusal = authorised(auth);
    if (refusal) return { reply: [refusal.status, refusal.json()] };
    if (take(faults.fail, `${method} ${path}`)) {
      return {
        reply: [faults.fail.status, { error: { type: 'api_error', message: "Something went wrong on Stripe's end." } }],
      };
    }
    const fingerprint = fingerprintOf(method, path, text);
    const before = key ? kept.get(key) : undefined;
    if (key && before) {
      if (!before.answer) {
        const message = `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`;
        const inUse = new StripeRefusal(409, 'invalid_request_error', message, { code: 'idempotency_key_in_use' });
        return { reply: [409, inUse.json()], droppable: true };
      }
      if (before.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return { reply: [400, new StripeRefusal(400, 'idempotency_error', message).json()], droppable: true };
      }
      call.replayed = true;
      return {
        reply: before.answer,
        headers: { 'idempotent-replayed': 'true', 'idempotency-key': key },
        droppable: true,
      };
    }
    const entry: Kept = { fingerprint };
    if (key) kept.set(key, entry);
    if (take(faults.delay, `${method} ${path}`)) await wait(faults.delay.ms);
    let reply: Answer;
    try {
      reply = [200, route(method, path, params)];
      entry.answer = reply;
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      reply = [error.status, error.json()];
      if (error.beforeRunning) kept.delete(key ?? '');
      else entry.answer = reply;
    }
    return { reply, headers: key ? { 'idempotency-key': key } : {}, droppable: true };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, text: string) {
    const method = req.method ?? 'GET';
    const params = readForm(method === 'GET' ? url.search.slice(1) : text);
    const key = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const call: StripeCall = { method, path: url.pathname, params, idempotencyKey: key, replayed: false };
    calls.push(call);
    const { reply, headers = {}, droppable = false } = await outcomeOf(call, text, req.headers.authorization);
    // Whatever the answer (run, replayed or refused by the idempotency layer), the connection may be cut before it.
    if (droppable && take(faults.dropAnswer, `${method} ${url.pathname}`)) {
      req.socket.destroy();
      return;
    }
    if (res.destroyed) return;
    const [status, body] = reply;
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req_', 14), ...headers });
    res.end(JSON.stringify(body));
  }

  function hostedPage(req: IncomingMessage, res: ServerResponse, id: string, text: string) {
    const found = ledger.sessions.get(id);
    const page = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (!found) {
      page(404, '<!doctype html><title>Not found</title><p>Something went wrong.</p>');
    } else if (req.method !== 'POST') {
      page(200, checkoutPage(found));
    } else {
      const { error } = ledger.pay(id, textOf(readForm(text).card) ?? '');
      if (error) page(402, checkoutPage(found, error));
      else {
        res.writeHead(303, { location: found.successUrl.replace('{CHECKOUT_SESSION_ID}', found.id) });
        res.end();
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const url = new URL(req.url ?? '/', origin);
    const pay = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay?.[1]) hostedPage(req, res, pay[1], text);
    else await api(req, res, url, text);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** For StripePayments' `baseUrl` (STRIPE_BASE_URL). */
    baseUrl: origin,
    secretKey,
    calls,
    faults,
    /** Authorisations, declines, captures, releases and expiries, in order. */
    log: ledger.log,
    intents: () => [...ledger.intents.values()].map((intent) => ({ ...intent })),
    sessions: () => [...ledger.sessions.values()].map((session) => ({ ...session })),
    /** What a browser does on the hosted page: submits the card number; the redirect it is answered, if any. */
    async submitCard(payUrl: string, card: string): Promise<{ status: number; location: string | null }> {
      const response = await fetch(payUrl, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
      await response.text();
      return { status: response.status, location: response.headers.get('location') };
    },
    /** The card authorisation of a held payment runs out (7 days for online card payments): Stripe cancels it. */
    lapse(sessionId: string) {
      const intentId = ledger.sessionOf(sessionId).intentId;
      if (!intentId) throw new Error(`fake Stripe: session ${sessionId} has no PaymentIntent`);
      ledger.cancel(intentId, {}, 'lapsed');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
