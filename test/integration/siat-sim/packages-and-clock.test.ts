// Offline packages (901 → 908 / 904 with per-file messages) and CUFD vigencia on a controlled clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SiatClient } from '../../../main/siat/client';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import type { ReceivedDocument } from '../../../main/siat-sim/state';
import { T, admin, buildInvoice, openSession, paqueteRequest, receptionBase, recepcionRequest, renewCufd, startSim, type Session } from '../../fixtures/siat-invoice';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Issues `n` offline invoices with the session's CUFD, recovers (new CUFD + event) and returns the package request. */
async function offlineBatch(client: SiatClient, s: Session, first: number, n: number, mutate?: (i: number) => Parameters<typeof buildInvoice>[1]['mutate']) {
  const inicio = new Date();
  await sleep(2);
  const docs = Array.from({ length: n }, (_, i) => buildInvoice(s, { numero: first + i, emision: 2, at: new Date(), mutate: mutate?.(i) }));
  await sleep(2);
  const recovered = await renewCufd(client, s);
  const ev = await client.operaciones.registroEventoSignificativo({
    codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
    cufd: recovered.cufd, cufdEvento: s.cufd, cuis: s.cuis, descripcion: 'CORTE DEL SERVICIO DE INTERNET',
    fechaHoraFinEvento: new Date(), fechaHoraInicioEvento: inicio, nit: T.nit,
  });
  return { docs, recovered, codigoEvento: ev.codigoRecepcionEventoSignificativo! };
}

async function validate(client: SiatClient, s: Session, codigoRecepcion: string) {
  const states: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await client.compraVenta.validacionRecepcionPaqueteFactura({ ...receptionBase(s, 2), codigoRecepcion });
    states.push(r.codigoEstado!);
    if (r.codigoEstado !== 901) return { r, states };
    await sleep(10);
  }
  throw new Error('still pending');
}

test('package: 901 at once, 901 while pending, then 908; documents registered once', async () => {
  const { sim, client } = await startSim({ packageValidationDelayMs: 150 });
  try {
    const s = await openSession(client, 2);
    const { docs, recovered, codigoEvento } = await offlineBatch(client, s, 1, 3);
    const p = await client.compraVenta.recepcionPaqueteFactura(paqueteRequest(recovered, docs.map((d) => d.xml), codigoEvento) as never);
    assert.equal(p.codigoEstado, 901);
    assert.equal(p.transaccion, true);
    const { r, states } = await validate(client, recovered, p.codigoRecepcion!);
    assert.equal(states[0], 901);
    assert.equal(r.codigoEstado, 908);
    assert.equal(r.codigoDescripcion, 'VALIDADA');
    const received = (await admin(sim, '/received')) as ReceivedDocument[];
    for (const d of docs) {
      const rec = received.find((x) => x.cuf === d.cuf);
      assert.equal(rec?.timesRegistered, 1);
      assert.deepEqual(rec?.packages, [p.codigoRecepcion]);
    }
  } finally {
    await sim.close();
  }
});

test('package: 904 with two rejected files (one forced, one bad totals); valid ones registered; resent CUF → 1000, not counted twice', async () => {
  const { sim, client } = await startSim();
  try {
    const s = await openSession(client, 2);
    const { docs, recovered, codigoEvento } = await offlineBatch(client, s, 10, 4, (i) =>
      i === 3 ? (d) => Object.assign(d.cabecera, { montoTotal: 14000, montoTotalSujetoIva: 14000, montoTotalMoneda: 14000 }) : undefined,
    );
    await admin(sim, '/reject-files', { numeroArchivo: [1], codigo: 1040 });
    const p = await client.compraVenta.recepcionPaqueteFactura(paqueteRequest(recovered, docs.map((d) => d.xml), codigoEvento) as never);
    const { r } = await validate(client, recovered, p.codigoRecepcion!);
    assert.equal(r.codigoEstado, 904);
    assert.equal(r.codigoDescripcion, 'OBSERVADA');
    const byFile = new Map<number, number[]>();
    for (const m of r.mensajesList) byFile.set(m.numeroArchivo!, [...(byFile.get(m.numeroArchivo!) ?? []), m.codigo!]);
    assert.deepEqual([...byFile.keys()].sort(), [1, 3]);
    assert.deepEqual(byFile.get(1), [1040]);
    assert.ok(byFile.get(3)!.includes(1013));

    const estado = async (cuf: string) => (await client.compraVenta.verificacionEstadoFactura({ ...receptionBase(recovered), cuf })).codigoEstado;
    assert.equal(await estado(docs[0]!.cuf), 908);
    assert.equal(await estado(docs[1]!.cuf), 902);
    assert.equal(await estado(docs[3]!.cuf), 902);

    // The same package again (a retry after a lost answer): every valid CUF answers 1000.
    const again = await client.compraVenta.recepcionPaqueteFactura(paqueteRequest(recovered, [docs[0]!.xml, docs[2]!.xml], codigoEvento) as never);
    const { r: r2 } = await validate(client, recovered, again.codigoRecepcion!);
    assert.equal(r2.codigoEstado, 902);
    assert.deepEqual(r2.mensajesList.map((m) => [m.numeroArchivo, m.codigo]), [[0, 1000], [1, 1000]]);
    const received = (await admin(sim, '/received')) as ReceivedDocument[];
    const first = received.find((x) => x.cuf === docs[0]!.cuf)!;
    assert.equal(first.timesReceived, 2);
    assert.equal(first.timesRegistered, 1);
  } finally {
    await sim.close();
  }
});

test('offline documents must use the cufdEvento and be dated inside the event (1006, 1040)', async () => {
  const { sim, client } = await startSim();
  try {
    const s = await openSession(client, 2);
    const { recovered, codigoEvento } = await offlineBatch(client, s, 1, 1);
    const wrongCufd = buildInvoice(recovered, { numero: 50, emision: 2, at: new Date() });
    const p = await client.compraVenta.recepcionPaqueteFactura(paqueteRequest(recovered, [wrongCufd.xml], codigoEvento) as never);
    const { r } = await validate(client, recovered, p.codigoRecepcion!);
    const codes = r.mensajesList.map((m) => m.codigo);
    assert.ok(codes.includes(1006), JSON.stringify(codes));
    assert.ok(codes.includes(1040), JSON.stringify(codes));
  } finally {
    await sim.close();
  }
});

test('a CUFD is valid 24 h on the simulator clock; a newer one stays valid after the older expires', async () => {
  let t = Date.parse('2026-03-02T12:00:00.000Z');
  let sim: SiatSimulator | undefined;
  try {
    const started = await startSim({ now: () => new Date(t) });
    sim = started.sim;
    const client = started.client;
    const s = await openSession(client, 2);
    t += 60 * 60 * 1000; // +1 h: a second CUFD
    const newer = await renewCufd(client, s);

    t = Date.parse('2026-03-02T12:00:00.000Z') + 24 * 3600_000 - 1000; // 1 s before the first expires
    const ok = buildInvoice(s, { numero: 1, at: new Date(t) });
    assert.equal((await client.compraVenta.recepcionFactura(recepcionRequest(s, ok.xml) as never)).codigoEstado, 908);

    t += 2000; // first CUFD expired
    const late = buildInvoice(s, { numero: 2, at: new Date(t) });
    const r = await client.compraVenta.recepcionFactura(recepcionRequest(s, late.xml) as never);
    assert.equal(r.codigoEstado, 902);
    assert.deepEqual(r.mensajesList.map((m) => m.codigo), [953]);

    const withNewer = buildInvoice(newer, { numero: 3, at: new Date(t) });
    assert.equal((await client.compraVenta.recepcionFactura(recepcionRequest(newer, withNewer.xml) as never)).codigoEstado, 908);

    // sincronizarFechaHora answers the simulator clock in Bolivia time.
    const fh = await client.sincronizacion.sincronizarFechaHora({ codigoAmbiente: 2, codigoSistema: T.codigoSistema, codigoSucursal: 0, cuis: s.cuis, nit: T.nit });
    assert.equal(fh.fechaHora, '2026-03-03T08:00:01.000');

    // /admin/clock skews it: 25 h later the newer CUFD has expired too.
    await admin(sim, '/clock', { skewMs: 25 * 3600_000 });
    const r2 = await client.compraVenta.recepcionFactura(recepcionRequest(newer, buildInvoice(newer, { numero: 4, at: new Date(t + 25 * 3600_000) }).xml) as never);
    assert.deepEqual(r2.mensajesList.map((m) => m.codigo), [953]);
  } finally {
    await sim?.close();
  }
});
