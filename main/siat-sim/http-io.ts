// Request bodies and XML/JSON answers on node:http, shared by the SOAP services and the admin
// API. Runs in: SIAT simulator only.

import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 120 * 1024 * 1024; // §3.6: packages up to 100 MB (971)

/** A request body over MAX_BODY_BYTES: what was read is dropped, the rest is not read. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        // The caller answers (a 413 and Connection: close) and the socket is closed after it.
        req.pause();
        reject(new BodyTooLargeError(`request body over ${MAX_BODY_BYTES} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendXml(res: ServerResponse, status: number, xml: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8', 'Content-Length': Buffer.byteLength(xml), ...extra });
  res.end(xml);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
