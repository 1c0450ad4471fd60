import { createHash } from 'node:crypto';
import { minorToDecimal } from '@return-center/domain';
import { withRetries } from '../../retry.js';
import type { BankPayouts, Payout, PayoutInput, PayoutState, RecipientInput } from './port.js';

export interface WiseOptions {
  /** A Wise API token (Bearer) with access to `profileId`. */
  apiToken: string;
  /** The Wise profile that owns the recipients, quotes and transfers and whose balance pays them. */
  profileId: number;
  /** https://api.wise.com unless set: https://api.sandbox.transferwise.tech for Wise's sandbox, or a local fake. */
  baseUrl?: string;
  /** Per request, its answer's body included. */
  timeoutMs?: number;
}

interface WiseTransfer {
  id: number;
  status: string;
  targetAccount: number;
  targetCurrency: string;
}

interface ErrorDetails {
  status?: number;
  /** Wise's error code (`transfer.invalid-state`…), or `timeout` / `network` when no answer came. */
  code?: string;
  transient?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

/** Anything that went wrong talking to Wise; the message names Wise, the call and the HTTP status. */
export class WiseError extends Error {
  override readonly name = 'WiseError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly transient: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.code = details.code;
    this.transient = details.transient ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }
}

const ATTEMPTS = 4;
const BACKOFF_MS = 100;
/** A longer Retry-After is cut to this: the refund job tries again later anyway. */
const MAX_WAIT_MS = 5000;
const PAID = 'outgoing_payment_sent';
const FAILED = new Set(['cancelled', 'funds_refunded', 'bounced_back', 'charged_back']);
const UNFUNDED = 'incoming_payment_waiting';
/** Wise's answer to funding a transfer that is already funded (or cancelled, or on its way). */
const INVALID_STATE = 'transfer.invalid-state';
/** Ours, fixed forever: changing it would give every idempotency key a new customerTransactionId. */
const NAMESPACE = Buffer.from('5b7f3c2e9a0d4e6f8c1b2a3d4e5f6a7b', 'hex');

export function payoutStateOf(wiseStatus: string): PayoutState {
  if (wiseStatus === PAID) return 'paid';
  return FAILED.has(wiseStatus) ? 'failed' : 'processing';
}

/**
 * Wise's customerTransactionId for our idempotency key: a name-based UUID (RFC 9562 version 5, the hashed kind every
 * UUID parser takes), so every retry of one refund sends the same one and Wise answers it with the same transfer.
 */
export function customerTransactionId(idempotencyKey: string): string {
  const bytes = Buffer.from(
    createHash('sha1').update(NAMESPACE).update(idempotencyKey, 'utf8').digest().subarray(0, 16),
  );
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x50, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Integer minor units as the decimal Wise reads, by digits rather than division: 12345 GBP → 123.45, 1000 JPY → 1000. */
export function decimalAmount(amount: number, currency: string): number {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount >= 1e15) {
    throw new RangeError(`Wise payout: ${amount} is not a positive whole number of minor units below 10^15`);
  }
  // At most 15 significant digits: the decimal survives the double and JSON.stringify writes it back unchanged.
  return Number(minorToDecimal(amount, currency));
}

/** Bank-transfer refunds through Wise: an IBAN recipient, then quote → transfer → funding from the Wise balance. */
export class WiseBankPayouts implements BankPayouts {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly profilePath: string;

  constructor(private readonly options: WiseOptions) {
    if (!options.apiToken) throw new Error('Wise: an API token is required');
    if (!Number.isSafeInteger(options.profileId) || options.profileId <= 0) {
      throw new Error('Wise: the profile id must be a positive whole number');
    }
    this.baseUrl = (options.baseUrl ?? 'https://api.wise.com').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.profilePath = `/v3/profiles/${options.profileId}`;
  }

  /**
   * Not idempotent at Wise: a retry after a lost answer may leave a second, identical recipient behind. Harmless: a
   * recipient moves no money, and only the id answered last is kept and paid to.
   */
  async createRecipient(input: RecipientInput): Promise<{ accountId: string }> {
    const account = await this.call<{ id?: unknown }>('POST', '/v1/accounts', {
      currency: input.currency,
      type: 'iban',
      profile: this.options.profileId,
      accountHolderName: input.holder,
      details: { legalType: 'PRIVATE', iban: input.iban.replace(/\s+/g, '').toUpperCase() },
    });
    if (typeof account.id !== 'number') throw new WiseError('Wise POST /v1/accounts: answer without an account id');
    return { accountId: String(account.id) };
  }

  async pay(input: PayoutInput): Promise<Payout> {
    const targetAccount = Number(input.accountId);
    if (!Number.isSafeInteger(targetAccount) || targetAccount <= 0) {
      throw new WiseError(`Wise: ${input.accountId} is not a Wise recipient account id`);
    }
    const quote = await this.call<{ id?: unknown }>('POST', `${this.profilePath}/quotes`, {
      sourceCurrency: input.currency,
      targetCurrency: input.accountCurrency,
      sourceAmount: decimalAmount(input.amount, input.currency),
      targetAccount,
      preferredPayIn: 'BALANCE',
    });
    if (typeof quote.id !== 'string') throw new WiseError(`Wise POST ${this.profilePath}/quotes: answer without an id`);
    const transactionId = customerTransactionId(input.idempotencyKey);
    const transfer = transferOf(
      await this.call('POST', '/v1/transfers', {
        targetAccount,
        quoteUuid: quote.id,
        customerTransactionId: transactionId,
        details: { reference: input.reference },
      }),
      'POST /v1/transfers',
    );
    if (transfer.targetAccount !== targetAccount || transfer.targetCurrency !== input.accountCurrency) {
      throw new WiseError(
        `Wise answered customerTransactionId ${transactionId} (${input.idempotencyKey}) with transfer ${transfer.id} ` +
          `to account ${transfer.targetAccount} in ${transfer.targetCurrency}: the key already paid someone else`,
      );
    }
    const transferId = String(transfer.id);
    // A repeated customerTransactionId answers the first transfer as it stands now: funded already unless still waiting.
    if (transfer.status !== UNFUNDED) return { transferId, state: payoutStateOf(transfer.status) };
    return { transferId, state: await this.fund(transferId) };
  }

  async status(transferId: string): Promise<PayoutState> {
    return payoutStateOf(await this.transferStatus(transferId));
  }

  private async transferStatus(transferId: string): Promise<string> {
    if (!/^\d+$/.test(transferId)) throw new WiseError(`Wise: ${transferId} is not a Wise transfer id`);
    return transferOf(await this.call('GET', `/v1/transfers/${transferId}`), `GET /v1/transfers/${transferId}`).status;
  }

  /** Pays the transfer from the balance; a funding whose answer was lost is refused the second time, and stands. */
  private async fund(transferId: string): Promise<PayoutState> {
    const path = `${this.profilePath}/transfers/${transferId}/payments`;
    try {
      const result = await this.call<{ status?: unknown; errorCode?: unknown }>('POST', path, { type: 'BALANCE' });
      if (result.status !== 'COMPLETED') {
        const code = typeof result.errorCode === 'string' ? result.errorCode : undefined;
        const status = typeof result.status === 'string' ? result.status : 'no status';
        throw new WiseError(`Wise POST ${path}: funding ${status}${code ? ` (${code})` : ''}`, { code });
      }
      return 'processing';
    } catch (error) {
      if (!(error instanceof WiseError) || error.code !== INVALID_STATE) throw error;
      const status = await this.transferStatus(transferId);
      if (status === UNFUNDED) throw error;
      return payoutStateOf(status);
    }
  }

  /**
   * One call, retried on a dropped connection, a timeout, 408, 429 and 5xx with a short backoff (Retry-After when
   * given). Safe for every call made here: reads and quotes move no money, a repeated customerTransactionId answers
   * the same transfer, a repeated funding is refused (see fund), and a repeated recipient is harmless.
   */
  private call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    return withRetries(() => this.once<T>(method, path, body), {
      tries: ATTEMPTS,
      backoffMs: BACKOFF_MS,
      retry: (error) => (error instanceof WiseError && error.transient ? { waitMs: error.retryAfterMs } : undefined),
      giveUp: (error, { reason }) => {
        if (reason === 'tries' && error instanceof WiseError) error.message += ` (${ATTEMPTS} tries)`;
        return error;
      },
    });
  }

  private async once<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const where = `Wise ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiToken}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = (cause as Error | undefined)?.name === 'TimeoutError';
      throw new WiseError(
        timedOut
          ? `${where}: no answer within ${this.timeoutMs} ms`
          : `${where}: connection failed (${reasonOf(cause)})`,
        { code: timedOut ? 'timeout' : 'network', transient: true, cause },
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const { status } = response;
    if (response.ok) {
      if (typeof parsed !== 'object' || parsed === null) throw new WiseError(`${where}: HTTP ${status}, unreadable`);
      return parsed as T;
    }
    const { code, message } = wiseErrorOf(parsed);
    throw new WiseError(
      `${where}: HTTP ${status}${code ? ` ${code}` : ''}${message ? `: ${message.slice(0, 200)}` : ''}`,
      {
        status,
        code,
        transient: status === 408 || status === 429 || status >= 500,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      },
    );
  }
}

function transferOf(body: unknown, call: string): WiseTransfer {
  const transfer = body as Partial<WiseTransfer>;
  if (typeof transfer.id !== 'number' || typeof transfer.status !== 'string') {
    throw new WiseError(`Wise ${call}: answer without a transfer id and status`);
  }
  return transfer as WiseTransfer;
}

/** Wise answers errors as `{errors: [{code, message}]}`, `{error, error_description}` or `{errorCode, errorMessage}`. */
function wiseErrorOf(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { errors, error, error_description, errorCode, errorMessage } = body as Record<string, unknown>;
  const first = (Array.isArray(errors) ? (errors[0] as Record<string, unknown> | undefined) : undefined) ?? {};
  const text = (...values: unknown[]) => values.find((value): value is string => typeof value === 'string' && !!value);
  return { code: text(first.code, errorCode, error), message: text(first.message, errorMessage, error_description) };
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_WAIT_MS) : undefined;
}

/** fetch's "fetch failed" hides the socket's own reason one cause down. */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message : 'unknown';
}
