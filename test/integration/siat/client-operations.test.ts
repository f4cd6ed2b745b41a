// The SIAT client against the simulator: every operation of every service, happy path.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SIAT_SERVICES, type ServiceKey } from '../../../main/siat/operations';
import { formatSiatDateTime } from '../../../main/siat/datetime';
import { SiatRejectionError } from '../../../main/siat/errors';
import type { SiatClient } from '../../../main/siat/client';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import {
  T,
  archivoFields,
  base,
  buildInvoice,
  openSession,
  packageFields,
  receptionBase,
  renewCufd,
  startSim,
  type Session,
} from '../../fixtures/siat-invoice';

let sim: SiatSimulator;
let client: SiatClient;

before(async () => {
  ({ sim, client } = await startSim());
});
after(async () => {
  await sim.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function poll<R extends { codigoEstado?: number }>(fn: () => Promise<R>): Promise<R> {
  for (let i = 0; i < 100; i++) {
    const r = await fn();
    if (r.codigoEstado !== 901) return r;
    await sleep(20);
  }
  throw new Error('package still pending');
}

describe('FacturacionCodigos', () => {
  test('cuis, cufd, masivos, verificarNit, verificarComunicacion, notificaCertificadoRevocado', async () => {
    const s = await openSession(client, 2);
    assert.match(s.cuis, /^[0-9A-F]{8}$/);
    assert.match(s.codigoControl, /^[0-9A-F]{15}$/);
    assert.equal(s.direccion, T.direccion);

    const pv = await client.operaciones.registroPuntoVenta({
      ...base(2), codigoTipoPuntoVenta: 5, cuis: s.cuis, descripcion: 'CAJA 2', nombrePuntoVenta: 'CAJA 2',
    });
    const cuisM = await client.codigos.cuisMasivo({
      ...base(2),
      datosSolicitud: [{ codigoSucursal: 0, codigoPuntoVenta: pv.codigoPuntoVenta! }, { codigoSucursal: 7, codigoPuntoVenta: 0 }],
    });
    assert.equal(cuisM.transaccion, true);
    assert.equal(cuisM.listaRespuestasCuis.length, 2);
    assert.equal(cuisM.listaRespuestasCuis[0]!.transaccion, true);
    assert.equal(cuisM.listaRespuestasCuis[1]!.transaccion, false);
    assert.equal(cuisM.listaRespuestasCuis[1]!.mensajeServicioList[0]!.codigo, 918);

    const cufdM = await client.codigos.cufdMasivo({
      ...base(2),
      datosSolicitud: [{ codigoSucursal: 0, codigoPuntoVenta: pv.codigoPuntoVenta!, cuis: cuisM.listaRespuestasCuis[0]!.codigo! }],
    });
    assert.equal(cufdM.listaRespuestasCufd[0]!.transaccion, true);
    assert.match(cufdM.listaRespuestasCufd[0]!.codigoControl!, /^[0-9A-F]{15}$/);

    const nitReq = { ...base(2), cuis: s.cuis };
    const active = await client.codigos.verificarNit({ ...nitReq, nitParaVerificacion: 1003579028 });
    assert.deepEqual(active.mensajesList, [{ codigo: 986, descripcion: 'NIT ACTIVO' }]);
    await assert.rejects(client.codigos.verificarNit({ ...nitReq, nitParaVerificacion: 1000000011 }), (e: unknown) => e instanceof SiatRejectionError && e.has(987));
    await assert.rejects(client.codigos.verificarNit({ ...nitReq, nitParaVerificacion: 5555 }), (e: unknown) => e instanceof SiatRejectionError && e.has(994));

    const com = await client.codigos.verificarComunicacion();
    assert.equal(com.mensajesList[0]!.codigo, 926);

    const rev = await client.codigos.notificaCertificadoRevocado({
      certificado: 'MIIB...', codigoAmbiente: 2, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis,
      fechaRevocacion: new Date(), nit: T.nit, razonRevocacion: 'CLAVE COMPROMETIDA',
    });
    assert.equal(rev.transaccion, true);
  });

  test('asking for a CUIS while one is in force answers 980 with the existing CUIS', async () => {
    const s = await openSession(client, 1);
    const err = await client.codigos.cuis({ ...base(1), codigoPuntoVenta: 0 }).then(
      () => assert.fail('expected 980'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof SiatRejectionError);
    assert.ok(err.has(980));
    assert.equal((err.response as { codigo: string }).codigo, s.cuis);
  });
});

describe('FacturacionSincronizacion', () => {
  test('every sincronizar operation answers its list', async () => {
    const s = await openSession(client, 2);
    const req = { codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis, nit: T.nit };
    const ops = Object.keys(SIAT_SERVICES.sincronizacion.operations).filter((o) => o !== 'verificarComunicacion');
    assert.equal(ops.length, 18);
    for (const op of ops) {
      const r = (await client.call('sincronizacion', op as 'sincronizarActividades', req)) as Record<string, unknown>;
      assert.equal(r['transaccion'], true, op);
      if (op === 'sincronizarFechaHora') {
        assert.match(String(r['fechaHora']), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
        continue;
      }
      const list = Object.entries(r).find(([k, v]) => k !== 'mensajesList' && Array.isArray(v));
      assert.ok(list && (list[1] as unknown[]).length > 0, `${op} returns a non-empty list`);
    }
    const motivos = await client.sincronizacion.sincronizarParametricaMotivoAnulacion(req);
    assert.equal(typeof motivos.listaCodigos[0]!.codigoClasificador, 'number');
    assert.equal((await client.sincronizacion.verificarComunicacion()).mensajesList[0]!.codigo, 926);
  });
});

describe('FacturacionOperaciones', () => {
  test('points of sale: register, register comisionista, list, close; system close', async () => {
    const s = await openSession(client, 2);
    const pv = await client.operaciones.registroPuntoVenta({
      ...base(2), codigoTipoPuntoVenta: 2, cuis: s.cuis, descripcion: 'VENTANILLA', nombrePuntoVenta: 'VENTANILLA 1',
    });
    assert.ok(pv.codigoPuntoVenta! > 0);
    const com = await client.operaciones.registroPuntoVentaComisionista({
      ...base(2), cuis: s.cuis, descripcion: 'COMISIONISTA', fechaInicio: new Date(), fechaFin: new Date(Date.now() + 86_400_000 * 30),
      nitComisionista: 1003579028, nombrePuntoVenta: 'COMISIONISTA 1', numeroContrato: 'CT-1',
    });
    assert.ok(com.codigoPuntoVenta! > pv.codigoPuntoVenta!);
    const list = await client.operaciones.consultaPuntoVenta({ codigoAmbiente: 2, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis, nit: T.nit });
    assert.ok(list.listaPuntosVentas.some((p) => p.codigoPuntoVenta === pv.codigoPuntoVenta && p.nombrePuntoVenta === 'VENTANILLA 1'));
    const closed = await client.operaciones.cierrePuntoVenta({
      codigoAmbiente: 2, codigoPuntoVenta: com.codigoPuntoVenta!, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis, nit: T.nit,
    });
    assert.equal(closed.codigoPuntoVenta, com.codigoPuntoVenta);
    const after = await client.operaciones.consultaPuntoVenta({ codigoAmbiente: 2, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis, nit: T.nit });
    assert.ok(!after.listaPuntosVentas.some((p) => p.codigoPuntoVenta === com.codigoPuntoVenta));

    // cierreOperacionesSistema on a fresh PV: its CUIS stops working.
    const pvS = await openSession(client, 2, pv.codigoPuntoVenta!);
    const cierre = await client.operaciones.cierreOperacionesSistema({ ...base(2), codigoPuntoVenta: pvS.codigoPuntoVenta, cuis: pvS.cuis });
    assert.equal(cierre.codigoSistema, T.codigoSistema);
    await assert.rejects(
      client.codigos.cufd({ ...base(2), codigoPuntoVenta: pvS.codigoPuntoVenta, cuis: pvS.cuis }),
      (e: unknown) => e instanceof SiatRejectionError && e.has(929),
    );
    assert.equal((await client.operaciones.verificarComunicacion()).mensajesList[0]!.codigo, 926);
  });

  test('significant event: register and query by date', async () => {
    const s = await openSession(client, 2);
    const inicio = new Date();
    await sleep(5);
    const s2 = await renewCufd(client, s);
    const ev = await client.operaciones.registroEventoSignificativo({
      codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
      cufd: s2.cufd, cufdEvento: s.cufd, cuis: s.cuis, descripcion: 'CORTE DEL SERVICIO DE INTERNET',
      fechaHoraFinEvento: new Date(), fechaHoraInicioEvento: inicio, nit: T.nit,
    });
    assert.equal(typeof ev.codigoRecepcionEventoSignificativo, 'number');
    const q = await client.operaciones.consultaEventoSignificativo({
      codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0, cufd: s2.cufd, cuis: s.cuis,
      fechaEvento: new Date(), nit: T.nit,
    });
    const found = q.listaCodigos.find((e) => e.codigoRecepcionEventoSignificativo === ev.codigoRecepcionEventoSignificativo);
    assert.ok(found);
    assert.equal(found.codigoEvento, 1);
  });
});

/**
 * Every reception operation of one invoice service: online reception, state, annulment,
 * reversal, offline package + validation, massive package + validation, annexes.
 */
async function receptionSuite(service: ServiceKey, modalidad: 1 | 2, sector: 1 | 8 | 24, firstNumber: number): Promise<void> {
  const ops = SIAT_SERVICES[service].operations as Record<string, unknown>;
  const c = client as unknown as Record<string, Record<string, (req?: unknown) => Promise<Record<string, unknown>>>>;
  const svc = c[service]!;
  let s: Session = await openSession(client, modalidad);
  const suffix = service === 'documentoAjuste' ? 'DocumentoAjuste' : 'Factura';

  // Online. A note refers to an invoice SIAT registered: a sale first (CONTRACT §9.3).
  let note: Parameters<typeof buildInvoice>[1]['note'];
  if (sector === 24) {
    const original = buildInvoice(s, { numero: firstNumber + 90 });
    assert.equal((await client.compraVenta.recepcionFactura({ ...receptionBase(s), ...archivoFields(original.xml) } as never)).codigoEstado, 908);
    note = { original };
  }
  const online = buildInvoice(s, { numero: firstNumber, sector, ...(note ? { note } : {}) });
  const r = await svc[`recepcion${suffix}`]!({ ...receptionBase(s, 1, sector), ...archivoFields(online.xml) });
  assert.equal(r['codigoEstado'], 908, JSON.stringify(r));
  assert.equal(r['transaccion'], true);
  assert.equal(typeof r['codigoRecepcion'], 'string');

  const estado = await svc[`verificacionEstado${suffix}`]!({ ...receptionBase(s, 1, sector), cuf: online.cuf });
  assert.equal(estado['codigoEstado'], 908);
  const anul = await svc[`anulacion${suffix}`]!({ ...receptionBase(s, 1, sector), codigoMotivo: 1, cuf: online.cuf });
  assert.equal(anul['codigoEstado'], 905);
  assert.equal((await svc[`verificacionEstado${suffix}`]!({ ...receptionBase(s, 1, sector), cuf: online.cuf }))['codigoEstado'], 905);
  const rev = await svc[`reversionAnulacion${suffix}`]!({ ...receptionBase(s, 1, sector), cuf: online.cuf });
  assert.equal(rev['codigoEstado'], 907);
  assert.equal((await svc[`verificacionEstado${suffix}`]!({ ...receptionBase(s, 1, sector), cuf: online.cuf }))['codigoEstado'], 908);

  if ('recepcionAnexos' in ops) {
    const a = await svc['recepcionAnexos']!({
      ...receptionBase(s, 1, sector), cuf: online.cuf,
      anexosList: [{ codigo: '356938035643809', codigoProducto: 'HAR-1', codigoProductoSin: 23110, tipoCodigo: 'IMEI' }],
    });
    assert.equal(a['codigoEstado'], 908);
  }
  if ('recepcionAnexosSuministroEnergia' in ops) {
    const a = await svc['recepcionAnexosSuministroEnergia']!({
      ...receptionBase(s, 1, sector), giftCard: 0,
      anexosList: [{ cufFactSuministro: online.cuf, fechaRecarga: new Date(), montoRecarga: 50.5 }],
    });
    assert.equal(a['codigoEstado'], 908);
  }

  if ('recepcionPaqueteFactura' in ops) {
    // Offline: two invoices with the CUFD in force, an event, a new CUFD, the package.
    const inicio = new Date();
    await sleep(3);
    const offline = [1, 2].map((i) => buildInvoice(s, { numero: firstNumber + i, sector, emision: 2, at: new Date() }));
    await sleep(3);
    const cufdEvento = s.cufd;
    s = await renewCufd(client, s);
    const ev = await client.operaciones.registroEventoSignificativo({
      codigoAmbiente: 2, codigoMotivoEvento: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
      cufd: s.cufd, cufdEvento, cuis: s.cuis, descripcion: 'INACCESIBILIDAD AL SERVICIO WEB', fechaHoraFinEvento: new Date(),
      fechaHoraInicioEvento: inicio, nit: T.nit,
    });
    const p = await svc['recepcionPaqueteFactura']!({
      ...receptionBase(s, 2, sector), ...packageFields(offline.map((d) => d.xml)), codigoEvento: ev.codigoRecepcionEventoSignificativo,
    });
    assert.equal(p['codigoEstado'], 901);
    const v = await poll(() => svc['validacionRecepcionPaqueteFactura']!({ ...receptionBase(s, 2, sector), codigoRecepcion: p['codigoRecepcion'] }) as Promise<{ codigoEstado?: number }>);
    assert.equal(v.codigoEstado, 908, JSON.stringify(v));
  }

  if ('recepcionMasivaFactura' in ops) {
    const masivas = [10, 11, 12].map((i) => buildInvoice(s, { numero: firstNumber + i, sector, emision: 3 }));
    const m = await svc['recepcionMasivaFactura']!({ ...receptionBase(s, 3, sector), ...packageFields(masivas.map((d) => d.xml)) });
    assert.equal(m['codigoEstado'], 901);
    const v = await poll(() => svc['validacionRecepcionMasivaFactura']!({ ...receptionBase(s, 3, sector), codigoRecepcion: m['codigoRecepcion'] }) as Promise<{ codigoEstado?: number }>);
    assert.equal(v.codigoEstado, 908, JSON.stringify(v));
  }

  const com = await svc['verificarComunicacion']!();
  assert.equal((com['mensajesList'] as { codigo: number }[])[0]!.codigo, 926);
}

describe('invoice reception services', () => {
  test('ServicioFacturacionCompraVenta, computarizada (sector 1)', () => receptionSuite('compraVenta', 2, 1, 100));
  test('ServicioFacturacionCompraVenta, electrónica signed (sector 1)', () => receptionSuite('compraVenta', 1, 1, 200));
  test('ServicioFacturacionComputarizada (sector 8)', () => receptionSuite('computarizada', 2, 8, 300));
  test('ServicioFacturacionElectronica (sector 8, signed)', () => receptionSuite('electronica', 1, 8, 400));
  test('ServicioFacturacionDocumentoAjuste (sector 24)', () => receptionSuite('documentoAjuste', 2, 24, 500));
});

describe('ServicioRecepcionCompras', () => {
  test('package, validation, confirmation, annulment, query', async () => {
    const s = await openSession(client, 2);
    const req = { codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0, cufd: s.cufd, cuis: s.cuis, nit: T.nit };
    // Real registroCompra / confirmacionCompra documents: the simulator checks them (issue 14).
    const at = formatSiatDateTime(new Date());
    const [gestion, periodo] = [Number(at.slice(0, 4)), Number(at.slice(5, 7))];
    const registro = (n: number) =>
      `<registroCompra><nro>${n}</nro><nitEmisor>1003579028</nitEmisor><razonSocialEmisor>ANDINA</razonSocialEmisor><codigoAutorizacion>ABC</codigoAutorizacion>` +
      `<numeroFactura>${n + 4}</numeroFactura><numeroDuiDim>0</numeroDuiDim><fechaEmision>${at.slice(0, 8)}01T00:00:00</fechaEmision><montoTotalCompra>100.00</montoTotalCompra>` +
      '<importeIce>0</importeIce><importeIehd>0</importeIehd><importeIpj>0</importeIpj><tasas>0</tasas><otroNoSujetoCredito>0</otroNoSujetoCredito><importesExentos>0</importesExentos>' +
      '<importeTasaCero>0</importeTasaCero><subTotal>100.00</subTotal><descuento>0</descuento><montoGiftCard>0</montoGiftCard><montoTotalSujetoIva>100.00</montoTotalSujetoIva>' +
      '<creditoFiscal>13.00</creditoFiscal><tipoCompra>1</tipoCompra><codigoControl>0</codigoControl></registroCompra>';
    const pf = packageFields([registro(1), registro(2)]);
    const p = await client.recepcionCompras.recepcionPaqueteCompras({
      ...req, archivo: pf.archivo, cantidadFacturas: 2, fechaEnvio: formatSiatDateTime(new Date()), gestion, hashArchivo: pf.hashArchivo, periodo,
    });
    assert.equal(p.codigoEstado, 901);
    const v = await poll(() => client.recepcionCompras.validacionRecepcionPaqueteCompras({ ...req, codigoRecepcion: p.codigoRecepcion! }));
    assert.equal(v.codigoEstado, 908);
    const cf = packageFields(['<confirmacionCompra><nro>1</nro><nitEmisor>1003579028</nitEmisor><codigoAutorizacion>ABC</codigoAutorizacion><numeroFactura>5</numeroFactura><tipoCompra>1</tipoCompra></confirmacionCompra>']);
    const c = await client.recepcionCompras.confirmacionCompras({
      ...req, archivo: cf.archivo, cantidadFacturas: 1, fechaEnvio: new Date(), gestion, hashArchivo: cf.hashArchivo, periodo,
    });
    assert.equal(c.codigoEstado, 908);
    const a = await client.recepcionCompras.anulacionCompra({ ...req, codAutorizacion: 'ABC', nitProveedor: 1003579028, nroDuiDim: '0', nroFactura: 5 });
    assert.equal(a.codigoEstado, 905);
    const q = await client.recepcionCompras.consultaCompras({ ...req, fecha: new Date() });
    assert.equal(q.transaccion, true);
    assert.equal((await client.recepcionCompras.verificarComunicacion()).mensajesList[0]!.codigo, 926);
  });
});
