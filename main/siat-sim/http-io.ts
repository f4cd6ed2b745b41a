// Request bodies and XML/JSON answers on node:http, shared by the SOAP services and the admin
// API. Runs in: SIAT simulator only.

import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 120 * 1024 * 1024; // §3.6: packages up to 100 MB (971)

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
