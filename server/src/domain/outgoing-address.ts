import { isIPv4, isIPv6 } from 'node:net';

/**
 * Where a call to an admin-registered URL would land. `link-local` covers cloud metadata services,
 * whatever their address; `loopback` is this machine (0.0.0.0 and :: reach it too).
 */
type DestinationKind = 'link-local' | 'loopback' | 'other';

/** Loopback is refused unless the portal itself runs on loopback (development). */
export interface DestinationPolicy {
  allowLoopback: boolean;
}

type RefusedKind = Exclude<DestinationKind, 'other'>;

export const REFUSAL_REASONS: Record<RefusedKind, string> = {
  'link-local': 'the address is link-local or a cloud metadata service, which the portal never calls',
  loopback: 'the address is this machine (loopback), which the portal calls only while it runs on loopback itself',
};

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal']);
/** Metadata and platform services outside 169.254.0.0/16: Alibaba Cloud's, and Azure's WireServer. */
const METADATA_IPV4 = new Set(['100.100.100.200', '168.63.129.16']);
/** AWS's IPv6 metadata service (inside fc00::/7, which is otherwise allowed). */
const METADATA_IPV6 = 'fd00:ec2:0:0:0:0:0:254';

function ipv4Octets(address: string): number[] {
  return address.split('.').map(Number);
}

function classifyIPv4(address: string): DestinationKind {
  const [a, b] = ipv4Octets(address);
  if (a === 169 && b === 254) return 'link-local';
  if (METADATA_IPV4.has(address)) return 'link-local';
  // 0.0.0.0/8 is no destination on the network; Linux connects 0.0.0.0 to this machine.
  if (a === 127 || a === 0) return 'loopback';
  return 'other';
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Octets(text.slice(lastColon + 1));
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const [head = '', rest] = text.split('::');
  const left = parse(head);
  const right = parse(rest ?? '');
  const zeros = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  const groups = [...left, ...zeros, ...right];
  return tail.length ? [...groups.slice(0, 6), ...tail] : groups;
}

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d).
 */
function embeddedIPv4(g: number[]): string | undefined {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zero(0, 5) && g[5] === 0xffff;
  const translated = zero(0, 4) && g[4] === 0xffff && g[5] === 0;
  const compatible = zero(0, 6);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6);
  if (!(mapped || translated || compatible || nat64)) return undefined;
  const [hi = 0, lo = 0] = g.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

function classifyIPv6(address: string): DestinationKind {
  const g = ipv6Groups(address);
  const v4 = embeddedIPv4(g);
  if (v4) return classifyIPv4(v4); // also :: and ::1, which fall in 0.0.0.0/8
  if (((g[0] ?? 0) & 0xffc0) === 0xfe80) return 'link-local';
  if (g.map((x) => x.toString(16)).join(':') === METADATA_IPV6) return 'link-local';
  return 'other';
}

/** An IP address as a resolver answers it (an IPv6 zone such as %eth0 is ignored); undefined if it is none. */
export function classifyAddress(address: string): DestinationKind | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return classifyIPv4(bare);
  if (isIPv6(bare)) return classifyIPv6(bare);
  return undefined;
}

/**
 * A host as `new URL()` gives it: WHATWG URL parsing already turns every IPv4 spelling
 * (0xa9fea9fe, 2852039166, 0251.0376.0251.0376, 169.254.169.254.) into dotted decimal, and puts
 * IPv6 in brackets. Other names are `other` here: only their resolved addresses tell.
 */
export function classifyHost(hostname: string): DestinationKind {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  const literal = classifyAddress(host.replace(/^\[(.*)\]$/, '$1'));
  if (literal) return literal;
  if (METADATA_NAMES.has(host)) return 'link-local';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return 'other';
}

/** What the policy refuses of a destination kind, or undefined when the portal may call it. */
export function refusedKind(kind: DestinationKind, policy: DestinationPolicy): RefusedKind | undefined {
  if (kind === 'link-local') return kind;
  if (kind === 'loopback' && !policy.allowLoopback) return kind;
  return undefined;
}

/** The portal may call loopback addresses only while its own PUBLIC_URL is on loopback. */
export function destinationPolicy(publicUrl: string): DestinationPolicy {
  return { allowLoopback: classifyHost(new URL(publicUrl).hostname) === 'loopback' };
}

/** Who calls a URL an admin registers: the portal itself (it POSTs there), or the player's browser (sent or loaded there). */
export type UrlCaller = 'portal' | 'browser';

/**
 * The one rule for every URL an admin registers: never a link-local address or a cloud metadata
 * service, however spelled; loopback only where the browser goes (the player's own machine) or while
 * the portal itself runs on loopback. Answers what is wrong, naming the field by `label`, or undefined.
 * Only the literal host is checked here: delivery checks every address a name resolves to.
 */
export function registeredUrlProblem(label: string, url: string, caller: UrlCaller, publicUrl: string): string | undefined {
  const policy = caller === 'browser' ? { allowLoopback: true } : destinationPolicy(publicUrl);
  const refused = refusedKind(classifyHost(new URL(url).hostname), policy);
  if (refused === 'link-local') return `${label} must not point at a link-local or cloud metadata address`;
  if (refused === 'loopback')
    return `${label} must not point at a loopback address (this machine) while the portal itself is not on loopback`;
  return undefined;
}
