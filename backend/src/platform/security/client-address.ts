import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every rate limit counts a client by. One person on IPv6 usually holds a whole /64
 * (privacy addresses rotate inside it), so an IPv6 client is its /64 prefix; an IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`) is the IPv4 address. Anything else (no address) is `unknown`.
 */
export function clientAddressKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return 'unknown';
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (`::1.2.3.4`) becomes two groups.
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16).toString(16));
}
