// The pure parts of `certify` (issue 29): counts and their reduction, the events found by their
// description in the synced catalog (whatever their codes), redaction of the evidence, flags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requiredPerPos, stageKey, stageSectors, stageTitle, STAGES } from '../../../main/certify/requirements';
import { mapEvents, EventMappingError } from '../../../main/certify/event-mapping';
import { redact } from '../../../main/certify/exchange-log';
import { parseCertifyArgs, CertifyUsageError } from '../../../main/certify/command';
import { phaseThreeChecks } from '../../../main/certify/phase-three';
import { SIGNIFICANT_EVENTS } from '../../../main/siat/code-catalog';
import { unansweredText } from '../../../main/certify/stages/emission';

const stage = (name: string) => STAGES.find((s) => s.name === name)!;

test('full counts are the SIN’s (per point of sale; totals across PV 0 and 1) and a reduced run divides them', () => {
  assert.equal(requiredPerPos(stage('catalogs'), 1), 900);
  assert.equal(requiredPerPos(stage('cufd'), 1), 100);
  assert.equal(requiredPerPos(stage('emission'), 1) * 2, 500);
  assert.equal(requiredPerPos(stage('cancellation'), 1) * 2, 250);
  assert.equal(requiredPerPos(stage('reversal'), 1) * 2, 98);
  assert.equal(requiredPerPos(stage('cuis'), 1), 2);
  // Reduced: never below one step; catalogs in whole rounds of 18.
  assert.equal(requiredPerPos(stage('cuis'), 25), 1);
  assert.equal(requiredPerPos(stage('catalogs'), 25), 36);
  assert.equal(requiredPerPos(stage('emission'), 25), 10);
  assert.throws(() => requiredPerPos(stage('cufd'), 0), RangeError);
});

test('events are mapped by the catalog’s description, so the 2022 reordering of 5–7 does not matter', () => {
  const catalog = SIGNIFICANT_EVENTS.map((e) => ({ codigo: String(e.code), descripcion: e.description, actividad: null, extra: null }));
  const byKey = Object.fromEntries(mapEvents(catalog).map((m) => [m.key, m.codigo]));
  assert.deepEqual(byKey, { internet: 1, 'web-service': 2, vehicle: 3, 'no-internet-place': 4, power: 5, software: 6, hardware: 7 });
  // The same descriptions under other codes (and without accents): the codes follow the descriptions.
  const reordered = catalog.map((c) => ({ ...c, codigo: c.codigo === '5' ? '7' : c.codigo === '7' ? '5' : c.codigo, descripcion: c.descripcion.normalize('NFD').replace(/[\u0300-\u036f]/g, '') }));
  const mapped = mapEvents(reordered);
  assert.equal(mapped.find((m) => m.key === 'power')!.codigo, 7);
  assert.equal(mapped.find((m) => m.key === 'hardware')!.codigo, 5);
  assert.deepEqual(mapped.filter((m) => m.cafc).map((m) => m.key), ['power', 'software', 'hardware']);
  assert.throws(() => mapEvents(catalog.filter((c) => c.codigo !== '6')), (e: unknown) => e instanceof EventMappingError && /VIRUS/.test((e as Error).message));
  assert.throws(() => mapEvents([]), /sincronice los catálogos/);
});

test('the evidence never keeps the token nor a PEM block', () => {
  const text = 'apikey: TokenApi SECRET-TOKEN-XYZ\n<cuis>ABC</cuis>\n-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
  const out = redact(text, ['SECRET-TOKEN-XYZ']);
  assert.ok(!out.includes('SECRET-TOKEN-XYZ'));
  assert.ok(!out.includes('MIIE'));
  assert.ok(out.includes('<cuis>ABC</cuis>'));
});

test('flags: each bad one is refused with its own Spanish message', () => {
  const ok = parseCertifyArgs(['--nit', '123', '--reducido', '10', '--ritmo', '2.5', '--sistema', 'abc1']);
  assert.equal(ok.scale, 10);
  assert.equal(ok.ratePerSecond, 2.5);
  assert.equal(ok.sistema, 'ABC1');
  const bad = (args: string[], re: RegExp) => assert.throws(() => parseCertifyArgs(args), (e: unknown) => e instanceof CertifyUsageError && re.test((e as Error).message));
  bad([], /Falta --nit/);
  bad(['--nit', '1', '--reducido', '0'], /--reducido debe ser un entero positivo/);
  bad(['--nit', '1', '--ritmo', '0'], /--ritmo/);
  bad(['--nit', '1', '--modalidad', '3'], /--modalidad/);
  bad(['--nit', '1', '--sectores', '30'], /sector 30 \(Boleto aéreo.*\) se emite solo por recepción masiva/);
  bad(['--nit', '1', '--sectores', '1,99'], /Kipu no emite el documento sector 99/);
  assert.deepEqual(parseCertifyArgs(['--nit', '1', '--sectores', '1, 11,24,11']).sectors, [1, 11, 24]);
  bad(['--nit', '1', '--cafc', 'X-1'], /--cafc: «X-1» no es un código CAFC/);
  bad(['--nit', '1', '--cafc', 'ABCDE12', '--cafc-desde', '0'], /--cafc-desde debe ser un entero positivo/);
  const marked = parseCertifyArgs(['--nit', '1', '--masivo', '--cafc', 'abcde12', '--cafc-desde', '101']);
  assert.deepEqual([marked.massive, marked.cafc, marked.cafcFrom], [true, 'abcde12', 101]);
  bad(['--nit', '1', '--url', 'ftp://x'], /--url/);
  // The simulator's admin URL (npm run siat-sim's «Admin API» line), for its seguimiento in the report.
  assert.equal(parseCertifyArgs(['--nit', '1', '--seguimiento', 'http://127.0.0.1:9/abc/admin/']).seguimiento, 'http://127.0.0.1:9/abc/admin');
  bad(['--nit', '1', '--seguimiento', 'http://127.0.0.1:9/v2'], /--seguimiento: .* no es la URL de administración del simulador/);
});

test('Phase III per client: association proven by a CUIS with the client\'s token, the pilot\'s configuration as onboarding judges it, and the client\'s own tests', () => {
  const onboarding = [
    { clave: 'ambiente' as const, titulo: 'Ambiente y URL de producción', ok: false, detalle: 'piloto' },
    { clave: 'token' as const, titulo: 'Token', ok: false, detalle: 'del piloto' },
    { clave: 'sistema' as const, titulo: 'Código de sistema autorizado', ok: true, detalle: 'Sistema ABC' },
    { clave: 'catalogos' as const, titulo: 'Catálogos', ok: false, detalle: '3 de 17' },
  ];
  const none = { validadas: [], anuladas: 0, eventosCerrados: 0 };
  const fresh = phaseThreeChecks({ onboarding, tokenSet: false, cuisAtPos0: false, codigoSistema: 'ABC', activity: none });
  // Production's environment and token are not Phase III's: the pilot's configuration is.
  assert.deepEqual(fresh.map((c) => [c.clave, c.ok]), [['asociacion', false], ['sistema', true], ['catalogos', false], ['emision', false], ['anulacion', false], ['contingencia', false]]);
  assert.match(fresh[0]!.detalle, /Falta el token delegado del cliente/);
  assert.match(phaseThreeChecks({ onboarding, tokenSet: true, cuisAtPos0: false, codigoSistema: 'ABC', activity: none })[0]!.detalle, /no está asociado \(SIAT 911\/912\)/);
  const done = phaseThreeChecks({ onboarding, tokenSet: true, cuisAtPos0: true, codigoSistema: 'ABC', activity: { validadas: [{ sector: 1, n: 12 }, { sector: 24, n: 1 }], anuladas: 2, eventosCerrados: 1 } });
  assert.deepEqual(done.filter((c) => !c.ok).map((c) => c.clave), ['catalogos']);
  assert.equal(done.find((c) => c.clave === 'emision')!.detalle, 'Compra-venta: 12 validadas · Nota de crédito-débito: 1 validada');
  assert.match(done[0]!.detalle, /sistema ABC: el sistema está asociado al NIT/);
});

test('stages run sector by sector: IV, VII, VIII and XI for every declared sector, the packages (V–VI, IX) for invoices only, I–III once', () => {
  const declared = [1, 11, 24];
  assert.deepEqual(stageSectors(stage('cufd'), declared), [null]);
  assert.deepEqual(stageSectors(stage('emission'), declared), [1, 11, 24]);
  assert.deepEqual(stageSectors(stage('cancellation'), declared), [1, 11, 24]);
  assert.deepEqual(stageSectors(stage('events'), declared), [1, 11]);
  assert.deepEqual(stageSectors(stage('massive'), [24, 29, 17]), [17]);
  // Compra-venta keeps the bare key (a run started before sectors resumes on its rows).
  assert.deepEqual([stageKey('emission', 1), stageKey('emission', 11), stageKey('cufd', null)], ['emission', 'emission:s11', 'cufd']);
  assert.equal(stageTitle(stage('emission'), 11), 'Emisión individual · Sector educativo');
});

test('--seguimiento reads the simulator’s answer up to a cap: a larger body is refused in Spanish, a normal one read', async () => {
  const { createServer } = await import('node:http');
  const { readSeguimiento, SEGUIMIENTO_MAX_BYTES } = await import('../../../main/certify/seguimiento');
  let huge = true;
  let written = 0;
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (!huge) return res.end(JSON.stringify({ etapas: [{ etapa: 'IV', puntoVenta: 0, sector: 1, cantidad: 3 }] }));
    // 4 MiB of one JSON string, in 64 KiB chunks, as fast as the client takes them.
    const chunk = 'x'.repeat(64 * 1024);
    res.write('{"etapas":[],"pad":"');
    const more = () => {
      while (written < 4 * SEGUIMIENTO_MAX_BYTES) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end('"}');
    };
    res.on('error', () => undefined);
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const tenant = { training: true, nit: '7000123019' } as Parameters<typeof readSeguimiento>[1];
  try {
    await assert.rejects(readSeguimiento({ simulator: null }, tenant, `http://127.0.0.1:${port}/admin`), /la respuesta del simulador supera 1 MiB; no se leyó/);
    huge = false;
    assert.deepEqual(await readSeguimiento({ simulator: null }, tenant, `http://127.0.0.1:${port}/admin`), [{ etapa: 'IV', puntoVenta: 0, sector: 1, cantidad: 3 }]);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('an emission step SIAT never answered names where its invoice stayed, never an empty failure', () => {
  assert.equal(unansweredText({ number: 7, state: 'CONTINGENCY' }), 'la factura 7 se emitió fuera de línea (contingencia): SIAT no respondió a tiempo');
  assert.equal(unansweredText({ number: 8, state: 'PENDING' }), 'la factura 8 quedó en estado PENDING sin respuesta de SIAT');
});
