// Failure classes of the SIAT client. Every failed call rejects with exactly one of them:
//
// - SiatTransportError: SIAT was not reached or did not answer usefully at the HTTP level
//   (refused, DNS, time-out, TLS, connection reset, HTTP 5xx). This is the only class that
//   opens a contingency event (DESIGN.md, Offline-first; CONTRACT §5.1 step 1).
// - SiatRejectionError: SIAT answered, and said no (transaccion=false) on an operation whose
//   answer is not an invoice-reception state. Its `messages` are SIAT's, verbatim, and
//   `response` keeps the parsed answer (e.g. 980 carries the CUIS in force, §1.5).
// - SiatMalformedError: SIAT (or something pretending to be it) answered with something we
//   cannot trust: not XML, not SOAP, wrong wrapper, missing `transaccion`, a SOAP fault with
//   HTTP 200, an HTTP 4xx other than 401/403.
//
// Reception family (recepcionFactura, paquete, masiva, validacion*, anulacion*, reversion*,
// verificacionEstado*, anexos, documento ajuste, compras): the client RETURNS the
// RespuestaServicioFacturacion even when transaccion=false, because callers need
// codigoEstado (902/904/906/909) and the per-file mensajesList to decide. The one exception:
// an answer with transaccion=false and NO codigoEstado means SIAT refused to look at the
// document at all (e.g. 989 bad token) and is thrown as SiatRejectionError.
// HTTP 401/403 are thrown as SiatRejectionError with message 989 (§1.4: "some peers also
// handle HTTP 401/403").

export type TransportKind = 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'http';

export interface SiatMessage {
  codigo: number;
  descripcion: string;
}

interface CallContext {
  service: string;
  operation: string;
}

export abstract class SiatError extends Error {
  readonly service: string;
  readonly operation: string;
  protected constructor(message: string, ctx: CallContext, options?: { cause?: unknown }) {
    super(message, options);
    this.service = ctx.service;
    this.operation = ctx.operation;
  }
}

export class SiatTransportError extends SiatError {
  override name = 'SiatTransportError';
  readonly kind: TransportKind;
  /** HTTP status for kind 'http' (5xx). */
  readonly status?: number;
  constructor(kind: TransportKind, message: string, ctx: CallContext, options?: { status?: number; cause?: unknown }) {
    super(`SIAT ${ctx.service}/${ctx.operation}: ${kind}: ${message}`, ctx, { cause: options?.cause });
    this.kind = kind;
    if (options?.status !== undefined) this.status = options.status;
  }
}

export class SiatRejectionError extends SiatError {
  override name = 'SiatRejectionError';
  /** SIAT's mensajesList, verbatim. */
  readonly messages: SiatMessage[];
  /** The parsed answer (null when the rejection came as HTTP 401/403 without one). */
  readonly response: unknown;
  constructor(messages: SiatMessage[], response: unknown, ctx: CallContext) {
    const text = messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || 'transaccion=false';
    super(`SIAT ${ctx.service}/${ctx.operation} rejected: ${text}`, ctx);
    this.messages = messages;
    this.response = response;
  }
  /** True when SIAT's messages include `codigo`. */
  has(codigo: number): boolean {
    return this.messages.some((m) => m.codigo === codigo);
  }
}

export class SiatMalformedError extends SiatError {
  override name = 'SiatMalformedError';
  readonly status?: number;
  /** The first characters of the body, for the log. */
  readonly bodySnippet?: string;
  constructor(message: string, ctx: CallContext, options?: { status?: number; body?: string; cause?: unknown }) {
    super(`SIAT ${ctx.service}/${ctx.operation}: malformed answer: ${message}`, ctx, { cause: options?.cause });
    if (options?.status !== undefined) this.status = options.status;
    if (options?.body !== undefined) this.bodySnippet = options.body.slice(0, 500);
  }
}

/** A failure that means "SIAT is unreachable": go to contingency (DESIGN.md). */
export function isTransportFailure(err: unknown): err is SiatTransportError {
  return err instanceof SiatTransportError;
}

