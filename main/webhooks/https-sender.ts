// One HTTPS POST to a webhook receiver, connected to an address already checked by the SSRF
// guard (the `lookup` hook answers with it, so no second DNS query can redirect the connection).
// TLS is always verified; an extra CA (KIPU_WEBHOOK_CA_FILE, tests and labs) is added to the
// system roots, never used to relax verification. Redirects are not followed (a 3xx is a failure).
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { LookupFunction } from 'node:net';
import type { CheckedAddress } from '../net/address-guard';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export interface SendOptions {
  url: string;
  address: CheckedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Extra trusted CA certificate(s), PEM. */
  ca?: string | null;
}

export function postWebhook(o: SendOptions): Promise<SendResult> {
  const pinned = ((_host: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: o.address.address, family: o.address.family }]);
    else cb(null, o.address.address, o.address.family);
  }) as unknown as LookupFunction;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = request(o.url, {
      method: 'POST',
      headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) },
      lookup: pinned,
      agent: false,
      ...(o.ca ? { ca: [...rootCertificates, o.ca] } : {}),
    });
    // seed: Delivery and retry — success is a 2xx within the time-out, body included.
    const timer = setTimeout(() => req.destroy(new Error(`sin respuesta en ${o.timeoutMs} ms`)), o.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => done({ ok: status >= 200 && status < 300, statusCode: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }));
      res.on('error', (err) => done({ ok: false, statusCode: status, error: err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => done({ ok: false, statusCode: null, error: (err.code ? `${err.code}: ` : '') + err.message }));
    req.end(o.body);
  });
}
