import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIban } from '@return-center/domain';
import { createQuote, invalid, type Answer, type Quote } from './wise-quotes.js';

export interface WiseCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeWiseTransfer {
  id: number;
  targetAccount: number;
  quoteUuid: string;
  customerTransactionId: string;
  status: string;
  reference: string;
  sourceCurrency: string;
  sourceValue: number;
  targetCurrency: string;
  targetValue: number;
  /** Times money left the balance for it: Wise funds a transfer once and refuses the next try. */
  funded: number;
}

/** The next `count` requests whose path matches `path` (every path without it). */
export interface Fault {
  count: number;
  path?: RegExp;
}

export interface WiseFaults {
  /** Every request waits this long (ms) before it is looked at. */
  latencyMs: number;
  /** The connection is cut before the request is read. */
  drop: Fault;
  /** Answered with `status` instead (429 and 503 carry `Retry-After: retryAfter`, 0 seconds unless set). */
  fail: Fault & { status: number; retryAfter?: string };
  /** Carried out, then the connection is cut before the answer: the money moved but the client never heard. */
  dropAnswer: Fault;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * A local Wise for tests: the recipient, quote, transfer, funding and transfer-status calls with Wise's JSON shapes,
 * a Bearer token check, IBAN recipients, transfers deduplicated by customerTransactionId, funding once, and faults.
 * Quotes are at rate 1; transfers stay `processing` once funded until `setTransferStatus` moves them.
 */
export async function startFakeWise(options: { apiToken?: string; profileId?: number } = {}) {
  const apiToken = options.apiToken ?? 'fake-wise-token';
  const profileId = options.profileId ?? 4242;
  const calls: WiseCall[] = [];
  const faults: WiseFaults = {
    latencyMs: 0,
    drop: { count: 0 },
    fail: { count: 0, status: 503 },
    dropAnswer: { count: 0 },
  };
  const accounts = new Map<number, { currency: string }>();
  const quotes = new Map<string, Quote>();
  const transfers = new Map<number, FakeWiseTransfer>();
  const timers = new Set<NodeJS.Timeout>();
  let nextId = 70_000_000;

  const take = (fault: Fault, path: string) => {
    if (fault.count <= 0 || (fault.path && !fault.path.test(path))) return false;
    fault.count -= 1;
    return true;
  };
  const transferJson = ({ funded: _funded, ...transfer }: FakeWiseTransfer) => ({
    ...transfer,
    user: 1001,
    sourceAccount: null,
    quote: null,
    rate: 1,
    created: '2026-11-20 15:00:00',
    business: null,
    transferRequest: null,
    details: { reference: transfer.reference },
    hasActiveIssues: false,
  });

  function createAccount(body: Record<string, unknown>): Answer {
    const details = (body.details ?? {}) as Record<string, unknown>;
    if (body.profile !== profileId) return invalid(403, 'FORBIDDEN', 'Profile not accessible', 'profile');
    if (body.type !== 'iban') return invalid(422, 'NOT_VALID', 'Please specify a valid account type.', 'type');
    if (typeof body.currency !== 'string' || !/^[A-Z]{3}$/.test(body.currency)) {
      return invalid(422, 'NOT_VALID', 'Please specify a valid currency.', 'currency');
    }
    if (typeof body.accountHolderName !== 'string' || !body.accountHolderName.trim()) {
      return invalid(422, 'NotNull', 'must not be null', 'accountHolderName');
    }
    if (details.legalType !== 'PRIVATE' && details.legalType !== 'BUSINESS') {
      return invalid(422, 'NOT_VALID', 'Please specify a valid legal type.', 'legalType');
    }
    if (typeof details.iban !== 'string' || !isIban(details.iban)) {
      return invalid(422, 'NOT_VALID', 'Please specify a valid IBAN.', 'IBAN');
    }
    const id = (nextId += 1);
    accounts.set(id, { currency: body.currency });
    const country = details.iban.slice(0, 2).toUpperCase();
    return [
      200,
      {
        id,
        business: null,
        profile: profileId,
        accountHolderName: body.accountHolderName,
        currency: body.currency,
        country,
        type: 'iban',
        details,
      },
    ];
  }

  function createTransfer(body: Record<string, unknown>): Answer {
    const { targetAccount, quoteUuid, customerTransactionId } = body;
    if (typeof customerTransactionId !== 'string' || !UUID.test(customerTransactionId)) {
      return invalid(422, 'NOT_VALID', 'customerTransactionId must be a UUID.', 'customerTransactionId');
    }
    const existing = [...transfers.values()].find(
      (transfer) => transfer.customerTransactionId === customerTransactionId,
    );
    if (existing) return [200, transferJson(existing)];
    const quote = typeof quoteUuid === 'string' ? quotes.get(quoteUuid) : undefined;
    if (!quote || quote.used) return invalid(422, 'NOT_VALID', 'Quote is not valid or already used.', 'quoteUuid');
    const account = typeof targetAccount === 'number' ? accounts.get(targetAccount) : undefined;
    if (!account || account.currency !== quote.targetCurrency) {
      return invalid(422, 'NOT_VALID', 'Recipient account is not valid for this quote.', 'targetAccount');
    }
    quote.used = true;
    const details = (body.details ?? {}) as { reference?: unknown };
    const transfer: FakeWiseTransfer = {
      id: (nextId += 1),
      targetAccount: targetAccount as number,
      quoteUuid: quote.id,
      customerTransactionId,
      status: 'incoming_payment_waiting',
      reference: typeof details.reference === 'string' ? details.reference : '',
      sourceCurrency: quote.sourceCurrency,
      sourceValue: quote.sourceAmount,
      targetCurrency: quote.targetCurrency,
      targetValue: quote.targetAmount,
      funded: 0,
    };
    transfers.set(transfer.id, transfer);
    return [200, transferJson(transfer)];
  }

  function fund(transferId: number, body: Record<string, unknown>): Answer {
    const transfer = transfers.get(transferId);
    if (!transfer) return invalid(404, 'transfer.not-found', 'Transfer not found');
    if (body.type !== 'BALANCE') return invalid(422, 'NOT_VALID', 'Unsupported funding type.', 'type');
    if (transfer.status !== 'incoming_payment_waiting') {
      return invalid(422, 'transfer.invalid-state', 'Transfer is already funded, cancelled or being processed.');
    }
    transfer.funded += 1;
    transfer.status = 'processing';
    return [201, { type: 'BALANCE', status: 'COMPLETED', errorCode: null }];
  }

  function route(method: string, path: string, body: Record<string, unknown>): Answer {
    const inProfile = /^\/v3\/profiles\/(\d+)\/(.+)$/.exec(path);
    if (inProfile && Number(inProfile[1]) !== profileId) return invalid(403, 'FORBIDDEN', 'Profile not accessible');
    const rest = inProfile?.[2] ?? '';
    const funding = /^transfers\/(\d+)\/payments$/.exec(rest);
    const reading = /^\/v1\/transfers\/(\d+)$/.exec(path);
    if (method === 'POST' && path === '/v1/accounts') return createAccount(body);
    if (method === 'POST' && rest === 'quotes') return createQuote(body, profileId, quotes);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(body);
    if (method === 'POST' && funding) return fund(Number(funding[1]), body);
    if (method === 'GET' && reading) {
      const transfer = transfers.get(Number(reading[1]));
      return transfer ? [200, transferJson(transfer)] : invalid(404, 'transfer.not-found', 'Transfer not found');
    }
    return invalid(404, 'NOT_FOUND', `No ${method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://wise.local').pathname;
    const text = Buffer.concat(chunks).toString();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ method, path, body });
    if (faults.latencyMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, faults.latencyMs);
        timers.add(timer);
      });
    }
    if (take(faults.drop, path)) {
      req.socket.destroy();
      return;
    }
    let answer: Answer;
    let headers: Record<string, string> = {};
    if (take(faults.fail, path)) {
      answer = invalid(faults.fail.status, 'FAULT', `Injected ${faults.fail.status}`);
      if (faults.fail.status === 429 || faults.fail.status === 503) {
        headers = { 'retry-after': faults.fail.retryAfter ?? '0' };
      }
    } else if (req.headers.authorization !== `Bearer ${apiToken}`) {
      answer = [401, { error: 'invalid_token', error_description: 'Invalid token' }];
    } else if (method === 'POST' && (typeof body !== 'object' || body === null)) {
      answer = invalid(400, 'NOT_VALID', 'Malformed JSON request body');
    } else {
      answer = route(method, path, (body ?? {}) as Record<string, unknown>);
      if (take(faults.dropAnswer, path)) {
        req.socket.destroy();
        return;
      }
    }
    res.writeHead(answer[0], { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(answer[1]));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'server_error', error_description: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiToken,
    profileId,
    calls,
    faults,
    transfers: () => [...transfers.values()].map((transfer) => ({ ...transfer })),
    setTransferStatus(id: number | string, status: string) {
      const transfer = transfers.get(Number(id));
      if (!transfer) throw new Error(`fake Wise: no transfer ${String(id)}`);
      transfer.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWise = Awaited<ReturnType<typeof startFakeWise>>;
