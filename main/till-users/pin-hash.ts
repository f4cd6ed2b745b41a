// PIN hashing (issue 27). A 4–6 digit PIN has at most a million values, so no hash makes a stolen
// database safe against a determined attacker: the lockout (5 wrong PINs) is what protects the
// PIN at the till. The slow, salted hash keeps the PIN from being read off the file and makes
// trying every PIN of every user cost minutes per user instead of microseconds.
// Parameters: scrypt N=2^14, r=8, p=1, 32-byte key (16 MiB of memory, ~50 ms on a till), a
// 16-byte random salt per user and per PIN change. Stored with the hash, so raising them later
// does not break existing PINs (docs/decisions/0064-till-users-and-pin-sessions.md).
// Runs in: engine.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

export interface PinHash {
  hash: string;
  salt: string;
  params: string;
}

interface Params {
  N: number;
  r: number;
  p: number;
  len: number;
}

export const PIN_SCRYPT: Params = { N: 16384, r: 8, p: 1, len: 32 };

function paramsText(p: Params): string {
  return `N=${p.N},r=${p.r},p=${p.p},len=${p.len}`;
}

function parseParams(text: string): Params {
  const m = /^N=(\d+),r=(\d+),p=(\d+),len=(\d+)$/.exec(text);
  if (!m) throw new Error(`Parámetros de PIN desconocidos: ${text}`);
  return { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]), len: Number(m[4]) };
}

function derive(pin: string, salt: Buffer, p: Params): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is close, so it is explicit.
    scrypt(pin, salt, p.len, { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPin(pin: string, params: Params = PIN_SCRYPT): Promise<PinHash> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, params);
  return { hash: key.toString('hex'), salt: salt.toString('hex'), params: paramsText(params) };
}

/**
 * The same hash, blocking: only for set-up that runs once inside a synchronous transaction (the
 * training demo store's people); requests use hashPin, which leaves the event loop free.
 */
export function hashPinSync(pin: string, params: Params = PIN_SCRYPT): PinHash {
  const salt = randomBytes(16);
  const key = scryptSync(pin, salt, params.len, { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r });
  return { hash: key.toString('hex'), salt: salt.toString('hex'), params: paramsText(params) };
}

/** Constant-time check of a PIN against its stored hash, with the parameters it was made with. */
export async function pinMatches(pin: string, stored: PinHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'hex');
  const key = await derive(pin, Buffer.from(stored.salt, 'hex'), parseParams(stored.params));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
