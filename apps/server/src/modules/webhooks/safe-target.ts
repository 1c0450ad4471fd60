import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless the operator allows it (WEBHOOKS_ALLOW_PRIVATE): this host, the private
 * networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, and the reserved ranges.
 */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateNetworks.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateNetworks.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is one a webhook must not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return privateNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an address or a name (IPv6 without its brackets). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/**
 * Why the URL's host may not receive webhooks, or null when it may: an address in a private range, or a name that
 * resolves to one (or to nothing). Checked when an endpoint is saved; each delivery checks again where it connects.
 */
export async function unsafeTarget(url: string): Promise<string | null> {
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? 'a private, loopback or link-local address' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a private, loopback or link-local address';
  try {
    const found = await lookup(host, { all: true });
    if (found.some(({ address }) => isPrivateAddress(address)))
      return 'a name that leads to a private, loopback or link-local address';
    return null;
  } catch {
    return 'a name that does not resolve';
  }
}
