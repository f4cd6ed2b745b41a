// SSRF guard for every outbound connection a tenant can aim: webhook receivers (seed: Webhook
// management — "addresses in private or loopback ranges are rejected"), the tenant's SMTP server
// and network receipt printers (issue #19, findings 8 and 11). Pure classification of an IP
// literal, plus a resolver that checks every address a host resolves to. Callers connect to the
// address checked here, never to a second lookup, so a DNS answer that changes between check and
// connect (rebinding) is useless.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * What an address is, as far as reaching it from the engine goes. Each caller decides which
 * classes it accepts (AddressPolicy): webhooks and SMTP only `public`, a printer also `private`.
 */
export type AddressClass =
  | 'public'
  | 'private'
  | 'shared'
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'invalid';

export interface AddressInfo {
  class: AddressClass;
  /** Spanish, completes "una dirección …" in messages. */
  label: string;
}

interface Range extends AddressInfo {
  bytes: number[];
  bits: number;
}

const v4 = (cidr: string, cls: AddressClass, label: string): Range => {
  const [a, bits] = cidr.split('/');
  return { bytes: a!.split('.').map(Number), bits: Number(bits), class: cls, label };
};
const v6 = (cidr: string, cls: AddressClass, label: string): Range => {
  const [a, bits] = cidr.split('/');
  return { bytes: parseIPv6(a!)!, bits: Number(bits), class: cls, label };
};

// First match wins, so single cloud metadata addresses come before the range that holds them.
const V4_RANGES: Range[] = [
  v4('169.254.169.254/32', 'metadata', 'de enlace local (metadatos de la nube)'),
  v4('169.254.170.2/32', 'metadata', 'de enlace local (metadatos de contenedores)'),
  v4('100.100.100.200/32', 'metadata', 'de metadatos de la nube'),
  v4('192.0.0.192/32', 'metadata', 'de metadatos de la nube'),
  v4('0.0.0.0/8', 'unspecified', 'no especificada'),
  v4('10.0.0.0/8', 'private', 'privada'),
  v4('100.64.0.0/10', 'shared', 'CGNAT (compartida)'),
  v4('127.0.0.0/8', 'loopback', 'de loopback'),
  v4('169.254.0.0/16', 'link-local', 'de enlace local'),
  v4('172.16.0.0/12', 'private', 'privada'),
  v4('192.0.0.0/24', 'reserved', 'reservada (IETF)'),
  v4('192.0.2.0/24', 'reserved', 'reservada (documentación)'),
  v4('192.88.99.0/24', 'reserved', 'reservada (relé 6to4)'),
  v4('192.168.0.0/16', 'private', 'privada'),
  v4('198.18.0.0/15', 'reserved', 'reservada (pruebas de rendimiento)'),
  v4('198.51.100.0/24', 'reserved', 'reservada (documentación)'),
  v4('203.0.113.0/24', 'reserved', 'reservada (documentación)'),
  v4('224.0.0.0/4', 'multicast', 'de multidifusión'),
  v4('255.255.255.255/32', 'reserved', 'de difusión'),
  v4('240.0.0.0/4', 'reserved', 'reservada'),
];
const V6_RANGES: Range[] = [
  v6('::/128', 'unspecified', 'no especificada'),
  v6('::1/128', 'loopback', 'de loopback'),
  // AWS's IMDS on IPv6 sits inside the unique-local range.
  v6('fd00:ec2::254/128', 'metadata', 'de metadatos de la nube'),
  v6('64:ff9b::/32', 'reserved', 'reservada (NAT64 local)'),
  v6('100::/64', 'reserved', 'reservada (descarte)'),
  v6('2001:db8::/32', 'reserved', 'reservada (documentación)'),
  v6('fc00::/7', 'private', 'local única'),
  v6('fe80::/10', 'link-local', 'de enlace local'),
  v6('fec0::/10', 'reserved', 'de sitio local (obsoleta)'),
  v6('ff00::/8', 'multicast', 'de multidifusión'),
  // Only 2000::/3 is handed out as global unicast (IANA); the rest of the space is not public.
  v6('2000::/3', 'public', 'pública'),
];

function inRange(addr: number[], r: { bytes: number[]; bits: number }): boolean {
  let bits = r.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((addr[i]! & mask) !== (r.bytes[i]! & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 literal (with an optional trailing dotted quad), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '').split('%')[0]!.toLowerCase();
  let tail: number[] = [];
  // The dotted quad, if any, is all of the last group ("::ffff:10.0.0.1"): sliced off by hand, as
  // an unanchored /(\d+\.…)$/ rescans long digit runs from every position.
  const quad = /^(\d+\.\d+\.\d+\.\d+)$/.exec(s.slice(s.lastIndexOf(':') + 1));
  if (quad) {
    if (isIP(quad[1]!) !== 4) return null;
    tail = quad[1]!.split('.').map(Number);
    s = s.slice(0, -quad[1]!.length) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 2 ? fill < 0 : fill !== 0) return null;
  const all = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...rest];
  const out: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    const n = parseInt(g, 16);
    out.push(n >> 8, n & 0xff);
  }
  if (tail.length) out.splice(12, 4, ...tail);
  return out;
}

/**
 * The IPv4 address an IPv6 address carries to, when a translator or tunnel on the path would
 * deliver it there (issue #19, finding 11: `[::127.0.0.1]`, `[64:ff9b::7f00:1]` and
 * `[2002:7f00:1::]` passed the old list). Such an address is judged by that IPv4 address.
 */
function embeddedIPv4(b: number[]): number[] | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::a.b.c.d, IPv4-compatible (RFC 4291 2.5.5.1, deprecated) and ::ffff:a.b.c.d, IPv4-mapped.
  if (zero(0, 10) && ((b[10] === 0 && b[11] === 0) || (b[10] === 0xff && b[11] === 0xff))) return b.slice(12);
  // ::ffff:0:a.b.c.d, IPv4-translated (SIIT, RFC 7915).
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && b[10] === 0 && b[11] === 0) return b.slice(12);
  // 64:ff9b::a.b.c.d, the NAT64 well-known prefix (RFC 6052).
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return b.slice(12);
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056): the IPv4 address is bits 16–47.
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  // 2001:0::/32, Teredo (RFC 4380): the client's IPv4 address is the last 32 bits, inverted.
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return b.slice(12).map((x) => x ^ 0xff);
  return null;
}

function classifyV4(bytes: number[]): AddressInfo {
  const r = V4_RANGES.find((x) => inRange(bytes, x));
  return r ? { class: r.class, label: r.label } : { class: 'public', label: 'pública' };
}

/** What an IP literal is (brackets and a %zone are accepted); a name or garbage is `invalid`. */
export function classifyAddress(address: string): AddressInfo {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const kind = isIP(bare);
  if (kind === 4) return classifyV4(bare.split('.').map(Number));
  if (kind === 6) {
    const bytes = parseIPv6(bare);
    if (!bytes) return { class: 'invalid', label: 'inválida' };
    // ::/128 and ::1/128 first: both also have the IPv4-compatible shape.
    const exact = V6_RANGES.slice(0, 2).find((r) => inRange(bytes, r));
    if (exact) return { class: exact.class, label: exact.label };
    const v4bytes = embeddedIPv4(bytes);
    if (v4bytes) return classifyV4(v4bytes);
    const r = V6_RANGES.find((x) => inRange(bytes, x));
    return r ? { class: r.class, label: r.label } : { class: 'reserved', label: 'reservada' };
  }
  return { class: 'invalid', label: 'inválida' };
}

/** Which address classes a kind of connection accepts. */
export type AddressPolicy = (c: AddressClass) => boolean;

/** Webhooks and a tenant's SMTP server: the public Internet only. */
export const PUBLIC_ONLY: AddressPolicy = (c) => c === 'public';
/** KIPU_WEBHOOK_ALLOW_PRIVATE / KIPU_SMTP_ALLOW_PRIVATE (tests and labs): anything that parses. */
export const ANY_ADDRESS: AddressPolicy = (c) => c !== 'invalid';

/**
 * Why an address may not receive webhooks (Spanish, for the 422 detail), or null when it is a
 * public unicast address. Addresses that carry an IPv4 address are judged by it.
 */
export function blockedReason(address: string): string | null {
  const c = classifyAddress(address);
  return c.class === 'public' ? null : c.label;
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export class TargetRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRejected';
  }
}

export type Resolver = (host: string) => Promise<CheckedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export type Resolution =
  | { ok: true; address: CheckedAddress }
  | { ok: false; reason: 'unresolvable'; cause: string }
  | { ok: false; reason: 'refused'; address: string; info: AddressInfo };

/**
 * Resolves a host (a name or an IP literal, brackets allowed) and checks every address it
 * resolves to: one refused answer among allowed ones is enough to refuse, since the connection
 * could land on any of them. On success, the address to connect to (pin it). `timeoutMs` bounds
 * the lookup: getaddrinfo can take far longer than a till can wait.
 */
export async function resolveChecked(host: string, allow: AddressPolicy, opts: { resolve?: Resolver; timeoutMs?: number } = {}): Promise<Resolution> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addrs: CheckedAddress[];
  if (literal) addrs = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addrs = await withTimeout((opts.resolve ?? systemResolver)(bare), opts.timeoutMs);
    } catch (err) {
      return { ok: false, reason: 'unresolvable', cause: describe(err) };
    }
    if (addrs.length === 0) return { ok: false, reason: 'unresolvable', cause: 'no addresses' };
  }
  for (const a of addrs) {
    const info = classifyAddress(a.address);
    if (!allow(info.class)) return { ok: false, reason: 'refused', address: a.address, info };
  }
  return { ok: true, address: addrs[0]! };
}

/**
 * Webhooks: resolves the URL's host and checks every address. Returns the address to connect to.
 * `allowPrivate` (KIPU_WEBHOOK_ALLOW_PRIVATE, tests and labs only) skips the range check.
 */
export async function checkTarget(url: string, opts: { allowPrivate: boolean; resolve?: Resolver }): Promise<CheckedAddress> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const r = await resolveChecked(host, opts.allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY, opts.resolve ? { resolve: opts.resolve } : {});
  if (r.ok) return r.address;
  if (r.reason === 'unresolvable') throw new TargetRejected(`No se pudo resolver el host ${host}`);
  throw new TargetRejected(`El host ${host} resuelve a ${r.address}, una dirección ${r.info.label}: no se envían webhooks a redes privadas ni locales`);
}

function withTimeout<T>(p: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return p;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`lookup timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function describe(err: unknown): string {
  if (err instanceof Error) return (err as NodeJS.ErrnoException).code ?? err.message;
  return String(err);
}
