// Signing secrets and signatures, Standard Webhooks style (seed: Events, Signature).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes: the base64 part after `whsec_` decoded (Standard Webhooks). */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. */
export function sign(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', secretKey(secret));
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

/** Receiver side: true when one of the space-separated `v1,` signatures matches (constant time). */
export function verify(secret: string, id: string, timestamp: number, body: string | Buffer, header: string): boolean {
  const expected = Buffer.from(sign(secret, id, timestamp, body).slice(3), 'base64');
  return header.split(' ').some((part) => {
    if (!part.startsWith('v1,')) return false;
    const got = Buffer.from(part.slice(3), 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

/** What listings show instead of the secret. */
export function maskSecret(hint: string): string {
  return `${PREFIX}****${hint}`;
}

export function hintOf(secret: string): string {
  return secret.slice(-4);
}
