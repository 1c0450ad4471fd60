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

/** The console's session token from the request's cookie, if any. */
export function consoleToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${CONSOLE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${String(maxAge)}${secure}`,
  );
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

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
