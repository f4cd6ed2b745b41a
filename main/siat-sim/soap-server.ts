// The SOAP 1.1 services under /v2/<Servicio> (CONTRACT.md): routes a call to its operation
// handler, applies the injected fault first, checks the apikey, and answers with SIAT's
// envelope, codes and texts. Runs in: SIAT simulator only.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { SIAT_SERVICES, serviceByPath, type OperationSpec, type ServiceKey } from '../siat/operations';
import { buildFaultEnvelope, buildResponseEnvelope, coerceFields, parseEnvelope, SoapFormatError, wrapperChild } from '../siat/soap';
import { isWarning } from '../siat/messages';
import { estado, failureState, msg, SimReject, type SimMessage } from './respond';
import type { FaultConfig, SimulatorState } from './state';
import { codigosHandlers } from './handlers/codigos';
import { sincronizacionHandlers } from './handlers/sincronizacion';
import { operacionesHandlers } from './handlers/operaciones';
import { recepcionHandlers } from './handlers/recepcion';
import { comprasHandlers } from './handlers/compras';
import type { Handlers } from './handlers/types';
import { BodyTooLargeError, MAX_BODY_BYTES, readBody, sendXml } from './http-io';
import { ARCHIVO_PLACEHOLDER, checkRequestXml, splitArchivo, type RequestProblem } from './request-guard';
import type { SimLogger } from './logger';
import { outerWsdl } from './wsdl';
import { talliesOf } from './seguimiento';

const HANDLERS: Record<ServiceKey, Handlers> = {
  codigos: codigosHandlers,
  sincronizacion: sincronizacionHandlers,
  operaciones: operacionesHandlers,
  compraVenta: recepcionHandlers,
  electronica: recepcionHandlers,
  computarizada: recepcionHandlers,
  documentoAjuste: recepcionHandlers,
  telecomunicaciones: recepcionHandlers,
  servicioBasico: recepcionHandlers,
  entidadFinanciera: recepcionHandlers,
  boletoAereo: recepcionHandlers,
  recepcionCompras: comprasHandlers,
};

/** §2.0: every service answers 926 COMUNICACION EXITOSA. */
const verificarComunicacion = () => ({ mensajesList: [msg(926)], transaccion: true });

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface SoapServiceOptions {
  state: SimulatorState;
  logger: SimLogger;
  /** Base URL up to and including /v2 (the port is known only once the listener is up). */
  baseUrl: () => string;
}

interface SoapService {
  handle(req: IncomingMessage, res: ServerResponse, servicePath: string): Promise<void>;
  /** Destroys the connections kept open by `hang` (on refusal and on close). */
  abortHung(): void;
}

export function createSoapService({ state, logger, baseUrl }: SoapServiceOptions): SoapService {
  const hung = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse, servicePath: string): Promise<void> {
    const found = serviceByPath(servicePath);
    const endpoint = `${baseUrl()}/${servicePath}`;
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`No service ${servicePath}`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.searchParams.has('wsdl')) {
      sendXml(res, 200, outerWsdl(found.spec, endpoint));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST, GET' }).end();
      return;
    }
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      // §3.6's 100 MB and some room: answered, then the connection is closed unread.
      sendXml(res, 413, buildFaultEnvelope('soap:Client', `Request entity too large: ${err.message}`));
      // The rest of the body is read and dropped, up to as much again: closing a socket with unread
      // input sends a reset, which can reach the client before it has read the 413 and lose it.
      let dropped = 0;
      req.on('data', (c: Buffer) => {
        dropped += c.length;
        if (dropped > MAX_BODY_BYTES) req.destroy();
      });
      req.resume();
      return;
    }
    // Issue #16: the archivo's base64 is set aside, the rest checked for size, depth and
    // namespaces before the parser reads it (request-guard.ts).
    const { xml: body, archivo } = splitArchivo(raw.toString('utf8'));
    const problem: RequestProblem | null = checkRequestXml(body);

    let operation: string | null = null;
    let parsed: ReturnType<typeof parseEnvelope> | null = null;
    let parseError = 'not a SOAP envelope';
    if (!problem) {
      try {
        parsed = parseEnvelope(body);
        if (parsed.kind === 'body') operation = parsed.wrapperName;
      } catch (err) {
        parseError = err instanceof Error ? err.message : String(err);
      }
    }

    // Fault injection (README): decided per service/operation before anything else.
    const f = state.faults.config;
    let garble: FaultConfig['garble'];
    if (state.faults.appliesTo(found.key, servicePath, operation)) {
      state.faults.spend();
      if (f.mode === 'refuse') {
        // Scoped refusal: the connection is destroyed without an answer (client sees reset); with
        // accept-before-timeout, after the request was processed ("received, answer lost").
        if (state.faults.acceptBeforeTimeout && parsed?.kind === 'body') {
          await answer(req, found.key, found.spec.path, parsed.wrapperName, parsed.wrapper, archivo).catch(() => undefined);
        }
        req.socket.destroy();
        return;
      }
      if (f.mode === 'http500') {
        sendXml(res, 500, buildFaultEnvelope('soap:Server', 'Internal Server Error'));
        return;
      }
      if (f.mode === 'hang') {
        hung.add(res);
        res.on('close', () => hung.delete(res));
        // "SIAT received it but the client timed out": process, then never answer.
        if (state.faults.acceptBeforeTimeout && parsed?.kind === 'body') {
          await answer(req, found.key, found.spec.path, parsed.wrapperName, parsed.wrapper, archivo).catch(() => undefined);
        }
        return;
      }
      if (f.mode === 'latency') await sleep(f.latencyMs ?? 0);
      if (f.mode === 'garble') garble = f.garble ?? 'omit-codigoEstado';
    }

    if (problem) {
      sendXml(res, problem.status, buildFaultEnvelope(problem.faultcode, problem.faultstring), problem.status === 413 ? { Connection: 'close' } : {});
      return;
    }
    if (!parsed) {
      sendXml(res, 500, buildFaultEnvelope('soap:Client', `Error reading XMLStreamReader: ${parseError}`));
      return;
    }
    if (parsed.kind === 'fault') {
      sendXml(res, 500, buildFaultEnvelope('soap:Client', 'Unexpected Fault in request'));
      return;
    }
    const result = await answer(req, found.key, found.spec.path, parsed.wrapperName, parsed.wrapper, archivo, garble === 'omit-codigoEstado');
    // `truncated`: processed as usual, then half the envelope goes out (README "Fault modes").
    sendXml(res, result.status, garble === 'truncated' ? result.xml.slice(0, Math.floor(result.xml.length / 2)) : result.xml);
  }

  /** Runs one operation and builds its envelope; never throws. */
  async function answer(
    req: IncomingMessage,
    serviceKey: ServiceKey,
    servicePath: string,
    operation: string,
    wrapper: unknown,
    archivo: string | null,
    omitCodigoEstado = false,
  ): Promise<{ status: number; xml: string }> {
    // Own members only: an operation named `valueOf` or `hasOwnProperty` is unknown, not a handler.
    const operations = SIAT_SERVICES[serviceKey].operations as Record<string, OperationSpec>;
    const handlers = HANDLERS[serviceKey];
    const spec = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
    const handler = operation === 'verificarComunicacion' ? verificarComunicacion : Object.hasOwn(handlers, operation) ? handlers[operation] : undefined;
    if (!spec || !handler) {
      return { status: 500, xml: buildFaultEnvelope('soap:Client', `Unexpected wrapper element {https://siat.impuestos.gob.bo/}${operation} found.`) };
    }
    const reply = (values: Record<string, unknown>) => {
      // `garble` omit-codigoEstado: the state is dropped, transaccion stays what it was.
      if (omitCodigoEstado) values = Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'codigoEstado' && k !== 'codigoDescripcion'));
      return { status: 200, xml: buildResponseEnvelope(operation, spec, values) };
    };
    const rejection = (messages: SimMessage[]) =>
      reply(spec.reception ? estado(failureState(operation), messages) : { mensajesList: messages, transaccion: false });

    // 989: `apikey: TokenApi <token>` (§1.4). Answered before the service looks at the
    // request, so reception operations get no codigoEstado either.
    const apikey = req.headers['apikey'];
    const header = Array.isArray(apikey) ? apikey[0] : apikey;
    if (!header || header.trim() !== `TokenApi ${state.token}`) {
      return reply({ mensajesList: [msg(989)], transaccion: false });
    }

    let request: Record<string, unknown>;
    try {
      request = spec.request === null ? {} : coerceFields(spec.requestFields, wrapperChild(wrapper, spec.request));
      // The archivo set aside before parsing goes back where its placeholder is.
      if (archivo !== null && request['archivo'] === ARCHIVO_PLACEHOLDER) request['archivo'] = archivo;
    } catch (err) {
      // JAX-WS style unmarshalling fault (a value of the wrong type).
      const text = err instanceof SoapFormatError ? err.message : String(err);
      return { status: 500, xml: buildFaultEnvelope('soap:Client', `Unmarshalling Error: ${text}`) };
    }

    // /admin/force-code
    let extraWarnings: SimMessage[] = [];
    const forced = state.faults.takeForcedCode(operation);
    if (forced !== undefined) {
      if (forced >= 901 && forced <= 909 && spec.reception) return reply(estado(forced));
      if (isWarning(forced)) extraWarnings = [msg(forced)];
      else return rejection([msg(forced)]);
    }

    try {
      const values: Record<string, unknown> = await handler(state, request, { servicePath, operation });
      if (extraWarnings.length) values['mensajesList'] = [...((values['mensajesList'] as SimMessage[] | undefined) ?? []), ...extraWarnings];
      logger.info(`${servicePath}/${operation} → ${String(values['codigoEstado'] ?? values['transaccion'])}`);
      // The portal's "seguimiento" counts what SIAT answered (issue 29); a garbled answer counts too.
      state.seguimiento.add(talliesOf(serviceKey, operation, request, values));
      return reply(values);
    } catch (err) {
      if (err instanceof SimReject) {
        logger.info(`${servicePath}/${operation} rejected: ${err.message}`);
        return rejection(err.messages);
      }
      logger.error(`${servicePath}/${operation} failed: ${(err as Error).stack ?? String(err)}`);
      return { status: 500, xml: buildFaultEnvelope('soap:Server', 'Fault occurred while processing.') };
    }
  }

  return {
    handle,
    abortHung() {
      for (const r of hung) r.destroy();
    },
  };
}
