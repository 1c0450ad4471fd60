import type { CallDef, Envelope } from '@return-center/contract';
import { Code, errorChannel, httpStatusText, HTTP_TIMEOUT, networkMessages } from '@return-center/contract/zod-free';
import type { z } from 'zod';
import { loadValidation } from '../load-validation';
import type { CallRoute } from './call-route';

/** An answer in the contract's `{code, msg, data}` envelope. */
export type Answer<T> = Envelope<T>;

/** A newer identical request replaced this one; callers drop it silently. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
  }
}

/** The request failed in transport (network, timeout, HTTP error without an envelope); already toasted. */
export class RequestFailed extends Error {}

export interface HttpHooks {
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  getToken(): string | null;
  onSessionExpired(): void;
  onError(message: string): void;
  onErrorNotice(url: string, channel: 'error' | 'notice', message: string): void;
  onClearErrors(url: string): void;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §7: a random string of length 37 plus a timestamp. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(37));
  return `${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}${Date.now()}`;
}

/** One HTTP client for every call (spec §7 common request behaviour, §8 codes and messages). */
export function createHttpClient(hooks: HttpHooks) {
  const inFlight = new Map<string, AbortController>();
  const timeoutMs = hooks.timeoutMs ?? HTTP_TIMEOUT;
  const doFetch = hooks.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function request<C extends CallDef>(
    call: (C & { path: string }) | CallRoute<C>,
    payload: z.input<C['payload']>,
    options: { quiet?: boolean } = {},
  ): Promise<Answer<z.output<C['answer']>>> {
    // The contract's schemas load while the request is on its way (once: later answers find them loaded).
    const validation = loadValidation().catch(() => null);
    const query = call.method === 'GET' ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
    const url = (hooks.baseUrl ?? '') + call.path + query;
    const body = call.method === 'POST' ? JSON.stringify(payload ?? {}) : undefined;
    const key = `${call.method} ${url} ${body ?? ''}`;
    inFlight.get(key)?.abort('replaced');
    const controller = new AbortController();
    inFlight.set(key, controller);
    const timer = setTimeout(() => controller.abort('timeout'), timeoutMs);

    const headers: Record<string, string> = { 'Request-Id': requestId(), Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = hooks.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(url, { method: call.method, headers, body, signal: controller.signal });
    } catch {
      if (controller.signal.reason === 'replaced') throw new CancelledError();
      hooks.onError(networkMessages.timeout);
      throw new RequestFailed(networkMessages.timeout);
    } finally {
      clearTimeout(timer);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }

    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    const parsed = (await validation)?.parseAnswer(call, json);
    if (!parsed?.success || response.status >= 500) {
      const serverMsg = (json as { msg?: unknown; data?: { message?: unknown } } | undefined)?.data?.message;
      const message =
        typeof serverMsg === 'string'
          ? serverMsg
          : (httpStatusText[response.status] ?? (response.ok ? networkMessages.noResponse : networkMessages.fallback));
      hooks.onError(message);
      throw new RequestFailed(message);
    }
    const answer = parsed.data as Answer<z.output<C['answer']>>;
    const channel = errorChannel(answer.code);
    if (answer.code === Code.Success) hooks.onClearErrors(call.path);
    // Spec §4: the token is cleared on 1032 and on 402, from any call.
    else if (answer.code === Code.SessionExpired || answer.code === Code.StoreUnavailable) hooks.onSessionExpired();
    else if (channel) hooks.onErrorNotice(call.path, channel, answer.msg);
    if (!response.ok && !options.quiet)
      hooks.onError(answer.msg || (httpStatusText[response.status] ?? networkMessages.fallback));
    return answer;
  }

  return { request };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
