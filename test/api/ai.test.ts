// The assistant over real HTTP: a training engine whose data folder holds a small corpus the test
// writes itself. The corpus is INVENTED TEST TEXT ("norma ficticia"), not Bolivian regulation.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { tempDir } from '../fixtures/tmp';

const ANULACION = `<!-- Datos de prueba de los tests de Kipu: texto inventado, NO es normativa del SIN. -->
# Norma ficticia de prueba sobre anulación

## Artículo 1.- (Plazo de anulación)

En esta norma ficticia, una factura de prueba se puede anular dentro de un plazo de siete días calendario.
La caja de prueba registra el motivo de la anulación.

## Artículo 2.- (Impresión)

El ticket de prueba se imprime en papel de ochenta milímetros.
`;

const CONTINGENCIA = `NORMA FICTICIA DE PRUEBA PARA LOS TESTS DE KIPU (texto inventado, no es normativa real)

ARTÍCULO 1.- (EVENTO) Cuando el sistema de prueba no responde, la caja de prueba registra un evento de contingencia.

ARTÍCULO 2.- (PAQUETES) Los paquetes de facturas emitidas fuera de línea se envían dentro de las setenta y dos horas de prueba.
`;

async function json(res: Response): Promise<any> {
  return res.json();
}

function post(eng: TestEngine, path: string, body: unknown, key?: string | null): Promise<Response> {
  return eng.api(path, { method: 'POST', json: body, ...(key !== undefined ? { key } : {}) });
}

describe('with a corpus installed', () => {
  const data = tempDir();
  const corpus = join(data.dir, 'normativa');
  let eng: TestEngine;

  before(async () => {
    mkdirSync(join(corpus, 'contingencia'), { recursive: true });
    writeFileSync(join(corpus, 'prueba-anulacion.md'), ANULACION);
    writeFileSync(join(corpus, 'contingencia', 'prueba-eventos.txt'), CONTINGENCIA);
    eng = await startTestEngine({}, data.dir, { scheduler: false });
    const sync = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
    assert.equal(sync.status, 200, 'catalogs synced for validate');
  });
  after(async () => {
    await eng.stop();
    data.cleanup();
  });

  test('status: the index has passages, in the normativas collection', async () => {
    const res = await eng.api('/api/v1/ai/status');
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.equal(body.success, true);
    assert.deepEqual(body.data, { vectorstoreAvailable: true, collections: ['normativas'] });
  });

  test('search ranks the passage that carries the query words first, with source, heading and BM25 score', async () => {
    const res = await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('plazo de anulación')}`);
    const body = await json(res);
    assert.equal(res.status, 200);
    const hits = body.data as { fuente: string; titulo: string; fragmento: string; puntaje: number; coleccion: string }[];
    assert.ok(hits.length >= 1);
    assert.equal(hits[0]!.fuente, 'prueba-anulacion.md');
    assert.equal(hits[0]!.titulo, 'Norma ficticia de prueba sobre anulación › Artículo 1.- (Plazo de anulación)');
    assert.match(hits[0]!.fragmento, /siete días calendario/);
    assert.equal(hits[0]!.coleccion, 'normativas');
    assert.ok(hits.every((h, i) => i === 0 || hits[i - 1]!.puntaje >= h.puntaje), 'best first');
    assert.ok(hits[0]!.puntaje > (hits[1]?.puntaje ?? -Infinity));

    const other = (await json(await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('paquetes fuera de línea')}&limit=1`))).data;
    assert.deepEqual(other.map((h: { fuente: string; titulo: string }) => [h.fuente, h.titulo]), [['contingencia/prueba-eventos.txt', 'ARTÍCULO 2.- (PAQUETES)']]);

    const none = await json(await eng.api('/api/v1/ai/normativas/search?q=helic%C3%B3ptero'));
    assert.deepEqual([none.data, none.message], [[], 'Sin coincidencias']);
    assert.equal((await eng.api('/api/v1/ai/normativas/search')).status, 400, 'q is required');
    assert.equal((await eng.api('/api/v1/ai/normativas/search?q=x&limit=51')).status, 400);
  });

  test('chat answers by quoting the passage verbatim and citing its source', async () => {
    const res = await post(eng, '/api/v1/ai/chat', { mensaje: '¿Cuál es el plazo para anular una factura?' });
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.equal(typeof body.data, 'string');
    assert.match(body.data, /Según prueba-anulacion\.md \(Norma ficticia de prueba sobre anulación › Artículo 1\.- \(Plazo de anulación\)\): «/);
    assert.ok(body.data.includes('En esta norma ficticia, una factura de prueba se puede anular dentro de un plazo de siete días calendario.'), 'verbatim sentence');
    assert.doesNotMatch(body.data, /ochenta milímetros/);
    assert.equal(body.message, 'Citas de prueba-anulacion.md');
  });

  test('chat says plainly when nothing in the corpus answers, and quotes nothing', async () => {
    const body = await json(await post(eng, '/api/v1/ai/chat', { mensaje: '¿Cuánto cuesta un pasaje en avión a Cochabamba?' }));
    assert.equal(body.success, true);
    assert.match(body.data, /^No encontré en la normativa instalada un pasaje que responda a «¿Cuánto cuesta un pasaje en avión a Cochabamba\?»/);
    assert.doesNotMatch(body.data, /Según/);
    assert.equal(body.message, 'Sin pasajes que respondan');
    assert.equal((await post(eng, '/api/v1/ai/chat', { mensaje: '' })).status, 422);
    assert.equal((await post(eng, '/api/v1/ai/chat', { mensaje: 'hola', extra: 1 })).status, 400);
  });

  test('validate accepts good data against the synced catalogs', async () => {
    const res = await post(eng, '/api/v1/ai/validate', { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, montoTotal: 99.5, metodoPago: 1, detalle: 'Jugo de naranja' });
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.deepEqual(body.data, { valido: true, observaciones: [] });
    assert.equal(body.message, 'Datos válidos para emitir');
    const noDetail = await json(await post(eng, '/api/v1/ai/validate', { nit: '1003579028', razonSocial: 'EMPRESA SRL', tipoDocumento: 5, montoTotal: 10, metodoPago: 1 }));
    assert.equal(noDetail.data.valido, true, 'detalle is optional');
  });

  test('validate flags each bad field with its rule, in Spanish', async () => {
    const good = { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, montoTotal: 99.5, metodoPago: 1 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tipoDocumento: 5, nit: '12-AB' }, 'nit', 'NIT_FORMAT'],
      [{ nit: '0', razonSocial: 'S/N', montoTotal: 3500 }, 'nit', 'SIAT_1010'],
      [{ razonSocial: '   ' }, 'razonSocial', 'REQUIRED'],
      [{ tipoDocumento: 9 }, 'tipoDocumento', 'CATALOG'],
      [{ metodoPago: 29 }, 'metodoPago', 'CATALOG'], // CONTRACT §7: 28 and 29 do not exist
      [{ montoTotal: 0 }, 'montoTotal', 'UNIT_PRICE_NOT_POSITIVE'],
      [{ montoTotal: 12.345 }, 'montoTotal', 'DECIMALS'],
    ];
    for (const [patch, campo, regla] of cases) {
      const body = await json(await post(eng, '/api/v1/ai/validate', { ...good, ...patch }));
      assert.equal(body.data.valido, false, JSON.stringify(patch));
      assert.deepEqual(
        body.data.observaciones.map((o: { campo: string; regla: string; nivel: string }) => [o.campo, o.regla, o.nivel]),
        [[campo, regla, 'error']],
        JSON.stringify(patch),
      );
      assert.ok(body.data.observaciones[0].mensaje.length > 0);
    }
    const card = await json(await post(eng, '/api/v1/ai/validate', { ...good, metodoPago: 2 }));
    assert.equal(card.data.valido, true);
    assert.deepEqual(card.data.observaciones.map((o: { regla: string; nivel: string }) => [o.regla, o.nivel]), [['CARD_REQUIRED', 'aviso']]);
    assert.match(card.data.observaciones[0].mensaje, /número de tarjeta/);

    assert.equal((await post(eng, '/api/v1/ai/validate', { ...good, montoTotal: '99.50' })).status, 400, 'money is never coerced from text');
    assert.equal((await post(eng, '/api/v1/ai/validate', { nit: '1' })).status, 400, 'required fields');
  });

  test('resolve-error explains a known SIAT code with SIAT’s text and Kipu’s next steps', async () => {
    const body = await json(await post(eng, '/api/v1/ai/resolve-error', { codigoError: 995, mensajeError: 'SERVICIO NO DISPONIBLE', contexto: 'emitir una factura' }));
    assert.equal(body.success, true);
    assert.equal(body.data.codigo, 995);
    assert.equal(body.data.descripcionSiat, 'SERVICIO NO DISPONIBLE');
    assert.equal(body.data.conocido, true);
    assert.match(body.data.explicacion, /Falla pasajera/);
    assert.ok(body.data.pasos.some((p: string) => /Kipu emite fuera de línea/.test(p)));

    const rejected = (await json(await post(eng, '/api/v1/ai/resolve-error', { codigoError: 902 }))).data;
    assert.deepEqual([rejected.descripcionSiat, rejected.conocido], ['RECEPCION RECHAZADA', true]);
  });

  test('resolve-error answers an unknown code with the message echoed and conocido false', async () => {
    const body = await json(await post(eng, '/api/v1/ai/resolve-error', { codigoError: 7777, mensajeError: 'MENSAJE NUEVO DE SIAT', contexto: 'anular' }));
    assert.equal(body.data.codigo, 7777);
    assert.equal(body.data.conocido, false);
    assert.equal(body.data.descripcionSiat, 'MENSAJE NUEVO DE SIAT');
    assert.match(body.data.explicacion, /«MENSAJE NUEVO DE SIAT»/);
    assert.ok(body.data.pasos.length >= 2);
    assert.equal((await post(eng, '/api/v1/ai/resolve-error', { mensajeError: 'x' })).status, 400, 'codigoError is required');
  });

  test('every assistant route needs an API key', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/ai/status'],
      ['GET', '/api/v1/ai/normativas/search?q=plazo'],
      ['POST', '/api/v1/ai/chat', { mensaje: 'plazo' }],
      ['POST', '/api/v1/ai/validate', { nit: '1', razonSocial: 'x', tipoDocumento: 1, montoTotal: 1, metodoPago: 1 }],
      ['POST', '/api/v1/ai/resolve-error', { codigoError: 995 }],
    ];
    for (const [method, path, json] of calls) {
      for (const key of [null, 'kipu_zzzzzzzz_NoExisteEstaClave0000']) {
        const res = await eng.api(path, { method, key, ...(json ? { json } : {}) });
        const body = await res.json();
        assert.equal(res.status, 401, `${method} ${path} key=${key}`);
        assert.equal(body.success, false);
        assert.equal(body.error.code, 'UNAUTHORIZED');
      }
    }
  });

  test('the OpenAPI document lists the routes under the Asistente tag and says the search is lexical', async () => {
    const doc = await json(await eng.api('/docs/json', { key: null }));
    for (const [path, method] of [
      ['/api/v1/ai/validate', 'post'],
      ['/api/v1/ai/resolve-error', 'post'],
      ['/api/v1/ai/normativas/search', 'get'],
      ['/api/v1/ai/chat', 'post'],
      ['/api/v1/ai/status', 'get'],
    ] as const) {
      assert.deepEqual(doc.paths[path][method].tags, ['Asistente'], path);
    }
    assert.match(doc.paths['/api/v1/ai/normativas/search'].get.description, /no es búsqueda semántica/);
  });

  test('a changed corpus file is indexed again at the next start', async () => {
    await eng.stop();
    const p = join(corpus, 'prueba-anulacion.md');
    writeFileSync(p, ANULACION.replace('siete días calendario', 'catorce días de prueba'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(p, later, later);
    eng = await startTestEngine({}, data.dir, { scheduler: false });
    const hits = (await json(await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('plazo anulación')}`))).data;
    assert.match(hits[0].fragmento, /catorce días de prueba/);
    assert.equal((await json(await eng.api('/api/v1/ai/normativas/search?q=siete'))).data.length, 0);
  });
});

describe('without a corpus', () => {
  let eng: TestEngine;
  before(async () => {
    eng = await startTestEngine({}, undefined, { scheduler: false });
  });
  after(() => eng.stop());

  test('status reports no index and no collections', async () => {
    const body = await json(await eng.api('/api/v1/ai/status'));
    assert.deepEqual(body.data, { vectorstoreAvailable: false, collections: [] });
  });

  test('chat and search say there is no regulation installed instead of answering', async () => {
    const chat = await json(await post(eng, '/api/v1/ai/chat', { mensaje: '¿Cuál es el plazo para anular una factura?' }));
    assert.match(chat.data, /^No hay normativa instalada en este equipo/);
    assert.match(chat.data, /KIPU_AI_CORPUS_DIR/);
    assert.equal(chat.message, 'No hay normativa instalada');
    const search = await json(await eng.api('/api/v1/ai/normativas/search?q=plazo'));
    assert.deepEqual([search.data, search.message], [[], 'No hay normativa instalada']);
  });

  test('without synced catalogs validate says the codes cannot be checked yet', async () => {
    const body = await json(await post(eng, '/api/v1/ai/validate', { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, montoTotal: 10, metodoPago: 1 }));
    assert.equal(body.data.valido, false);
    assert.ok(body.data.observaciones.every((o: { regla: string }) => o.regla === 'CATALOG_NOT_SYNCED'));
  });
});
