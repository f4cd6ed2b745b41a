// The simulator rejects what SIAT rejects, per sector (issue #12): documents of every sector Kipu
// issues, built with the engine's layout and XML builder, are validated (908); tampered amounts
// get SIAT's code of the broken rule; a sector of another service is 932, an unknown one 931, one
// the NIT is not enabled for 940; received documents are listed per sector.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { SiatClient } from '../../../main/siat/client';
import { SiatRejectionError } from '../../../main/siat/errors';
import { callDocumentOperation } from '../../../main/siat/document-call';
import { documentOperations, type Modalidad } from '../../../main/siat/code-catalog';
import { issuableSectors, sectorLayout } from '../../../main/invoicing/sectors/layouts';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import { T, admin, archivoFields, buildInvoice, openSession, receptionBase, startSim, type BuiltInvoice, type InvoiceOptions, type Session } from '../../fixtures/siat-invoice';

let sim: SiatSimulator;
let client: SiatClient;
const sessions = new Map<number, Session>();
let numero = 5000;

before(async () => {
  ({ sim, client } = await startSim());
  sessions.set(1, await openSession(client, 1));
  sessions.set(2, await openSession(client, 2));
});
after(async () => {
  await sim.close();
});

interface Answer {
  codigoEstado?: number;
  mensajesList?: { codigo: number }[];
}

/** Sends one document online on its sector's service; the codes SIAT answered. */
async function send(sector: number, modalidad: Modalidad, o: Partial<InvoiceOptions> = {}, over: Record<string, unknown> = {}): Promise<{ estado?: number; codes: number[]; inv: BuiltInvoice }> {
  const s = sessions.get(modalidad)!;
  const inv = buildInvoice(s, { numero: ++numero, sector, ...o });
  const ops = documentOperations(sector, modalidad);
  try {
    const r = (await callDocumentOperation(client, ops.service, ops.reception!, { ...receptionBase(s, 1, sector), ...archivoFields(inv.xml), ...over })) as Answer;
    return { estado: r.codigoEstado, codes: (r.mensajesList ?? []).map((m) => m.codigo), inv };
  } catch (e) {
    if (e instanceof SiatRejectionError) return { codes: e.messages.map((m) => m.codigo), inv };
    throw e;
  }
}

/** A compra-venta sale registered by the simulator (the original of a note). */
async function registeredSale(modalidad: Modalidad): Promise<BuiltInvoice> {
  const r = await send(1, modalidad);
  assert.equal(r.estado, 908, JSON.stringify(r));
  return r.inv;
}

// The notes (24, 29) are built from an original: 24 below, 29 in test/unit/siat-sim/conciliation-checks.test.ts and the API test.
const withDetail = issuableSectors().filter((s) => sectorLayout(s)!.detalle !== null && s !== 24 && s !== 29);

describe('every sector with a detalle, both modalities: the builder’s document is validated', () => {
  for (const sector of withDetail) {
    for (const modalidad of [1, 2] as const) {
      test(`sector ${sector}, modalidad ${modalidad} → 908`, async () => {
        const r = await send(sector, modalidad);
        assert.deepEqual({ estado: r.estado, codes: r.codes }, { estado: 908, codes: [] });
      });
    }
  }
});

describe('the formulas of the layouts', () => {
  test('tasa cero, export and zona franca: montoTotalSujetoIva other than 0 → 1015 (tasa cero\'s schema fixes it to 0 first: 939)', async () => {
    for (const [sector, code] of [[8, 939], [3, 1015], [5, 1015]] as const) {
      // Written into the XML: Kipu's builder writes tasa cero's fixed 0 and refuses anything else.
      const r = await send(sector, 2, { editXml: (xml) => xml.replace(/<montoTotalSujetoIva>[^<]*<\/montoTotalSujetoIva>/, '<montoTotalSujetoIva>150.00</montoTotalSujetoIva>') });
      assert.deepEqual({ sector, estado: r.estado, codes: r.codes }, { sector, estado: 902, codes: [code] });
    }
  });

  test('a sector with a tax base: montoTotalSujetoIva 0 → 1015', async () => {
    for (const sector of [1, 11, 22]) {
      const r = await send(sector, 2, { mutate: (d) => void (d.cabecera.montoTotalSujetoIva = 0) });
      assert.deepEqual({ sector, codes: r.codes }, { sector, codes: [1015] });
    }
  });

  /** The second line given away whole: discount = cantidad × precio, subTotal 0; totals 100.00. */
  const bonusLine = (d: Parameters<NonNullable<InvoiceOptions['mutate']>>[0]) => {
    Object.assign(d.detalle[1]!, { montoDescuento: 5500, subTotal: 0 });
    Object.assign(d.cabecera, { montoTotal: 10000, montoTotalSujetoIva: 10000, montoTotalMoneda: 10000 });
  };

  test('bonificaciones (35): a 100 % discount line with subTotal 0 is valid, in both modalities', async () => {
    for (const modalidad of [1, 2] as const) {
      const r = await send(35, modalidad, { mutate: bonusLine });
      assert.deepEqual({ estado: r.estado, codes: r.codes }, { estado: 908, codes: [] });
    }
  });

  test('the same line in compra-venta (1) or telecom (22) is refused: 1018, or 939 where the XSD already says subTotal > 0', async () => {
    for (const sector of [1, 22]) {
      const r = await send(sector, 2, { mutate: bonusLine });
      assert.equal(r.estado, 902);
      assert.ok(r.codes.length === 1 && [1018, 939].includes(r.codes[0]!), `sector ${sector}: ${JSON.stringify(r.codes)}`);
    }
  });

  test('a wrong line subTotal → 1018 naming the line; a wrong montoTotal → 1013; a wrong montoTotalMoneda → 1014', async () => {
    const sub = await send(17, 1, { mutate: (d) => void (d.detalle[1]!.subTotal = 5100) });
    assert.ok(sub.codes.includes(1018), JSON.stringify(sub.codes));
    const total = await send(11, 2, { mutate: (d) => Object.assign(d.cabecera, { montoTotal: 16000, montoTotalSujetoIva: 16000, montoTotalMoneda: 16000 }) });
    assert.deepEqual(total.codes, [1013]);
    const moneda = await send(13, 2, { mutate: (d) => void (d.cabecera.montoTotalMoneda = 14000) });
    assert.deepEqual(moneda.codes, [1014]);
  });

  test('export: montoDetalle other than Σ subTotal → 1060', async () => {
    const r = await send(3, 1, { mutate: (d) => void (d.cabecera.montoDetalle = 14000) });
    assert.deepEqual(r.codes, [1060]);
  });
});

describe('the credit-debit note (24): sums and the original SIAT registered', () => {
  test('the official sample: 775.00 sold, 75.00 returned → efectivo 9.75, validated in both modalities', async () => {
    for (const modalidad of [1, 2] as const) {
      const original = await registeredSale(modalidad);
      // 150.00 sold; 1.5 kg of flour at 50.00 returned = 75.00 → 9.75.
      const r = await send(24, modalidad, { note: { original, returned: [{ line: 0, cantidad: 150 }] } });
      assert.deepEqual({ estado: r.estado, codes: r.codes }, { estado: 908, codes: [] });
      assert.match(r.inv.xml, /<montoTotalDevuelto>75\.00<\/montoTotalDevuelto>/);
      assert.match(r.inv.xml, /<montoEfectivoCreditoDebito>9\.75<\/montoEfectivoCreditoDebito>/);
      assert.match(r.inv.xml, /<montoTotalOriginal>150\.00<\/montoTotalOriginal>/);
    }
  });

  const cases: { name: string; code: number; o: (original: BuiltInvoice) => Partial<InvoiceOptions> }[] = [
    { name: 'montoTotalOriginal other than Σ lines 1', code: 1030, o: (original) => ({ note: { original }, mutate: (d) => void (d.cabecera.montoTotalOriginal = 14000) }) },
    { name: 'montoTotalDevuelto other than Σ lines 2', code: 1029, o: (original) => ({ note: { original }, mutate: (d) => Object.assign(d.cabecera, { montoTotalDevuelto: 6000, montoEfectivoCreditoDebito: 780 }) }) },
    { name: 'montoEfectivoCreditoDebito other than 13 %', code: 1031, o: (original) => ({ note: { original }, mutate: (d) => void (d.cabecera.montoEfectivoCreditoDebito = 651) }) },
    { name: 'a returned amount larger than the original', code: 1033, o: (original) => ({ note: { original, returned: [{ line: 0, cantidad: 400 }] } }) },
    { name: 'lines 1 that differ from the original', code: 1049, o: (original) => ({ note: { original }, mutate: (d) => void Object.assign(d.detalle[1]!, { cantidad: 200, subTotal: 10500 }) }) },
    {
      name: 'a returned product not on the original',
      code: 1049,
      o: (original) => ({ note: { original }, mutate: (d) => void (d.detalle[2]!.codigoProducto = 'OTRO-1') }),
    },
    { name: 'an original SIAT does not have', code: 1048, o: (original) => ({ note: { original }, mutate: (d) => void (d.cabecera.numeroAutorizacionCuf = 'ABCDEF0123456789') }) },
    { name: 'the original’s number other than the registered one', code: 1048, o: (original) => ({ note: { original }, mutate: (d) => void (d.cabecera.numeroFactura = 1) }) },
    { name: 'the original’s date other than the registered one', code: 1051, o: (original) => ({ note: { original }, mutate: (d) => void (d.cabecera.fechaEmisionFactura = '2020-01-01T10:00:00.000') }) },
  ];
  for (const c of cases) {
    test(`${c.name} → ${c.code}`, async () => {
      const original = await registeredSale(2);
      const r = await send(24, 2, c.o(original));
      assert.equal(r.estado, 902);
      assert.ok(r.codes.includes(c.code), `expected ${c.code}, got ${JSON.stringify(r.codes)}`);
    });
  }

  test('a note on an annulled invoice, or on another note → 1061', async () => {
    const s = sessions.get(2)!;
    const annulled = await registeredSale(2);
    assert.equal((await client.compraVenta.anulacionFactura({ ...receptionBase(s), codigoMotivo: 1, cuf: annulled.cuf })).codigoEstado, 905);
    assert.deepEqual((await send(24, 2, { note: { original: annulled } })).codes, [1061]);

    const original = await registeredSale(2);
    const note = await send(24, 2, { note: { original } });
    assert.equal(note.estado, 908);
    assert.ok((await send(24, 2, { note: { original: note.inv } })).codes.includes(1061));
  });
});

describe('routing and enablement', () => {
  test('an unknown sector → 931; a sector sent to another service → 932', async () => {
    const s = sessions.get(2)!;
    const inv = buildInvoice(s, { numero: ++numero, sector: 11 });
    const codes = async (p: Promise<unknown>) => {
      try {
        return ((await p) as Answer).mensajesList?.map((m) => m.codigo);
      } catch (e) {
        if (e instanceof SiatRejectionError) return e.messages.map((m) => m.codigo);
        throw e;
      }
    };
    assert.deepEqual(await codes(client.computarizada.recepcionFactura({ ...receptionBase(s, 1, 11), codigoDocumentoSector: 99, ...archivoFields(inv.xml) } as never)), [931]);
    // Education goes to ServicioFacturacionComputarizada, not to CompraVenta; a note not to Computarizada.
    assert.deepEqual(await codes(client.compraVenta.recepcionFactura({ ...receptionBase(s, 1, 11), ...archivoFields(inv.xml) } as never)), [932]);
    assert.deepEqual(await codes(client.computarizada.recepcionFactura({ ...receptionBase(s, 1, 24), ...archivoFields(inv.xml) } as never)), [932]);
  });

  test('the training taxpayer is enabled for the seeds’ sectors; a NIT restricted to compra-venta gets 940 for education, and documents are listed per sector', async () => {
    const { sim: other, client: c } = await startSim();
    try {
      const enabled = (await admin(other, '/sectors')) as { sectors: number[] };
      assert.deepEqual(enabled.sectors, [1, 2, 3, 5, 8, 11, 13, 15, 16, 17, 18, 22, 24, 29, 30, 34, 35]);
      const s = await openSession(c, 2);
      const sendOn = async (sector: number, n: number) => {
        const inv = buildInvoice(s, { numero: n, sector });
        const ops = documentOperations(sector, 2);
        return (await callDocumentOperation(c, ops.service, ops.reception!, { ...receptionBase(s, 1, sector), ...archivoFields(inv.xml) })) as Answer;
      };
      assert.equal((await sendOn(11, 1)).codigoEstado, 908);
      assert.deepEqual(await admin(other, '/sectors', { sectors: [1] }), { nit: String(T.nit), sectors: [1] });
      const refused = await sendOn(11, 2);
      assert.deepEqual({ estado: refused.codigoEstado, codes: refused.mensajesList?.map((m) => m.codigo) }, { estado: 902, codes: [940] });
      assert.equal((await sendOn(1, 3)).codigoEstado, 908);

      const education = (await admin(other, '/received?sector=11')) as { sector: number; estado: string }[];
      assert.deepEqual(education.map((d) => [d.sector, d.estado]), [[11, 'VALIDA']]);
      const sales = (await admin(other, '/received?sector=1')) as { sector: number }[];
      assert.deepEqual(sales.map((d) => d.sector), [1]);
      const res = await fetch(`${other.adminUrl}/sectors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sectors: [99] }) });
      assert.equal(res.status, 400);
    } finally {
      await other.close();
    }
  });
});
