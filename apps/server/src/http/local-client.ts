import type { FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export const isLoopbackAddress = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * True only for a client on this machine talking to us directly: the socket is loopback and nothing forwarded the
 * request. A reverse proxy on the same host connects over loopback too, but adds a forwarding header, so its
 * visitors never count as local (DESIGN §5). Reads the socket, never `request.ip`, which trusted proxies may set.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return isLoopbackAddress(address) && !FORWARDING_HEADERS.some((name) => name in request.headers);
}
