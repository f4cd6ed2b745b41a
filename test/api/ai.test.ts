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

  test('status tells the truth: no vectors, the retrieval mode, each collection with its count, the corpus version', async () => {
    const res = await eng.api('/api/v1/ai/status');
    const body = await json(res);
    assert.equal(res.status, 200);
    const d = body.data;
    assert.equal(d.vectorstoreAvailable, false, 'no embedding index is loaded');
    assert.equal(d.retrieval, 'bm25+tesauro+ngramas');
    assert.equal(d.model, null);
    assert.match(d.corpusVersion, /^\d{4}\.\d{2}\.\d+$/);
    assert.deepEqual(d.collections, ['normativas', 'contingencias', 'administrador']);
    const counts = Object.fromEntries(d.colecciones.map((c: { nombre: string; fichas: number }) => [c.nombre, c.fichas]));
    assert.ok(counts.normativas >= 90, `normativas ${counts.normativas}`);
    assert.ok(counts.contingencias >= 7, 'one card per significant event');
    assert.equal(counts.administrador, 6, 'the administrator’s passages (two files, one per article)');
  });

  test('search ranks the shipped cards and the administrator’s passages together, with reference and date', async () => {
    const res = await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('¿hasta qué día puedo cancelar una boleta?')}`);
    const hits = (await json(res)).data;
    assert.equal(res.status, 200);
    assert.equal(hits[0].id, 'anulacion-plazo');
    assert.equal(hits[0].tipo, 'ficha');
    assert.equal(hits[0].coleccion, 'normativas');
    assert.match(hits[0].referencia, /RND|siatinfo/);
    assert.match(hits[0].vigenteAl, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(hits.every((h: { puntaje: number }, i: number) => i === 0 || hits[i - 1].puntaje >= h.puntaje), 'best first');

    const admin = (await json(await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('norma ficticia siete días calendario')}&limit=3`))).data;
    assert.deepEqual([admin[0].tipo, admin[0].coleccion, admin[0].fuente, admin[0].referencia], ['pasaje', 'administrador', 'prueba-anulacion.md', null]);
    assert.match(admin[0].fragmento, /siete días calendario/);

    assert.equal((await eng.api('/api/v1/ai/normativas/search')).status, 400, 'q is required');
    assert.equal((await eng.api('/api/v1/ai/normativas/search?q=x&limit=51')).status, 400);
  });

  test('chat answers a cashier with the whole card, its reference and its date', async () => {
    const body = await json(await post(eng, '/api/v1/ai/chat', { mensaje: 'se cayó el internet, ¿qué hago?' }));
    assert.equal(typeof body.data, 'string');
    assert.match(body.data, /^Evento 1: corte del servicio de internet/);
    assert.match(body.data, /Qué hace el cajero: sigue vendiendo/);
    assert.match(body.data, /Referencia: Catálogo de SIAT de eventos significativos/);
    assert.match(body.data, /Vigente al \d{2}\/\d{2}\/\d{4}/);
    assert.equal(body.message, 'Evento 1: corte del servicio de internet');
  });

  test('a SIAT code in the question goes to the error guide', async () => {
    const body = await json(await post(eng, '/api/v1/ai/chat', { mensaje: '¿Qué hago si SIAT responde 902?' }));
    assert.match(body.data, /^Código SIAT 902: RECEPCION RECHAZADA/);
    assert.match(body.data, /Qué hacer:\n1\. /);
    const amount = await json(await post(eng, '/api/v1/ai/ask', { mensaje: '¿Puedo facturar 3000 bolivianos sin carnet?' }));
    assert.notEqual(amount.data.tipo, 'guia', 'an amount is not a code');
  });

  test('chat says plainly when nothing fits and names the nearest cards', async () => {
    const body = await json(await post(eng, '/api/v1/ai/chat', { mensaje: '¿Cuál es la capital de Francia?' }));
    assert.match(body.data, /^No encontré una ficha que responda a «¿Cuál es la capital de Francia\?»\. No invento normas\./);
    assert.doesNotMatch(body.data, /Las fichas más cercanas/, 'no card is near a capital city');
    assert.doesNotMatch(body.data, /Referencia:/);
    const modem = await json(await post(eng, '/api/v1/ai/chat', { mensaje: 'tengo problemas con el modem del internet' }));
    assert.match(modem.data, /^No encontré una ficha que responda/);
    assert.match(modem.data, /Las fichas más cercanas son: «Evento 1/);
    assert.equal(body.message, 'Sin fichas que respondan');
    assert.equal((await post(eng, '/api/v1/ai/chat', { mensaje: '' })).status, 422);
    assert.equal((await post(eng, '/api/v1/ai/chat', { mensaje: 'hola', extra: 1 })).status, 400);
  });

  test('ask returns the same answer in parts', async () => {
    const d = (await json(await post(eng, '/api/v1/ai/ask', { mensaje: 'no hay luz en el local' }))).data;
    assert.equal(d.tipo, 'ficha');
    assert.equal(d.respuesta.id, 'evento-5-energia');
    assert.equal(d.respuesta.coleccion, 'contingencias');
    assert.ok(d.texto.includes(d.respuesta.fragmento));
    assert.equal(d.guia, null);
    const g = (await json(await post(eng, '/api/v1/ai/ask', { mensaje: 'la caja dice error 953' }))).data;
    assert.deepEqual([g.tipo, g.guia.codigo, g.respuesta], ['guia', 953, null]);
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

  test('issue 31 over HTTP: a composed answer with a calibrated confidence per card, a named refusal, and validate checking the lines', async () => {
    const multi = (await json(await post(eng, '/api/v1/ai/ask', { mensaje: 'diferencia entre 99001 y 99003' }))).data;
    assert.equal(multi.tipo, 'ficha');
    assert.deepEqual(multi.respuestas.map((h: { id: string }) => h.id).sort(), ['cliente-99001', 'cliente-99003']);
    assert.equal(multi.respuesta.id, multi.respuestas[0].id);
    for (const h of multi.respuestas) assert.ok(multi.texto.includes(`Referencia: ${h.referencia}`), h.id);
    const hits = (await json(await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('cuánto es el IT')}&limit=3`))).data;
    assert.equal(hits[0].id, 'it-3-transacciones');
    assert.ok(hits[0].confianza >= 0.6 && hits.slice(1).every((h: { confianza: number }) => h.confianza < hits[0].confianza), JSON.stringify(hits.map((h: { confianza: number }) => h.confianza)));
    const other = (await json(await post(eng, '/api/v1/ai/ask', { mensaje: 'cómo facturo en Perú' }))).data;
    assert.deepEqual([other.tipo, other.fueraDeAlcance, other.cercanas], ['sin-respuesta', ['la facturación de otros países'], []]);

    const good = { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, metodoPago: 1, lineas: [{ cantidad: 2, precioUnitario: 50 }] };
    const wrong = (await json(await post(eng, '/api/v1/ai/validate', { ...good, montoTotal: 150, complemento: '1A' }))).data;
    assert.deepEqual(wrong.observaciones.map((o: { campo: string; regla: string }) => [o.campo, o.regla]), [['montoTotal', 'SIAT_1013']]);
    const right = await post(eng, '/api/v1/ai/validate', { ...good, montoTotal: 100 });
    assert.deepEqual((await json(right)).data, { valido: true, observaciones: [] });
    const nit = (await json(await post(eng, '/api/v1/ai/validate', { ...good, tipoDocumento: 5, nit: '1003579028', complemento: '1A', montoTotal: 100 }))).data;
    assert.deepEqual(nit.observaciones.map((o: { campo: string; regla: string }) => [o.campo, o.regla]), [['complemento', 'SIAT_1011']]);
    assert.equal((await post(eng, '/api/v1/ai/validate', { ...good, montoTotal: 100, lineas: [{ cantidad: 1 }] })).status, 400, 'a line needs its price');
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

    // What was being done (issue 24, set 12): a purchase's 987 is the supplier's NIT, fixed in Compras.
    const purchase = (await json(await post(eng, '/api/v1/ai/resolve-error', { codigoError: 987, operacion: 'compra' }))).data;
    assert.match(purchase.explicacion, /NIT del proveedor/);
    assert.match(purchase.pasos.join(' '), /en Compras elimine la compra rechazada/);
    assert.equal((await post(eng, '/api/v1/ai/resolve-error', { codigoError: 987, operacion: 'inventario' })).status, 400, 'an operation the guide does not know');
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
      ['POST', '/api/v1/ai/ask', { mensaje: 'plazo' }],
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

  test('the OpenAPI document lists the routes under the Asistente tag and documents the status', async () => {
    const doc = await json(await eng.api('/docs/json', { key: null }));
    for (const [path, method] of [
      ['/api/v1/ai/validate', 'post'],
      ['/api/v1/ai/resolve-error', 'post'],
      ['/api/v1/ai/normativas/search', 'get'],
      ['/api/v1/ai/chat', 'post'],
      ['/api/v1/ai/ask', 'post'],
      ['/api/v1/ai/status', 'get'],
    ] as const) {
      assert.deepEqual(doc.paths[path][method].tags, ['Asistente'], path);
    }
    assert.match(doc.paths['/api/v1/ai/status'].get.description, /vectorstoreAvailable es true solo cuando hay un índice de embeddings/);
    assert.match(doc.paths['/api/v1/ai/normativas/search'].get.description, /tesauro/);
  });

  test('a changed corpus file is indexed again at the next start', async () => {
    await eng.stop();
    const p = join(corpus, 'prueba-anulacion.md');
    writeFileSync(p, ANULACION.replace('siete días calendario', 'catorce días de prueba'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(p, later, later);
    eng = await startTestEngine({}, data.dir, { scheduler: false });
    const hits = (await json(await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent('norma ficticia catorce días de prueba')}`))).data;
    assert.match(hits[0].fragmento, /catorce días de prueba/);
    const old = (await json(await eng.api('/api/v1/ai/normativas/search?q=siete&limit=50'))).data;
    assert.ok(!old.some((h: { fragmento: string }) => h.fragmento.includes('siete días calendario')));
  });
});

describe('without the administrator’s texts', () => {
  let eng: TestEngine;
  before(async () => {
    eng = await startTestEngine({}, undefined, { scheduler: false });
  });
  after(() => eng.stop());

  test('out of the box the shipped cards answer; the administrator’s collection is absent', async () => {
    const status = (await json(await eng.api('/api/v1/ai/status'))).data;
    assert.deepEqual([status.vectorstoreAvailable, status.collections], [false, ['normativas', 'contingencias']]);
    const chat = await json(await post(eng, '/api/v1/ai/chat', { mensaje: '¿Cuál es el plazo para anular una factura?' }));
    assert.match(chat.data, /^Plazo para anular una factura/);
    assert.match(chat.data, /día 9 del mes siguiente/);
    const search = (await json(await eng.api('/api/v1/ai/normativas/search?q=talonario%20de%20papel'))).data;
    assert.ok(search.slice(0, 3).some((h: { id: string }) => h.id.startsWith('cafc-')));
  });

  test('without synced catalogs validate says the codes cannot be checked yet', async () => {
    const body = await json(await post(eng, '/api/v1/ai/validate', { nit: '5115889', razonSocial: 'Juan Pérez', tipoDocumento: 1, montoTotal: 10, metodoPago: 1 }));
    assert.equal(body.data.valido, false);
    assert.ok(body.data.observaciones.every((o: { regla: string }) => o.regla === 'CATALOG_NOT_SYNCED'));
  });
});
