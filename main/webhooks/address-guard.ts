// SSRF guard for webhook targets (seed: Webhook management — "addresses in private or loopback
// ranges are rejected"). Pure classification of an IP literal, plus a resolver that checks every
// address a host resolves to. The dispatcher connects to the address checked here, never to a
// second lookup, so a DNS answer that changes between check and connect (rebinding) is useless.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

interface Range {
  bytes: number[];
  bits: number;
  label: string;
}

const v4 = (cidr: string, label: string): Range => {
  const [a, bits] = cidr.split('/');
  return { bytes: a!.split('.').map(Number), bits: Number(bits), label };
};
const v6 = (cidr: string, label: string): Range => {
  const [a, bits] = cidr.split('/');
  return { bytes: parseIPv6(a!)!, bits: Number(bits), label };
};

const V4_BLOCKED: Range[] = [
  v4('0.0.0.0/8', 'no especificada'),
  v4('10.0.0.0/8', 'privada'),
  v4('100.64.0.0/10', 'CGNAT (compartida)'),
  v4('127.0.0.0/8', 'de loopback'),
  v4('169.254.0.0/16', 'de enlace local'),
  v4('172.16.0.0/12', 'privada'),
  v4('192.0.0.0/24', 'reservada (IETF)'),
  v4('192.168.0.0/16', 'privada'),
  v4('198.18.0.0/15', 'reservada (pruebas de rendimiento)'),
  v4('224.0.0.0/4', 'de multidifusión'),
  v4('240.0.0.0/4', 'reservada'),
];
const V6_BLOCKED: Range[] = [
  v6('::/128', 'no especificada'),
  v6('::1/128', 'de loopback'),
  v6('fc00::/7', 'local única'),
  v6('fe80::/10', 'de enlace local'),
  v6('ff00::/8', 'de multidifusión'),
];

function inRange(addr: number[], r: Range): boolean {
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
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
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
 * Why an address may not receive webhooks (Spanish, for the 422 detail), or null when it is a
 * public unicast address. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address.
 */
export function blockedReason(address: string): string | null {
  const kind = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (kind === 4) {
    const bytes = address.split('.').map(Number);
    return V4_BLOCKED.find((r) => inRange(bytes, r))?.label ?? null;
  }
  if (kind === 6) {
    const bytes = parseIPv6(address);
    if (!bytes) return 'inválida';
    const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    if (mapped) return blockedReason(bytes.slice(12).join('.'));
    return V6_BLOCKED.find((r) => inRange(bytes, r))?.label ?? null;
  }
  return 'inválida';
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

/**
 * Resolves the URL's host and checks every address (one private answer among public ones is
 * enough to refuse: the connection could land on any of them). Returns the address to connect to.
 * `allowPrivate` (KIPU_WEBHOOK_ALLOW_PRIVATE, tests and labs only) skips the range check.
 */
export async function checkTarget(url: string, opts: { allowPrivate: boolean; resolve?: Resolver }): Promise<CheckedAddress> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let addrs: CheckedAddress[];
  const literal = isIP(host);
  if (literal) addrs = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addrs = await (opts.resolve ?? systemResolver)(host);
    } catch {
      throw new TargetRejected(`No se pudo resolver el host ${host}`);
    }
    if (addrs.length === 0) throw new TargetRejected(`No se pudo resolver el host ${host}`);
  }
  if (!opts.allowPrivate) {
    for (const a of addrs) {
      const why = blockedReason(a.address);
      if (why) throw new TargetRejected(`El host ${host} resuelve a ${a.address}, una dirección ${why}: no se envían webhooks a redes privadas ni locales`);
    }
  }
  return addrs[0]!;
}
