import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { AllowCheck } from './allowed-hosts';

/**
 * Where a webhook may be sent: only public unicast addresses. Anything inside the machine,
 * the private network or the cloud's metadata service is refused (SSRF).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
// IPv6: only global unicast (2000::/3) is public; within it, documentation, Teredo, 6to4,
// NAT64 and ORCHID ranges embed or stand for other addresses and are refused too.
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
for (const [net, prefix] of [
  ['2001:db8::', 32],
  ['2001::', 32],
  ['2002::', 16],
  ['2001:10::', 28],
  ['2001:20::', 28],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** An IPv4 address written inside an IPv6 one (::ffff:a.b.c.d), which reaches the IPv4 host. */
function embeddedIpv4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return isPublicAddress(v4);
    return globalUnicast.check(address, 'ipv6') && !blocked.check(address, 'ipv6');
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export class RefusedAddressError extends Error {}

export interface WebhookNetwork {
  /** Test-only: call loopback and private addresses, and plain http (a receiver on 127.0.0.1 in tests). */
  allowPrivateAddresses?: boolean;
  /**
   * The operator's WEBHOOK_ALLOWED_HOSTS: internal hosts and networks that may be called, over
   * https or plain http. Read from configuration only, never from an account.
   */
  allowed?: AllowCheck;
}

/**
 * Resolves the URL's host once and checks every address it resolves to; the caller connects
 * to the address returned, never resolving again, so a second DNS answer cannot slip in.
 * An address that is not public is called only when the operator allowed the host by name or
 * the address's network.
 */
export async function resolvePublic(url: URL, network: WebhookNetwork = {}): Promise<ResolvedAddress> {
  const allowed = network.allowed;
  const plainHttp = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plainHttp && (network.allowPrivateAddresses || allowed?.any))) {
    throw new RefusedAddressError('Only https:// addresses are called');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : ((await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new RefusedAddressError(`The host ${host} could not be found`);
      })) as ResolvedAddress[]);
  if (addresses.length === 0) throw new RefusedAddressError(`The host ${host} could not be found`);
  if (network.allowPrivateAddresses) return addresses[0]!;
  const byName = !literal && allowed !== undefined && allowed.host(host);
  const internal = (a: ResolvedAddress) => byName || (allowed !== undefined && allowed.address(a.address));
  // Plain http only to what the operator listed: a public receiver is always called over https.
  if (plainHttp && !addresses.every(internal)) throw new RefusedAddressError('Only https:// addresses are called');
  const refused = addresses.find((a) => !isPublicAddress(a.address) && !internal(a));
  if (refused) throw new RefusedAddressError(`${host} resolves to ${refused.address}, a private or reserved address; only public addresses are called`);
  return addresses[0]!;
}
