import { Code, messages, type AlreadyProcessing } from '@return-center/contract';

/** A failure the shopper or merchant should see: a business code, a readable message, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** Extra data a client needs to act on the failure (e.g. the request id of code 1067). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const errors = {
  invalidInput: (msg: string) => new AppError(Code.InvalidInput, msg, 400),
  notFound: () => new AppError(Code.NotFound, messages.notFound, 200),
  sessionExpired: () => new AppError(Code.SessionExpired, messages.sessionExpired, 200),
  rateLimited: () => new AppError(Code.RateLimited, messages.tooManyAttempts, 429),
  busy: () => new AppError(Code.Busy, messages.busy, 503),
  alreadyProcessing: (data: AlreadyProcessing) =>
    new AppError(Code.AlreadyProcessing, messages.alreadyProcessing, 200, data),
};
