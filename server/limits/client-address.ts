import { isIPv6 } from 'node:net';

/**
 * The client an address stands for, as the per-address limits count it. An IPv4 client seen
 * through a dual-stack socket (`::ffff:203.0.113.7`) is its IPv4 address, and an IPv6 address
 * counts by its /64: a subscriber is given a whole /64 (RFC 6177), so counting single addresses
 * would let one household try 2^64 times the limit.
 */
export function clientAddress(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // a zone index (`fe80::1%eth0`) names no other client
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = ipv6Groups(address);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return [g >> 8, g & 255, h >> 8, h & 255].join('.');
  return `${[a, b, c, d].map((group) => group.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail read. */
function ipv6Groups(address: string): number[] {
  const text = address
    .toLowerCase()
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_whole, ...octets: string[]) => {
      const [p = 0, q = 0, r = 0, s = 0] = octets.slice(0, 4).map(Number);
      return `${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
    });
  const read = (part: string) => (part === '' ? [] : part.split(':').map((x) => parseInt(x, 16)));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return read(head);
  const before = read(head);
  const after = read(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
