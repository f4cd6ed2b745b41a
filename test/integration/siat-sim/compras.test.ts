// The simulator's ServicioRecepcionCompras through the real SOAP client: a package round trip
// with rejected rows (XSD, sums, period, inactive issuer, duplicates), package-level refusals
// (hash, count, period), anulacionCompra (2217 ELIMINADO) and consultaCompras' training data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packPackage } from '../../../main/invoicing/archive';
import { checkPurchase, type PurchaseFields } from '../../../main/purchases/purchase-input';
import { buildRegistroCompraXml } from '../../../main/purchases/registro-xml';
import { readConsultaArchivo } from '../../../main/purchases/consulta-archivo';
import { formatSiatDateTime } from '../../../main/siat/datetime';
import { T, openSession, startSim, type Session } from '../../fixtures/siat-invoice';
import type { SiatClient } from '../../../main/siat/client';

const now = new Date();
const month = formatSiatDateTime(now).slice(0, 7);

function registro(over: Partial<PurchaseFields>, nro: number): string {
  const c = checkPurchase({ issuerNit: '1003579028', issuerBusinessName: 'ANDINA', authorizationCode: `A${nro}`, invoiceNumber: String(nro), emissionDate: `${month}-01`, totalPurchaseAmount: 130, rates: 30, ...over });
  assert.ok(c.ok, JSON.stringify(!c.ok && c.problems));
  return buildRegistroCompraXml(c.value, nro);
}

function base(s: Session) {
  return { codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0, cufd: s.cufd, cuis: s.cuis, nit: T.nit };
}

function paquete(s: Session, xmls: string[], over: Record<string, unknown> = {}) {
  const p = packPackage(xmls.map((xml, i) => ({ name: `c${i}.xml`, xml })));
  return { ...base(s), archivo: p.archivo, cantidadFacturas: xmls.length, fechaEnvio: formatSiatDateTime(new Date()), gestion: Number(month.slice(0, 4)), hashArchivo: p.hashArchivo, periodo: Number(month.slice(5, 7)), ...over };
}

async function validate(client: SiatClient, s: Session, codigoRecepcion: string) {
  for (let i = 0; i < 200; i++) {
    const r = await client.recepcionCompras.validacionRecepcionPaqueteCompras({ ...base(s), codigoRecepcion });
    if (r.codigoEstado !== 901) return r;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('still pending');
}

test('a package of purchases: 901, then 904 with the rejected rows named by numeroArchivo and SIAT codes', async () => {
  const { sim, client } = await startSim({ packageValidationDelayMs: 50 });
  try {
    const s = await openSession(client, 2);
    const good = registro({}, 1);
    const xmls = [
      good,
      registro({}, 2).replace('<subTotal>100.00</subTotal>', '<subTotal>90.00</subTotal>'), // sums: 1018, 1015
      registro({ emissionDate: '2000-01-05' }, 3), // outside the declared period: 1041
      registro({ issuerNit: '1000000011' }, 4), // issuer INACTIVO: 987
      good.replace('<nro>1</nro>', '<nro>5</nro>'), // same purchase twice: 1000
      registro({}, 6).replace('<tasas>30.00</tasas>', '<tasas>abc</tasas>'), // XSD: 939
    ];
    const p = await client.recepcionCompras.recepcionPaqueteCompras(paquete(s, xmls) as never);
    assert.equal(p.codigoEstado, 901);
    const r = await validate(client, s, p.codigoRecepcion!);
    assert.equal(r.codigoEstado, 904);
    const byFile = new Map<number, number[]>();
    for (const m of r.mensajesList ?? []) byFile.set(m.numeroArchivo!, [...(byFile.get(m.numeroArchivo!) ?? []), m.codigo!]);
    assert.deepEqual(Object.fromEntries(byFile), { 1: [1018, 1015], 2: [1041], 3: [987], 4: [1000], 5: [939] });
    // Sent again in a new package, the accepted purchase is a duplicate for SIAT.
    const again = await client.recepcionCompras.recepcionPaqueteCompras(paquete(s, [good]) as never);
    const r2 = await validate(client, s, again.codigoRecepcion!);
    assert.equal(r2.codigoEstado, 902);
    assert.equal(r2.mensajesList?.[0]?.codigo, 1000);
  } finally {
    await sim.close();
  }
});

test('package-level refusals: bad hash 969, wrong count 985, future period 1041, more than 500 files 972', async () => {
  const { sim, client } = await startSim();
  try {
    const s = await openSession(client, 2);
    const xml = registro({}, 1);
    const codes = async (over: Record<string, unknown>, xmls = [xml]) => {
      const r = await client.recepcionCompras.recepcionPaqueteCompras(paquete(s, xmls, over) as never);
      return r.mensajesList?.map((m) => m.codigo);
    };
    assert.deepEqual(await codes({ hashArchivo: '0'.repeat(64) }), [969]);
    assert.deepEqual(await codes({ cantidadFacturas: 2 }), [985]);
    assert.deepEqual(await codes({ gestion: Number(month.slice(0, 4)) + 1 }), [1041]);
    assert.deepEqual(await codes({}, Array.from({ length: 501 }, (_, i) => registro({}, i + 1))), [972]);
  } finally {
    await sim.close();
  }
});

test('consultaCompras returns the training purchases; anulacionCompra answers 2217 ELIMINADO once', async () => {
  const { sim, client } = await startSim();
  try {
    const s = await openSession(client, 2);
    const endOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0, 20));
    const q = await client.recepcionCompras.consultaCompras({ ...base(s), fecha: endOfMonth });
    assert.equal(q.transaccion, true);
    const read = readConsultaArchivo(Buffer.from(q.archivo as unknown as string, 'base64'));
    assert.equal(read.format, 'gzip+tar+xml');
    assert.deepEqual(read.rows.map((r) => r.nitEmisor).sort(), ['1003579028', '142591020', '374803027']);
    const first = read.rows.find((r) => r.nitEmisor === '374803027')!;
    const del = () => client.recepcionCompras.anulacionCompra({ ...base(s), codAutorizacion: first.codigoAutorizacion!, nitProveedor: 374803027, nroDuiDim: '0', nroFactura: Number(first.numeroFactura) });
    const d = await del();
    assert.equal(d.transaccion, true);
    assert.deepEqual(d.mensajesList?.map((m) => [m.codigo, m.descripcion]), [[2217, 'ELIMINADO']]);
    const d2 = await del();
    assert.equal(d2.transaccion, false);
    assert.equal(d2.mensajesList?.[0]?.codigo, 924);
  } finally {
    await sim.close();
  }
});
