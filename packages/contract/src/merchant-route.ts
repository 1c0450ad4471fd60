import { z } from 'zod';

/** The merchant REST API's base path (issue 4): bearer MERCHANT_API_KEY per shop, JSON envelope answers. */
export const MERCHANT_BASE = '/merchant/v1';

/**
 * The HTTP statuses of the merchant API (ADR 025). A REST client reads the status; the `{code, msg, data}` envelope
 * says why. Refused fields come back in `data.errors`, each with its path and what is wrong with it.
 */
export const MERCHANT_STATUSES = {
  200: 'Success (code 1000)',
  400: 'The body, query or headers do not fit the contract (code 1001), or the body is not JSON. `msg` names up to three fields; `data.errors` lists each as `{field, message}`',
  401: 'No key, or not a key of any shop (code 401)',
  404: 'No such request, or a request of another shop (code 1004): the two answer alike',
  409: "The request's state does not allow the change (code 1071), the order number belongs to another order, or a concurrent change won (code 1001); nothing was changed",
  412: '`If-Match` names an older version of the settings or rules than the stored one (code 1092); nothing was saved',
  413: 'The body is too large (code 1001)',
  415: 'The body is not `application/json` (code 1001)',
  422: 'The body fits the contract but not this request (code 1001), e.g. an amount above what is left to refund; `data.errors` names the field',
  429: 'Too many refused keys or signatures from this address (code 1029): wait the `Retry-After` seconds',
} as const;
export type MerchantStatus = keyof typeof MERCHANT_STATUSES;

/** A refused field of a 400 or 422 answer (`data.errors`): its path (`return_setting.return_window_days`) and why. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
export const fieldErrors = z.object({ errors: z.array(fieldError) });

export interface MerchantRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  summary: string;
  /** How the caller proves who it is: the shop's API key (default), or a signed body (webhooks). */
  auth?: 'bearer' | 'signature';
  /** The `{id}` of the path, when it is not a request id. */
  id?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  /** The media type of a success that is not the JSON envelope (the CSV export). */
  produces?: 'text/csv';
  /**
   * What this route may refuse with besides what every route may: 401 and 429 (the caller), and 400, 413 and 415 when
   * it takes a body or a query.
   */
  refusals?: MerchantStatus[];
  /** What a refusal's `data` holds, when more than field errors (the settings' 412: who saved, and their settings). */
  refusalData?: Partial<Record<MerchantStatus, z.ZodType>>;
}

/** A merchant route's URL under MERCHANT_BASE, with its `{id}` filled in. */
export const merchantUrl = (route: Pick<MerchantRoute, 'path'>, id?: number | string): string =>
  MERCHANT_BASE + route.path.replace('{id}', String(id ?? ''));
