import { Code, messages, type AlreadyProcessing, type FieldError } from '@return-center/contract';
import type { z } from 'zod';

/**
 * A failure the shopper or merchant should see: a business code, a readable message, an HTTP status.
 * The shopper's calls answer `httpStatus` (spec §8: most refusals travel with 200 and their code); the merchant's REST
 * routes answer `restStatus`, a status a REST client reads as a refusal (ADR 025).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** Extra data a client needs to act on the failure (e.g. the request id of code 1067, refused fields). */
    readonly data: unknown = null,
    readonly restStatus = httpStatus,
    /** Seconds a client must wait before trying again (the `Retry-After` header of a 429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Each complaint of a schema: the field's path (`return_setting.return_window_days`, '' for the whole) and why. */
export const fieldErrorsOf = (error: z.ZodError): FieldError[] =>
  error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

/** `field: message; …` for the envelope's `msg`, up to three fields. */
export const describeFields = (fields: readonly FieldError[]) =>
  fields
    .slice(0, 3)
    .map(({ field, message }) => (field ? `${field}: ${message}` : message))
    .join('; ');

/** Explains a schema failure in one readable line: `email: Invalid email address`. */
export function describeIssues(error: z.ZodError): string {
  return describeFields(fieldErrorsOf(error));
}

const unprocessableFields = (fields: FieldError[]) =>
  new AppError(Code.InvalidInput, describeFields(fields), 400, { errors: fields }, 422);

export const errors = {
  invalidInput: (msg: string) => new AppError(Code.InvalidInput, msg, 400),
  /** Input that does not fit the contract, each refused field in `data.errors`. */
  invalidFields: (fields: FieldError[]) =>
    new AppError(Code.InvalidInput, describeFields(fields), 400, { errors: fields }),
  /** Input that fits the contract but not the object it is about (an amount above what is left): 422 on REST routes. */
  unprocessable: (field: string, message: string) => unprocessableFields([{ field, message }]),
  unprocessableFields: (fields: FieldError[]) => unprocessableFields(fields),
  notFound: () => new AppError(Code.NotFound, messages.notFound, 200, null, 404),
  sessionExpired: () => new AppError(Code.SessionExpired, messages.sessionExpired, 200, null, 401),
  rateLimited: (retryAfterSeconds?: number) =>
    new AppError(Code.RateLimited, messages.tooManyAttempts, 429, null, 429, retryAfterSeconds),
  busy: () => new AppError(Code.Busy, messages.busy, 503),
  alreadyProcessing: (data: AlreadyProcessing) =>
    new AppError(Code.AlreadyProcessing, messages.alreadyProcessing, 200, data, 409),
};

/** The value as the schema reads it, or a refusal (1001) that names each field in `data.errors`: merchant routes. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidFields(fieldErrorsOf(result.error));
  return result.data;
}
