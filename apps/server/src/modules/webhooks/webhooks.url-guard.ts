/**
 * The SSRF guard of webhooks (docs/webhooks.md, "Which URLs"): an endpoint may only reach
 * public addresses. Checked when an endpoint is saved (its host is resolved and every address
 * must be public) and again at every attempt, where the connection goes to the address that
 * was checked (a `lookup` for node:http that resolves, checks and answers only public
 * addresses), so a DNS answer that changes in between (rebinding) cannot reach inside.
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS, development and tests) turns all of it off.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/** [first address bytes, prefix length] of the IPv4 ranges that are not public. */
const PRIVATE_V4: Array<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network", incl. the unspecified 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata services live here)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, incl. broadcast 255.255.255.255
];

/** The IPv6 ranges that are not public (IPv4 inside IPv6 is checked as IPv4, below). */
const PRIVATE_V6: Array<[number[], number]> = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 128], // unspecified ::
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128], // loopback ::1
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only 100::/64
  [[0x20, 0x01, 0, 0], 32], // Teredo 2001::/32
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation 2001:db8::/32
  [[0xfc, 0], 7], // unique local fc00::/7
  [[0xfe, 0x80], 10], // link-local fe80::/10
  [[0xfe, 0xc0], 10], // site-local (deprecated) fec0::/10
  [[0xff, 0], 8], // multicast ff00::/8
];

function inRange(bytes: number[], [base, bits]: [number[], number]): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((base[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (`::` and a dotted IPv4 tail understood). */
function v6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase(); // zone id (fe80::1%eth0)
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...v4Bytes(dotted[1]!));
    text = `${text.slice(0, -dotted[1]!.length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  const all = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [(n >> 8) & 0xff, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(b: number[]): number[] | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated)
  if (zeros(0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) {
    return b.slice(12, 16);
  }
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64)
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return b.slice(12, 16);
  // 2002:aabb:ccdd::/48 (6to4)
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

/**
 * Whether an IP address (v4 or v6) is private, loopback, link-local, unique-local, CGNAT,
 * multicast, unspecified or otherwise not a public internet address. Not an IP → true.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.split('%')[0]!);
  if (family === 4) return PRIVATE_V4.some((r) => inRange(v4Bytes(bare), r));
  if (family !== 6) return true;
  const bytes = v6Bytes(bare);
  const v4 = embeddedV4(bytes);
  if (v4) return PRIVATE_V4.some((r) => inRange(v4, r));
  return PRIVATE_V6.some((r) => inRange(bytes, r));
}

/** Why a URL may not be used (a sentence for the `url` field), or null when it may. */
export type UrlRefusal = string | null;

const DNS_TIMEOUT_MS = 5_000;

async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      dns.promises.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS lookup timed out')), DNS_TIMEOUT_MS);
      }),
    ]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

/** The host of a URL without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Whether `raw` may be an endpoint's URL now: https (http only with `allowPrivate`), and a
 * host that resolves, to public addresses only. Answers why not, for the `url` field.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<UrlRefusal> {
  if (allowPrivate) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:') return 'Use an https:// address.';
  const host = hostOf(url);
  if (isIP(host)) {
    return isPrivateAddress(host) ? 'This is a private address; use a public one.' : null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return 'This is a private address; use a public one.';
  }
  let addresses: string[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return 'This host name could not be found.';
  }
  if (addresses.length === 0) return 'This host name could not be found.';
  if (addresses.some(isPrivateAddress)) {
    return 'This host name leads to a private address; use a public one.';
  }
  return null;
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A `lookup` for node:http(s) and node:net: resolves the host, refuses it (an error, so no
 * connection is made) when any address is not public, and otherwise answers exactly the
 * checked addresses, which the socket then connects to.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const refusal = new PrivateAddressError(
        `${hostname} resolves to ${bad.address}, which is not a public address.`,
      );
      return callback(refusal as NodeJS.ErrnoException, '', 4);
    }
    const family =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const wanted = family ? addresses.filter((a) => a.family === family) : addresses;
    if (wanted.length === 0) {
      const none = Object.assign(new Error(`${hostname} has no usable address.`), {
        code: 'ENOTFOUND',
      });
      return callback(none, '', 4);
    }
    if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, wanted);
    callback(null, wanted[0]!.address, wanted[0]!.family);
  });
};
