// Sends a stored file (documents/stored-documents.ts) as HTTP caches and download managers expect
// it: a strong ETag (the bytes' SHA-256) answered with 304 when the client already has it
// (If-None-Match), and one byte range (Range, If-Range) answered with 206 or 416 (RFC 9110 §13,
// §14). @fastify/send only serves files on disk; these files live in SQLite, hence this small
// implementation. Several ranges in one request are answered with the whole file, which the RFC
// allows and which avoids multipart bodies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../documents/stored-documents';

export type ByteRange = { start: number; end: number };

/**
 * The range a Range header asks of a file of `size` bytes: a range (end inclusive), 'unsatisfiable'
 * (→ 416), or null when the header is absent, not in bytes, malformed or asks several ranges
 * (→ the whole file, as RFC 9110 §14.2 lets a server ignore Range).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!m) return null;
  const [, first, last] = m as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // Suffix: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** If-None-Match against our ETag: `*` or any listed tag, compared weakly (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => opaque(t) === opaque(etag));
}

/** The quoted strong ETag of a stored file. */
export function storedEtag(file: Pick<StoredFile, 'sha256'>): string {
  return `"${file.sha256}"`;
}

/**
 * Answers with the stored file: 304, 206, 416 or 200. The caller has set the headers every answer
 * carries (Cache-Control, Content-Disposition...); the body is read from the store only when sent.
 */
export function sendStoredFile(req: FastifyRequest, reply: FastifyReply, file: StoredFile, contentType: string): FastifyReply {
  const etag = storedEtag(file);
  reply.header('etag', etag).header('accept-ranges', 'bytes');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  const ifRange = req.headers['if-range'];
  // If-Range: the range only of this very version (strong comparison); otherwise the whole file.
  const range = ifRange === undefined || ifRange === etag ? parseByteRange(req.headers.range, file.size) : null;
  if (range === 'unsatisfiable') {
    // Not the file's type: the envelope-less 416 has no body.
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  const bytes = file.bytes();
  reply.type(contentType);
  if (!range) return reply.send(bytes);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .send(bytes.subarray(range.start, range.end + 1));
}
