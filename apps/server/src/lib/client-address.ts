/**
 * The client's address (docs/operations.md, "Behind a load balancer"): what the rate limits,
 * the security events and the sessions record. By default the TCP peer's address. Behind a load
 * balancer or reverse proxy that peer is the proxy, so every client would share its address and
 * its limits: with TRUSTED_PROXIES (addresses or CIDR ranges) a request whose peer is one of
 * them is taken from `X-Forwarded-For`, read from the right: the first address that is not a
 * trusted proxy is the client (the one the nearest proxy saw). Addresses a client wrote further
 * left are never believed, and a peer that is not a trusted proxy is never asked.
 */
import { BlockList, isIP } from 'node:net';

/** Parses TRUSTED_PROXIES entries ("10.0.0.0/8", "127.0.0.1", "::1"): null when one is not valid. */
export function trustedProxyList(entries: readonly string[]): BlockList | null {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return null;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 6 ? 128 : 32)) return null;
    list.addSubnet(address!, prefix, type);
  }
  return list;
}

/** An IPv4 address as Node reports it on a dual-stack socket (`::ffff:1.2.3.4`), unwrapped. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address of a request whose TCP peer is `peer`, given its `X-Forwarded-For`
 * header and the trusted proxies (none: the peer, always).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList | null,
): string | undefined {
  if (!peer) return undefined;
  const from = plain(peer);
  if (!trusted || !forwardedFor || !isTrusted(trusted, from)) return from;
  const hops = forwardedFor
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    // Garbage where an address should be: stop believing the header there.
    if (!isIP(hop)) return i === hops.length - 1 ? from : hops[i + 1];
    if (!isTrusted(trusted, hop)) return hop;
  }
  // Every hop is a trusted proxy: the leftmost is as far as anyone can say.
  return hops[0] ?? from;
}
