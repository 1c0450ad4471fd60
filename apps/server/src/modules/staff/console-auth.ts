import { timingSafeEqual } from 'node:crypto';
import { Code, CONSOLE_COOKIE, CSRF_HEADER } from '@return-center/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { hashToken } from '../auth/sessions.js';
import type { AccountRow } from './staff.repository.js';
import type { StaffService } from './staff.service.js';

export interface StaffCaller {
  account: AccountRow;
  tokenHash: string;
}

export const unauthorized = () => new AppError(Code.Unauthorized, 'Unauthorized, please log in again', 401);
const forbidden = (message: string) => new AppError(Code.Forbidden, message, 403);

/**
 * Over HTTPS (directly or as a trusted proxy says) the cookie is `__Host-rc_console`: browsers keep such a cookie only
 * when it is Secure, for the whole host and no other, so a sibling subdomain or a plain-HTTP page cannot plant or
 * shadow a session. The plain name is then ignored.
 */
const cookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? `__Host-${CONSOLE_COOKIE}` : CONSOLE_COOKIE;

/** The console's session token from the request's cookie, if any. */
export const consoleToken = (request: FastifyRequest): string | undefined =>
  request.cookies[cookieName(request)] || undefined;

export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${cookieName(request)}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${String(maxAge)}${secure}`,
  );
}

/** Compares bytes, not characters: a header of the right length in non-ASCII characters is simply not the token. */
function sameText(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The signed-in staff account of a console call, or 401. A call that changes something must also carry the session's
 * CSRF token in a header (403 without it): the SameSite=Strict cookie already keeps other sites out, the header keeps
 * out a form or a link that reaches us from a page of the same site.
 */
export async function staffCaller(
  staff: StaffService,
  request: FastifyRequest,
  need: { role?: 'owner' } = {},
): Promise<StaffCaller> {
  const token = consoleToken(request);
  const tokenHash = token && token.length <= 100 ? hashToken(token) : undefined;
  const account = tokenHash ? await staff.accountOf(tokenHash) : undefined;
  if (!account || !tokenHash) throw unauthorized();
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, staff.csrfFor(tokenHash)))
      throw forbidden('The page is out of date: reload it and try again');
  }
  if (need.role === 'owner' && account.role !== 'owner') throw forbidden('Only the shop owner can do this');
  return { account, tokenHash };
}
