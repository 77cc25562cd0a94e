import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may send a request to an address a user of the product gave (webhook endpoints; design.md §9):
 * never loopback, private, link-local, carrier-grade NAT, cloud metadata, multicast or reserved space, in IPv4 or IPv6
 * (with IPv4 mapped into IPv6 read as the IPv4 it is), unless the operator allows that host. The check is on the
 * address actually connected to (`resolveAllowed` answers the addresses to connect to), so a name that resolves to a
 * private address is refused as that address is.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with cloud metadata at 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 space)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['fd00:ec2::254', 128], // AWS metadata over IPv6
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, ::a.b.c.d), as that IPv4 address; otherwise null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^::(?:ffff:(?:0{1,4}:)?)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return null;
}

/** Whether an IP address (v4 or v6, without brackets) is one the server never sends to on a user's behalf. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class ForbiddenAddressError extends Error {
  override readonly name = 'ForbiddenAddressError';
}

/**
 * The addresses to connect to for a host: its IP if it is one, or what DNS answers. Throws when any of them is
 * forbidden (a name answering one public and one private address is refused: the connection could go to either),
 * unless the host is on the operator's allow list.
 */
export async function resolveAllowed(host: string, allowedHosts: ReadonlySet<string>, resolve: (host: string) => Promise<string[]> = defaultResolve): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  const addresses = isIP(bare) ? [bare] : await resolve(bare);
  if (addresses.length === 0) throw new ForbiddenAddressError(`${host} has no address`);
  if (allowedHosts.has(bare)) return addresses;
  const refused = addresses.find(isForbiddenAddress);
  if (refused) throw new ForbiddenAddressError(`${host} resolves to ${refused}, a loopback, private, link-local or reserved address`);
  return addresses;
}

async function defaultResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
