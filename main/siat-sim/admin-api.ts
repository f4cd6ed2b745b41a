// The JSON admin API under /admin (README "Admin API" documents every endpoint): fault
// injection, forced codes, the clock, the padrón and inspection of what SIAT received.
// Runs in: SIAT simulator only.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-io';
import type { FaultConfig, SimulatorState } from './state';
import { FAULT_MODES, GARBLES, type Garble } from './state/faults';
import { TRAINING_TAXPAYER } from './training-taxpayer';
import { findSector } from '../siat/code-catalog';

interface AdminApiOptions {
  state: SimulatorState;
  /** Base URL of the SOAP services (for GET /admin/state). */
  soapUrl: () => string;
  /** Whether the SOAP listener is closed by an unscoped `refuse`. */
  refusing: () => boolean;
  /** Closes or reopens the SOAP listener to match the faults now set. */
  applyRefusal: () => Promise<void>;
}

type AdminApi = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

export function createAdminApi({ state, soapUrl, refusing, applyRefusal }: AdminApiOptions): AdminApi {
  return async function handleAdmin(req, res, path) {
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      const text = (await readBody(req)).toString('utf8').trim();
      if (text) {
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          sendJson(res, 400, { error: 'invalid JSON' });
          return;
        }
      }
    }
    const route = `${req.method} ${path}`;
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    switch (route) {
      case 'GET /admin':
      case 'GET /admin/state':
        sendJson(res, 200, { url: soapUrl(), refusing: refusing(), ...state.summary() });
        return;
      case 'GET /admin/received': {
        // ?sector=N: only the documents received in that document sector.
        const sector = query.get('sector');
        if (sector !== null && !/^\d{1,3}$/.test(sector)) {
          sendJson(res, 400, { error: 'sector must be a codigoDocumentoSector' });
          return;
        }
        sendJson(res, 200, state.reception.receivedDocuments(sector === null ? {} : { sector: Number(sector) }));
        return;
      }
      case 'GET /admin/seguimiento': {
        // The portal's "seguimiento" of the authorization tests: per stage and point of sale (read only).
        const nit = query.get('nit') ?? String(TRAINING_TAXPAYER.nit);
        if (!/^\d{1,20}$/.test(nit)) {
          sendJson(res, 400, { error: 'nit must be digits' });
          return;
        }
        sendJson(res, 200, { nit, etapas: state.seguimiento.of(nit) });
        return;
      }
      case 'GET /admin/duplicates':
        // Numbers registered under more than one CUF: what must never happen (issue 32).
        sendJson(res, 200, state.reception.duplicateNumbers());
        return;
      case 'GET /admin/sectors': {
        const nit = query.get('nit') ?? String(TRAINING_TAXPAYER.nit);
        if (!state.padron.taxpayer(nit)) {
          sendJson(res, 404, { error: `unknown NIT ${nit}` });
          return;
        }
        sendJson(res, 200, { nit, sectors: state.padron.sectors(nit) });
        return;
      }
      case 'POST /admin/sectors': {
        // The document sectors the SIN enables for a NIT; any other is refused with 940.
        const nit = String(body['nit'] ?? TRAINING_TAXPAYER.nit);
        const sectors = body['sectors'];
        if (!Array.isArray(sectors) || sectors.length === 0 || !sectors.every((x) => typeof x === 'number' && findSector(x) !== undefined)) {
          sendJson(res, 400, { error: '{ nit?, sectors: [codigoDocumentoSector, …] } (at least one, each in SIAT\'s catalog)' });
          return;
        }
        if (!state.padron.taxpayer(nit)) {
          sendJson(res, 404, { error: `unknown NIT ${nit}` });
          return;
        }
        state.padron.setSectors(nit, sectors as number[]);
        sendJson(res, 200, { nit, sectors: state.padron.sectors(nit) });
        return;
      }
      case 'POST /admin/faults': {
        const mode = body['mode'];
        if (!(FAULT_MODES as readonly string[]).includes(String(mode))) {
          sendJson(res, 400, { error: `mode must be ${FAULT_MODES.join(' | ')}` });
          return;
        }
        const garble = body['garble'];
        if (garble !== undefined && !(GARBLES as readonly unknown[]).includes(garble)) {
          sendJson(res, 400, { error: `garble must be ${GARBLES.join(' | ')}` });
          return;
        }
        const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined);
        const cfg: FaultConfig = { mode: mode as FaultConfig['mode'] };
        if (typeof body['latencyMs'] === 'number') cfg.latencyMs = body['latencyMs'];
        if (mode === 'garble') cfg.garble = (garble as Garble | undefined) ?? 'omit-codigoEstado';
        const services = strings(body['services']);
        const operations = strings(body['operations']);
        if (services) cfg.services = services;
        if (operations) cfg.operations = operations;
        const times = body['times'];
        if (times !== undefined) {
          if (!Number.isInteger(times) || (times as number) < 1) {
            sendJson(res, 400, { error: 'times must be a whole number ≥ 1' });
            return;
          }
          if (mode === 'refuse' && !services && !operations) {
            sendJson(res, 400, { error: 'times needs services or operations (an unscoped refuse closes the listener)' });
            return;
          }
          cfg.times = times as number;
        }
        state.faults.config = cfg;
        // Sockets are closed before the admin answers, so no client reuses a dead keep-alive.
        await applyRefusal();
        sendJson(res, 200, { faults: cfg });
        return;
      }
      case 'POST /admin/cafc': {
        // A CAFC booklet the SIN authorized for a NIT (1045–1047 checks of transcribed invoices).
        const nit = String(body['nit'] ?? TRAINING_TAXPAYER.nit);
        const { codigo, desde, hasta, fechaDesde, fechaHasta } = body as Record<string, unknown>;
        const day = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
        if (typeof codigo !== 'string' || !/^[0-9A-Za-z]{5,20}$/.test(codigo) || !Number.isInteger(desde) || !Number.isInteger(hasta) || (desde as number) > (hasta as number) || !day(fechaDesde) || !day(fechaHasta)) {
          sendJson(res, 400, { error: '{ nit?, codigo, desde, hasta, fechaDesde: yyyy-MM-dd, fechaHasta: yyyy-MM-dd }' });
          return;
        }
        state.cafc.add(nit, { codigo, desde: desde as number, hasta: hasta as number, fechaDesde: fechaDesde as string, fechaHasta: fechaHasta as string });
        sendJson(res, 200, { nit, cafc: state.cafc.find(nit, codigo) });
        return;
      }
      case 'POST /admin/reset-faults':
        state.faults.reset();
        await applyRefusal();
        sendJson(res, 200, { faults: state.faults.config });
        return;
      case 'POST /admin/force-code': {
        const operation = body['operation'];
        const codigo = body['codigo'];
        if (typeof operation !== 'string' || typeof codigo !== 'number') {
          sendJson(res, 400, { error: '{ operation: string, codigo: number, times?: number }' });
          return;
        }
        const times = typeof body['times'] === 'number' ? body['times'] : 1;
        state.faults.forcedCodes.set(operation, { codigo, remaining: times });
        sendJson(res, 200, { operation, codigo, times });
        return;
      }
      case 'POST /admin/reject-files': {
        const numeroArchivo = Array.isArray(body['numeroArchivo']) ? body['numeroArchivo'].map(Number) : undefined;
        const cufs = Array.isArray(body['cufs']) ? body['cufs'].map(String) : typeof body['cuf'] === 'string' ? [body['cuf']] : undefined;
        const codigo = typeof body['codigo'] === 'number' ? body['codigo'] : 1013;
        state.faults.rejectFilesNext = { codigo, ...(numeroArchivo ? { numeroArchivo } : {}), ...(cufs ? { cufs } : {}) };
        sendJson(res, 200, { rejectFilesNext: state.faults.rejectFilesNext });
        return;
      }
      case 'POST /admin/file-numbering': {
        if (body['base'] !== 0 && body['base'] !== 1) {
          sendJson(res, 400, { error: 'base must be 0 or 1' });
          return;
        }
        state.faults.fileNumberBase = body['base'];
        sendJson(res, 200, { base: state.faults.fileNumberBase });
        return;
      }
      case 'POST /admin/clock': {
        if (typeof body['skewMs'] === 'number') state.clock.skewMs = body['skewMs'];
        else if (typeof body['now'] === 'string' || typeof body['now'] === 'number') {
          const d = new Date(body['now']);
          if (Number.isNaN(d.getTime())) {
            sendJson(res, 400, { error: 'invalid now' });
            return;
          }
          state.clock.set(d);
        } else {
          sendJson(res, 400, { error: '{ skewMs: number } or { now: ISO string }' });
          return;
        }
        sendJson(res, 200, { now: state.clock.now().toISOString(), skewMs: state.clock.skewMs });
        return;
      }
      case 'POST /admin/expire-cufds':
        sendJson(res, 200, { expired: state.codes.expireAllCufds() });
        return;
      case 'POST /admin/pin-certificate': {
        const nit = body['nit'];
        const certPem = body['certPem'];
        if ((typeof nit !== 'string' && typeof nit !== 'number') || typeof certPem !== 'string') {
          sendJson(res, 400, { error: '{ nit, certPem }' });
          return;
        }
        state.padron.pinCertificate(String(nit), certPem);
        sendJson(res, 200, { nit: String(nit) });
        return;
      }
      case 'POST /admin/accept-before-timeout':
        state.faults.acceptBeforeTimeout = body['enabled'] !== false;
        sendJson(res, 200, { acceptBeforeTimeout: state.faults.acceptBeforeTimeout });
        return;
      case 'POST /admin/nit-status': {
        const status = String(body['status'] ?? '');
        if (!['ACTIVO', 'INACTIVO', 'INEXISTENTE'].includes(status) || body['nit'] === undefined) {
          sendJson(res, 400, { error: '{ nit, status: ACTIVO | INACTIVO | INEXISTENTE }' });
          return;
        }
        state.padron.setNitStatus(String(body['nit']), status);
        sendJson(res, 200, { nit: String(body['nit']), status });
        return;
      }
      case 'POST /admin/branch': {
        // A sucursal added to the padrón, as the SIN's portal does (SIAT has no operation for it).
        const codigo = body['codigoSucursal'];
        const nit = String(body['nit'] ?? TRAINING_TAXPAYER.nit);
        const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() ? (body[k] as string).trim() : undefined);
        if (typeof codigo !== 'number' || !Number.isInteger(codigo) || codigo < 0 || codigo > 9999) {
          sendJson(res, 400, { error: '{ codigoSucursal: 0–9999, nit?, direccion?, municipio? }' });
          return;
        }
        const tp = state.padron.taxpayer(nit);
        if (!tp) {
          sendJson(res, 404, { error: `unknown NIT ${nit}` });
          return;
        }
        state.padron.addBranch(nit, { codigoSucursal: codigo, direccion: text('direccion') ?? `SUCURSAL ${codigo}`, municipio: text('municipio') ?? tp.municipio });
        sendJson(res, 200, { nit, branches: state.padron.branches(nit) });
        return;
      }
      case 'POST /admin/massive': {
        // The SIN portal's registration for massive issuance (CONTRACT §2.4: 955 without it).
        const nit = String(body['nit'] ?? TRAINING_TAXPAYER.nit);
        if (typeof body['enabled'] !== 'boolean') {
          sendJson(res, 400, { error: '{ enabled: boolean, nit? = training NIT }' });
          return;
        }
        if (!state.padron.setMassive(nit, body['enabled'])) {
          sendJson(res, 404, { error: `unknown NIT ${nit}` });
          return;
        }
        sendJson(res, 200, { nit, masiva: body['enabled'] });
        return;
      }
      case 'POST /admin/ambiente': {
        if (body['ambiente'] !== 1 && body['ambiente'] !== 2) {
          sendJson(res, 400, { error: '{ ambiente: 1 | 2 }' });
          return;
        }
        state.ambiente = body['ambiente'];
        sendJson(res, 200, { ambiente: state.ambiente });
        return;
      }
      default:
        sendJson(res, 404, { error: `no admin route ${route}` });
    }
  };
}
