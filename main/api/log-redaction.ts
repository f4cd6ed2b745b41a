// Request logs without a customer's personal data (issue 26, finding 12). Fastify logs each
// request's URL at the default level, and some routes take personal data in the query string
// (the e-mail to resend an invoice to, a client searched by name or document). Their values are
// replaced before the line is written; the path and the other parameters stay, so the log still
// says which call it was.
// Runs in: engine.
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are a person's data (lower-case). */
const PERSONAL = new Set(['email', 'correo', 'to', 'phone', 'telefono', 'celular', 'q', 'search', 'name', 'nombre', 'clientname', 'clientdocumentnumber', 'documentnumber', 'document', 'documento', 'nit', 'ci']);

export const REDACTED = '[oculto]';

/** The URL with the values of personal query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key);
      } catch {
        // A broken escape: judged as written.
      }
      return PERSONAL.has(key.toLowerCase()) ? `${pair.slice(0, eq)}=${encodeURIComponent(REDACTED)}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer (logger-pino.js) with the URL redacted. */
export function redactedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
