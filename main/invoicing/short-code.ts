// The invoice's short code (seed 001: `invoiceCode`, "short invoice code"): what an envelope-style
// client quotes, together with the point of sale and the invoice number, to fetch an invoice
// back. Derived from the invoice id, never from the CUF: an invoice whose online submission
// failed is re-issued offline with a new CUF (store/invoices.ts, reissueOffline) and the code
// already printed or handed to the client must keep working (docs/decisions/0011).
//
// Code = the first 40 bits of SHA-256(id) in Crockford base32 (8 symbols). Changing this
// function invalidates every code already handed out.
import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SHORT_CODE_LENGTH = 8;

export function invoiceShortCode(invoiceId: string): string {
  const digest = createHash('sha256').update(invoiceId, 'utf8').digest();
  // 8 symbols × 5 bits = 40 bits = the first 5 bytes; as a number it stays below 2^53.
  let bits = digest.readUIntBE(0, 5);
  let out = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) {
    out = CROCKFORD[bits % 32]! + out;
    bits = Math.floor(bits / 32);
  }
  return out;
}

/**
 * A code as a person may type it, in canonical form: Crockford's reading rules (case ignored,
 * hyphens ignored, O read as 0, I and L read as 1). Anything else is returned as is and will
 * simply not match.
 */
export function normalizeShortCode(text: string): string {
  return text.trim().toUpperCase().replace(/-/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** True when `code` (as typed) is the short code of the invoice `invoiceId`. */
export function matchesShortCode(invoiceId: string, code: string): boolean {
  return normalizeShortCode(code) === invoiceShortCode(invoiceId);
}
