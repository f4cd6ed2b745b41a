// The SIAT SOAP client: one typed module per service, generated from the operation table
// (operations.ts). Transport: global fetch (undici) or an injected fetchImpl; every failure
// is classified as transport / rejection / malformed (errors.ts).
//
// Issue #19: redirects are not followed (fetch would resend the `apikey` header to whatever
// origin the Location names), and the answer is read with a cap on its DECODED size (fetch
// inflates gzip by itself: a 407 KB answer grew to 419 million characters). Issue #16: the cap
// is per operation, so only the catalogs may make the engine parse 16 MiB.

import {
  SIAT_SERVICES,
  type OperationName,
  type OperationSpec,
  type ServiceKey,
  type SiatRequest,
  type SiatResponse,
  type SiatServices,
} from './operations';
import { buildRequestEnvelope } from './soap';
import { LARGE_ANSWER_CHARS, readAnswer, type AnswerJob, type AnswerRead } from './answer-read';
import {
  SiatMalformedError,
  SiatRejectionError,
  SiatTransportError,
  type TransportKind,
} from './errors';
import { siatMessagesOf } from './messages';
import { trimEndChars } from '../../shared/trim-end';
import { BodyTooLargeError, readCappedText } from '../net/capped-body';

export interface SiatClientTimeouts {
  /** recepcionFactura / recepcionDocumentoAjuste: the cashier is waiting (default 5000). */
  saleMs?: number;
  /** Everything else (default 15000). */
  defaultMs?: number;
  /** Packages and massive uploads (default 60000). */
  packageMs?: number;
}

export interface SiatClientOptions {
  /** Base URL up to and including `/v2` (CONTRACT §1.1). */
  baseUrl: string;
  /** Delegated token; sent as `apikey: TokenApi <token>` (§1.4). */
  token: string;
  timeouts?: SiatClientTimeouts;
  /**
   * Cap on the decoded answer, in bytes, for every operation; without it each operation has its
   * own (maxBodyBytesFor: 16 MiB for catalogs and consultaCompras, 4 MiB otherwise). Tests set it.
   */
  maxBodyBytes?: number;
  fetchImpl?: typeof fetch;
  /** Reads answers over LARGE_ANSWER_CHARS off the calling thread (engine/siat-answer-worker.ts); without it, inline. */
  readLarge?: (job: AnswerJob) => Promise<AnswerRead>;
}

export interface SiatCallOptions {
  /** Overrides the time-out class of the operation for this call. */
  timeoutMs?: number;
}

type OperationFn<S extends ServiceKey, O extends OperationName<S>> = SiatServices[S]['operations'][O] extends { readonly request: null }
  ? (options?: SiatCallOptions) => Promise<SiatResponse<S, O>>
  : (request: SiatRequest<S, O>, options?: SiatCallOptions) => Promise<SiatResponse<S, O>>;

export type SiatServiceClient<S extends ServiceKey> = { [O in OperationName<S>]: OperationFn<S, O> };

export type SiatClient = { [S in ServiceKey]: SiatServiceClient<S> } & {
  readonly baseUrl: string;
  /** Generic entry point (what the typed modules call). */
  call<S extends ServiceKey, O extends OperationName<S>>(
    service: S,
    operation: O,
    request: SiatRequest<S, O> | undefined,
    options?: SiatCallOptions,
  ): Promise<SiatResponse<S, O>>;
};

const SALE_OPERATIONS = new Set(['recepcionFactura', 'recepcionDocumentoAjuste']);
const PACKAGE_OPERATIONS = new Set(['recepcionPaqueteFactura', 'recepcionMasivaFactura', 'recepcionPaqueteCompras', 'confirmacionCompras']);

const DEFAULT_TIMEOUTS: Required<SiatClientTimeouts> = { saleMs: 5000, defaultMs: 15000, packageMs: 60000 };

/**
 * 16 MiB of decoded answer for the operations that can legitimately be large: catalog
 * synchronization (`sincronizar*`) and consultaCompras. The whole product list of the SIN
 * (21 555 rows, CONTRACT §7) is about 4 MB of XML by our estimate (~190 bytes a row), and a
 * taxpayer only gets the rows of its own activities; consultaCompras carries a file of the
 * purchases reported to the taxpayer in a format SIAT does not document (decision 0022).
 */
export const LARGE_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * 4 MiB for every other operation (issue #16): their answers are states and message lists, and
 * the whole answer is parsed on the engine's only thread. The largest legitimate one is a
 * package validation (at most 1,000 invoices, CONTRACT §3.6): 1,000 invoices with 5 messages each,
 * every message one of the five longest texts SIAT has (up to 109 characters) with numeroArchivo
 * and numeroDetalle, measured with the simulator's own answer builder, is 1.32 MiB (10 messages
 * each: 2.64 MiB). test/integration/siat/transport-limits.test.ts builds that answer and reads it.
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** The cap on the decoded answer of `operation`. */
export function maxBodyBytesFor(operation: string): number {
  return operation.startsWith('sincronizar') || operation === 'consultaCompras' ? LARGE_MAX_BODY_BYTES : DEFAULT_MAX_BODY_BYTES;
}

function mebibytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MiB`;
}

// Node/undici error codes → transport kind.
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ERR_STREAM_PREMATURE_CLOSE']);

function errorCodes(err: unknown, depth = 0): string[] {
  if (depth > 5 || typeof err !== 'object' || err === null) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : [];
  return [...own, ...nested, ...errorCodes(e.cause, depth + 1)];
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS') ||
    code.startsWith('ERR_SSL') ||
    code.startsWith('CERT_') ||
    code.startsWith('UNABLE_TO_') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'EPROTO' ||
    code === 'HOSTNAME_MISMATCH'
  );
}

/**
 * Operations SIAT may get twice without harm: reads, code requests (a second CUFD is as good as
 * the first), and a document's reception (the same CUF again is answered "already registered",
 * which submit-invoice.ts takes as registered). Not an event's registration, a package, an
 * annulment or its reversal, a closing: their second call would say something else.
 */
function isRepeatable(operation: string): boolean {
  return SALE_OPERATIONS.has(operation) || /^(sincronizar|verifica|validacion|consulta|cuis|cufd)/.test(operation);
}

/** Maps a network-level error to its transport kind (unknown socket failures count as reset). */
export function classifyNetworkError(err: unknown): TransportKind {
  const codes = errorCodes(err);
  if (codes.some((c) => DNS_CODES.has(c))) return 'dns';
  if (codes.some((c) => REFUSED_CODES.has(c))) return 'refused';
  if (codes.some(isTlsCode)) return 'tls';
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return 'timeout';
  if (codes.some((c) => RESET_CODES.has(c))) return 'reset';
  return 'reset';
}

function describe(err: unknown): string {
  const codes = errorCodes(err);
  const msg = err instanceof Error ? err.message : String(err);
  return codes.length ? `${msg} (${codes.join(', ')})` : msg;
}

function timeoutFor(operation: string, t: Required<SiatClientTimeouts>): number {
  if (SALE_OPERATIONS.has(operation)) return t.saleMs;
  if (PACKAGE_OPERATIONS.has(operation)) return t.packageMs;
  return t.defaultMs;
}

export function createSiatClient(options: SiatClientOptions): SiatClient {
  const baseUrl = trimEndChars(options.baseUrl, '/');
  const timeouts = { ...DEFAULT_TIMEOUTS, ...stripUndefined(options.timeouts ?? {}) };
  const doFetch = options.fetchImpl ?? fetch;

  async function call(service: ServiceKey, operation: string, request: unknown, callOptions?: SiatCallOptions): Promise<unknown> {
    const serviceSpec = SIAT_SERVICES[service];
    const ctx = { service: serviceSpec.path, operation };
    const spec = (serviceSpec.operations as Record<string, OperationSpec>)[operation];
    if (!spec) throw new TypeError(`unknown SIAT operation ${service}.${operation}`);
    // A missing required field throws TypeError here: a programming error, not a SIAT failure.
    const envelope = buildRequestEnvelope(operation, spec, (request ?? {}) as Record<string, unknown>);

    const timeoutMs = callOptions?.timeoutMs ?? timeoutFor(operation, timeouts);
    const maxBodyBytes = options.maxBodyBytes ?? maxBodyBytesFor(operation);
    const deadline = Date.now() + timeoutMs;
    let answerBegun = false;
    let exchanged: { status: number; body: string };
    try {
      exchanged = await exchange(timeoutMs);
    } catch (err) {
      // A connection reset before any answer, on an operation SIAT may safely get twice: once
      // more on a new connection, within the same time-out. A kept-alive connection the server
      // closed just as it was reused fails this way (nodejs/undici#3492) and is no outage.
      const left = deadline - Date.now();
      if (!(err instanceof SiatTransportError && err.kind === 'reset' && !answerBegun && isRepeatable(operation) && left > 0)) throw err;
      exchanged = await exchange(left);
    }
    const { status, body } = exchanged;

    /** One HTTP exchange: the status and the whole answer, read under `ms` and the size cap. */
    async function exchange(ms: number): Promise<{ status: number; body: string }> {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
      const failed = (err: unknown) =>
        timedOut ? new SiatTransportError('timeout', `no answer within ${timeoutMs} ms`, ctx, { cause: err }) : new SiatTransportError(classifyNetworkError(err), describe(err), ctx, { cause: err });
      try {
        let res: Response;
        try {
          res = await doFetch(`${baseUrl}/${serviceSpec.path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'text/xml; charset=UTF-8',
              SOAPAction: '""',
              apikey: `TokenApi ${options.token}`,
            },
            body: envelope,
            signal: controller.signal,
            // SIAT does not redirect its SOAP endpoints; a redirect would carry the token elsewhere.
            redirect: 'manual',
          });
        } catch (err) {
          throw failed(err);
        }
        answerBegun = true;
        const status = res.status;
        if ((status >= 300 && status < 400) || res.redirected) {
          await res.body?.cancel().catch(() => undefined);
          const to = res.headers.get('location');
          throw new SiatMalformedError(
            `redirección HTTP ${status}${to ? ` hacia ${to.slice(0, 200)}` : ''} rechazada: el SIAT no redirige y el token no se reenvía`,
            ctx,
            { status },
          );
        }
        // The time-out covers the whole exchange, body included.
        try {
          return { status, body: await readCappedText(res, maxBodyBytes) };
        } catch (err) {
          if (err instanceof BodyTooLargeError) {
            controller.abort();
            throw new SiatMalformedError(`respuesta de más de ${mebibytes(maxBodyBytes)} (descomprimida): lectura interrumpida`, ctx);
          }
          throw failed(err);
        }
      } finally {
        clearTimeout(timer);
      }
    }

    if (status >= 500) {
      throw new SiatTransportError('http', `HTTP ${status}`, ctx, { status });
    }
    if (status === 401 || status === 403) {
      // §1.4: token problems; SIAT's own code for them is 989.
      throw new SiatRejectionError([{ codigo: 989, descripcion: `HTTP ${status}` }], null, ctx);
    }
    if (status < 200 || status >= 300) {
      throw new SiatMalformedError(`unexpected HTTP ${status}`, ctx, { status, body });
    }

    // A large answer (a catalog, consultaCompras: up to 16 MiB) is read on a worker thread when
    // the caller gives one (issue 25: seconds of the engine's thread); a sale's answer inline.
    const job: AnswerJob = { service, operation, body };
    const read = options.readLarge && body.length > LARGE_ANSWER_CHARS ? await options.readLarge(job) : readAnswer(job);
    if ('fault' in read) throw new SiatMalformedError(`SOAP fault with HTTP ${status}: ${read.fault.faultcode} ${read.fault.faultstring}`, ctx, { status, body });
    if ('malformed' in read) throw new SiatMalformedError(read.malformed, ctx, { status, body });
    const response = read.response;
    if (typeof response['transaccion'] !== 'boolean') {
      throw new SiatMalformedError('answer without transaccion', ctx, { status, body });
    }

    if (response['transaccion'] === false) {
      // See errors.ts for why the reception family returns instead of throwing.
      const evaluated = spec.reception === true && typeof response['codigoEstado'] === 'number';
      if (!evaluated) throw new SiatRejectionError(siatMessagesOf(response['mensajesList'], -1), response, ctx);
    }
    return response;
  }

  const client: Record<string, unknown> = {
    baseUrl,
    call: (service: ServiceKey, operation: string, request: unknown, callOptions?: SiatCallOptions) => call(service, operation, request, callOptions),
  };
  for (const service of Object.keys(SIAT_SERVICES) as ServiceKey[]) {
    const module: Record<string, unknown> = {};
    for (const [operation, spec] of Object.entries(SIAT_SERVICES[service].operations as Record<string, OperationSpec>)) {
      module[operation] =
        spec.request === null
          ? (callOptions?: SiatCallOptions) => call(service, operation, undefined, callOptions)
          : (request: unknown, callOptions?: SiatCallOptions) => call(service, operation, request, callOptions);
    }
    client[service] = Object.freeze(module);
  }
  return Object.freeze(client) as unknown as SiatClient;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

