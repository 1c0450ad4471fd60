import { Code, messages } from '@return-center/contract';

/** A failure the shopper or merchant should see: a business code, a readable message, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const errors = {
  invalidInput: (msg: string) => new AppError(Code.InvalidInput, msg, 400),
  notFound: () => new AppError(Code.NotFound, messages.notFound, 200),
  sessionExpired: () => new AppError(Code.SessionExpired, messages.sessionExpired, 200),
  rateLimited: () => new AppError(Code.RateLimited, messages.tooManyAttempts, 429),
};
