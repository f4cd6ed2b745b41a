// The JSON body parser: Fastify's own (secure-json-parse, __proto__ and constructor keys refused)
// behind a nesting cap. V8's JSON.parse takes a 200,000-level body without complaint, and a
// schema stops most of it, but a route whose body is free-form (the printer settings) would hand
// the tree to code that walks it recursively. Kipu's deepest body has 3 levels (issue #16).
import { errorCodes, type FastifyInstance, type FastifyRequest, type FastifySchemaCompiler } from 'fastify';
import { MAX_JSON_DEPTH } from '../../shared/api/limits';
import { ApiError } from './errors';

/** Whether the JSON text nests objects and arrays deeper than `max`; one pass, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body is optional: no body, or an empty JSON one, stands for `{}`. */
    optionalBody?: boolean;
    /**
     * The route reads its JSON body itself, off the engine's thread (the massive batch's 32 MiB,
     * issue 25): the body reaches it as the Buffer received, unparsed (see rawJsonBody).
     */
    rawJsonBody?: boolean;
  }
}

/**
 * Route options for a body that may be left out (the seed's sync operations, issue 28 item 3):
 * no body and an empty `application/json` one both reach validation as `{}`. A route whose
 * body is required keeps "El cuerpo JSON está vacío".
 */
export const optionalBody = {
  config: { optionalBody: true },
  preValidation: async (req: FastifyRequest) => {
    if (req.body === undefined || req.body === null) req.body = {};
  },
} as const;

/** A JSON body left unparsed for its route (rawJsonBody): the bytes as received. */
export class RawJsonBody {
  constructor(readonly bytes: Buffer) {}
}

/**
 * A rawJsonBody route's body as JSON bytes: the bytes received, or — for a body another parser
 * read (text/plain gives a string) or no body at all — that value as JSON, so its checks answer
 * what Fastify's schema check answered for it ("debe ser de tipo objeto").
 */
export function jsonBytesOf(body: unknown): Buffer {
  return body instanceof RawJsonBody ? body.bytes : Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
}

/** Replaces the application/json parser with the same parser behind the nesting cap. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    if (req.routeOptions.config.rawJsonBody) {
      done(null, new RawJsonBody(typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw));
      return;
    }
    const body = typeof raw === 'string' ? raw : raw.toString('utf8');
    if (body.trim() === '' && req.routeOptions.config.optionalBody) {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'BAD_REQUEST', `El cuerpo JSON anida más de ${MAX_JSON_DEPTH} niveles de objetos o listas`), undefined);
      return;
    }
    void parse(req, body, done);
  });
}

/**
 * Route options for a JSON body the route parses and validates itself (on a worker thread): the
 * Buffer as received reaches the handler; its schema stays in the route for the OpenAPI document
 * but Fastify does not check the body against it (the handler answers the same 400/422 a Fastify
 * check would: main/api/batch-body-job.ts). The other parts (headers, query) are checked
 * as on every route.
 */
export function rawJsonBody(compile: FastifySchemaCompiler<unknown>) {
  return {
    config: { rawJsonBody: true },
    validatorCompiler: ((ctx) => (ctx.httpPart === 'body' ? () => true : compile(ctx))) as FastifySchemaCompiler<unknown>,
  } as const;
}

/**
 * The application/json parser of a rawJsonBody route's own scope (the massive batch's, 32 MiB):
 * the body is copied into one Buffer chunk by chunk as it arrives, sized by its Content-Length,
 * instead of Fastify's one Buffer.concat of every chunk at the end — for a 4 MB batch that copy
 * held a selling till's engine thread 20–50 ms in one go at load 9–15 (issue 25, decision 0095).
 * Fastify's own checks are kept, with its errors: a Content-Length over the limit or a body that
 * grows past it (413), a body shorter or longer than its Content-Length (400).
 */
export function registerStreamedRawJsonParser(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { bodyLimit }, (req, payload, done) => {
    const declared = Number(req.headers['content-length']);
    if (declared > bodyLimit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    const sized = Number.isSafeInteger(declared) && declared >= 0;
    // The one Buffer is allocated once half the declared body has arrived (the chunks so far
    // copied into it): a client that declares 32 MiB and sends nothing holds no 32 MiB. Without a
    // Content-Length (chunked), the chunks are kept and joined at the end.
    let whole: Buffer | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (err: Error | null, body?: Buffer) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      if (err) done(err, undefined);
      else done(null, new RawJsonBody(body!));
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (received + bytes.length > bodyLimit) return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (whole && received + bytes.length <= whole.length) bytes.copy(whole, received);
      else if (!whole) chunks.push(bytes);
      received += bytes.length;
      if (sized && !whole && received * 2 >= declared && received <= declared) {
        whole = Buffer.allocUnsafeSlow(declared);
        let at = 0;
        for (const c of chunks.splice(0)) at += c.copy(whole, at);
      }
    }
    function onEnd() {
      if (sized && received !== declared) return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      finish(null, whole ?? Buffer.concat(chunks, received));
    }
    function onError(err: Error & { statusCode?: number }) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      finish(err);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}
