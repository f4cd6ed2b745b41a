// The simulator's massive reception (CONTRACT §2.4, §2.7, §3.6): at most 1,000 files (956),
// only for a NIT registered for massive issuance (955), boleto aéreo (30) on its own service
// only (932 elsewhere), and the latency fault delaying the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, buildInvoice, openSession, packageFields, receptionBase, startSim } from '../../fixtures/siat-invoice';

test('massive reception: ≤ 1,000 files (956 above), 955 without the registration, sector 30 only on ServicioFacturacionBoletoAereo, latency delays the answer', async () => {
  const { sim, client } = await startSim({ packageValidationDelayMs: 50 });
  try {
    const s = await openSession(client, 2);
    const doc = buildInvoice(s, { numero: 1, emision: 3 });
    const base = receptionBase(s, 3);

    const over = await client.compraVenta.recepcionMasivaFactura({ ...base, ...packageFields(Array.from({ length: 1001 }, () => doc.xml)) } as never);
    assert.equal(over.codigoEstado, 902);
    assert.deepEqual(over.mensajesList?.map((m) => m.codigo), [956]);
    const full = await client.compraVenta.recepcionMasivaFactura({ ...base, ...packageFields(Array.from({ length: 1000 }, () => doc.xml)) } as never);
    assert.equal(full.codigoEstado, 901);

    await admin(sim, '/massive', { enabled: false });
    const unregistered = await client.compraVenta.recepcionMasivaFactura({ ...base, ...packageFields([doc.xml]) } as never);
    assert.deepEqual(unregistered.mensajesList?.map((m) => m.codigo), [955]);
    await admin(sim, '/massive', { enabled: true });

    const airline = { ...base, codigoDocumentoSector: 30, tipoFacturaDocumento: 4, ...packageFields([doc.xml]) };
    const wrong = await client.compraVenta.recepcionMasivaFactura(airline as never);
    assert.deepEqual(wrong.mensajesList?.map((m) => m.codigo), [932]);
    const right = await client.boletoAereo.recepcionMasivaFactura(airline as never);
    assert.equal(right.codigoEstado, 901);
    const polled = await client.boletoAereo.validacionRecepcionMasivaFactura({ ...base, codigoDocumentoSector: 30, tipoFacturaDocumento: 4, codigoRecepcion: right.codigoRecepcion! } as never);
    assert.ok([901, 902, 904, 908].includes(polled.codigoEstado!), String(polled.codigoEstado));

    await admin(sim, '/faults', { mode: 'latency', latencyMs: 300, operations: ['recepcionMasivaFactura'] });
    const t0 = Date.now();
    const slow = await client.compraVenta.recepcionMasivaFactura({ ...base, ...packageFields([doc.xml]) } as never);
    assert.equal(slow.codigoEstado, 901);
    assert.ok(Date.now() - t0 >= 300, `answered after ${Date.now() - t0} ms`);
  } finally {
    await sim.close();
  }
});
