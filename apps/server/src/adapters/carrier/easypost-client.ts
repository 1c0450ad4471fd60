import type { IncomingMessage } from 'node:http';
import EasyPostClient from '@easypost/api';
import { withRetries } from '../../retry.js';

/** How to reach EasyPost. */
export interface EasyPostConnection {
  /** The secret API key (a test key for EasyPost's test mode); sent as the HTTP basic-auth user. */
  apiKey: string;
  /** The API root, ending in `/v2/`. Default https://api.easypost.com/v2/ (a local fake's in tests). */
  baseUrl?: string;
  /** The most one carrier call may take, retries included, in milliseconds. Default 10 000. */
  timeoutMs?: number;
}

/** EasyPost refused the call or kept failing; `status` is its HTTP status when it answered one. */
export class EasyPostError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EasyPostError';
  }
}

/** No answer by the deadline. EasyPost may still act on the request, which is why each call starts by looking. */
export class EasyPostTimeout extends EasyPostError {
  constructor(message: string) {
    super(message);
    this.name = 'EasyPostTimeout';
  }
}

const DEFAULT_BASE_URL = 'https://api.easypost.com/v2/';
const RETRIES = 3;
const BACKOFF_MS = 100;
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

export type EasyPostApi = InstanceType<typeof EasyPostClient>;

/** The part of a superagent request the client hands to `requestMiddleware`. */
interface AgentRequest {
  timeout(limits: { deadline: number }): AgentRequest;
  buffer(on: boolean): AgentRequest;
  parse(parser: typeof readBody): AgentRequest;
}

/**
 * Runs `work` (which must be safe to run again) until it succeeds, fails for good, or the deadline passes: one deadline
 * for all its requests; transient failures (429, 5xx, a dropped connection) are retried with a short backoff.
 */
export async function callEasyPost<T>(
  options: EasyPostConnection,
  what: string,
  work: (ep: EasyPostApi, deadline: number) => Promise<T>,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  const ep = new EasyPostClient(options.apiKey, {
    // The client appends paths such as `shipments` to the root as it is.
    baseUrl: (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/?$/, '/'),
    // The client keeps `timeout` but (in v8) never applies it, so each request gets what is left of the deadline.
    timeout: timeoutMs,
    requestMiddleware: (request: AgentRequest) =>
      request
        .timeout({ deadline: Math.max(1, deadline - Date.now()) })
        .buffer(true)
        .parse(readBody),
  });
  return withRetries(() => work(ep, deadline), {
    tries: RETRIES + 1,
    backoffMs: BACKOFF_MS,
    msLeft: () => deadline - Date.now(),
    retry: (error) => {
      if (error instanceof EasyPostError || isTimeout(error)) return undefined;
      const status = statusOf(error);
      const transient = status === undefined ? isNetworkFailure(error) : status === 429 || status >= 500;
      return transient ? {} : undefined;
    },
    giveUp: (error, { failures }) => {
      if (error instanceof EasyPostError) return error;
      if (isTimeout(error)) return new EasyPostTimeout(`EasyPost ${what}: no answer within ${timeoutMs} ms`);
      const status = statusOf(error);
      const tries = failures > 1 ? ` after ${failures} attempts` : '';
      const answer = status === undefined ? '' : `${status} ${codeOf(error) ?? ''}: `;
      return new EasyPostError(`EasyPost ${what} failed${tries}: ${answer}${messageOf(error)}`, status);
    },
  });
}

/**
 * Reads each answer as JSON. An error page that is not EasyPost's JSON (a proxy's 502) becomes one, so the client
 * raises its usual error with the status instead of failing to read the page.
 */
function readBody(res: IncomingMessage, done: (error: Error | null, body: unknown) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
  });
  res.on('end', () => {
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: kept as text below when it is an error
    }
    const status = res.statusCode ?? 0;
    if (status >= 400 && !(body && typeof body === 'object' && 'error' in body)) {
      const message = text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);
      body = { error: { code: `HTTP_${status}`, message: message || (res.statusMessage ?? ''), errors: [] } };
    }
    done(null, body);
  });
}

/** The object, or null when EasyPost answers 404 (no such id or reference). */
export async function found<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

export async function download(url: string, deadline: number): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
  if (!response.ok)
    throw Object.assign(new Error(`label download from ${new URL(url).host}`), {
      statusCode: response.status,
      code: 'LABEL_FILE',
    });
  const pdf = new Uint8Array(await response.arrayBuffer());
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new EasyPostError(`EasyPost label at ${url} is not a PDF`);
  return pdf;
}

const field = (error: unknown, key: string): unknown =>
  error && typeof error === 'object' ? (error as Record<string, unknown>)[key] : undefined;
export const statusOf = (error: unknown) => {
  const status = field(error, 'statusCode');
  return typeof status === 'number' ? status : undefined;
};
export const codeOf = (error: unknown) => {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : undefined;
};
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isTimeout = (error: unknown) => field(error, 'timeout') !== undefined || field(error, 'name') === 'TimeoutError';
const isNetworkFailure = (error: unknown): boolean =>
  NETWORK_CODES.has(codeOf(error) ?? '') ||
  messageOf(error) === 'socket hang up' ||
  (error instanceof TypeError && field(error, 'cause') !== undefined);
