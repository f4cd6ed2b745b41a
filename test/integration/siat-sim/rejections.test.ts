// Bad inputs the simulator must reject, each with SIAT's code (CONTRACT §6), and what it lists as
// a number registered twice (GET /admin/duplicates: per numbering, a CAFC booklet being its own).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSiatClient, type SiatClient } from '../../../main/siat/client';
import { SiatRejectionError } from '../../../main/siat/errors';
import { formatSiatDateTime } from '../../../main/siat/datetime';
import { TRAINING_CAFC } from '../../../main/siat-sim/training-taxpayer';
import { waitFor } from '../../fixtures/wait';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import {
  T,
  admin,
  base,
  buildInvoice,
  foreignSigner,
  openSession,
  packageFields,
  paqueteRequest,
  receptionBase,
  recepcionRequest,
  renewCufd,
  startSim,
  type Session,
  type TestDocument,
} from '../../fixtures/siat-invoice';

let sim: SiatSimulator;
let client: SiatClient;
let s2: Session; // computarizada, PV 0
let s1: Session; // electrónica, PV 0
let numero = 1000;

before(async () => {
  ({ sim, client } = await startSim());
  s2 = await openSession(client, 2);
  s1 = await openSession(client, 1);
});
after(async () => {
  await sim.close();
});

/** The codes SIAT answered: from a thrown rejection or from a reception answer. */
async function codesOf(p: Promise<unknown>): Promise<{ codes: number[]; estado?: number }> {
  try {
    const r = (await p) as { codigoEstado?: number; mensajesList?: { codigo: number }[] };
    return { codes: (r.mensajesList ?? []).map((m) => m.codigo), estado: r.codigoEstado };
  } catch (e) {
    if (e instanceof SiatRejectionError) return { codes: e.messages.map((m) => m.codigo) };
    throw e;
  }
}

const online = (s: Session, o: Parameters<typeof buildInvoice>[1] = { numero: ++numero }) => {
  const inv = buildInvoice(s, o);
  return client.compraVenta.recepcionFactura(recepcionRequest(s, inv.xml) as never);
};

const cases: { name: string; code: number; estado?: number; run: () => Promise<unknown> }[] = [
  {
    name: 'bad token (Códigos)',
    code: 989,
    run: () => createSiatClient({ baseUrl: sim.url, token: 'wrong' }).codigos.cuis({ ...base(2), codigoPuntoVenta: 0 }),
  },
  {
    name: 'bad token (recepcionFactura: thrown, no codigoEstado)',
    code: 989,
    run: () => {
      const inv = buildInvoice(s2, { numero: ++numero });
      return createSiatClient({ baseUrl: sim.url, token: 'wrong' }).compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml) as never);
    },
  },
  { name: 'unknown NIT', code: 919, run: () => client.codigos.cuis({ ...base(2), nit: 123, codigoPuntoVenta: 0 }) },
  { name: 'unknown system', code: 911, run: () => client.codigos.cuis({ ...base(2), codigoSistema: 'FFFFFFFFFFFFFFFFFFFFFFF', codigoPuntoVenta: 0 }) },
  { name: 'bad ambiente', code: 910, run: () => client.codigos.cuis({ ...base(2), codigoAmbiente: 1, codigoPuntoVenta: 0 }) },
  { name: 'bad modalidad', code: 917, run: () => client.codigos.cuis({ ...base(2), codigoModalidad: 3, codigoPuntoVenta: 0 }) },
  { name: 'unknown branch', code: 918, run: () => client.codigos.cuis({ ...base(2), codigoSucursal: 9, codigoPuntoVenta: 0 }) },
  { name: 'unknown point of sale', code: 933, run: () => client.codigos.cufd({ ...base(2), codigoPuntoVenta: 99, cuis: s2.cuis }) },
  { name: 'unknown CUIS', code: 913, run: () => client.codigos.cufd({ ...base(2), codigoPuntoVenta: 0, cuis: 'ABCDEF12' }) },
  {
    name: 'bad hash',
    code: 969,
    estado: 902,
    run: () => {
      const inv = buildInvoice(s2, { numero: ++numero });
      return client.compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml, { hashArchivo: '0'.repeat(64) }) as never);
    },
  },
  {
    name: 'CUF fields do not match the XML',
    code: 1002,
    estado: 902,
    run: () => {
      const other = buildInvoice(s2, { numero: 77777 });
      return online(s2, { numero: ++numero, cuf: other.cuf });
    },
  },
  {
    name: 'CUF with a wrong check digit',
    code: 1002,
    estado: 902,
    run: () => {
      const good = buildInvoice(s2, { numero: ++numero });
      const hex = good.cuf.slice(0, -15);
      const digits = BigInt(`0x${hex}`).toString(10).padStart(54, '0');
      const bad = digits.slice(0, 53) + String((Number(digits[53]) + 1) % 10);
      return online(s2, { numero, cuf: BigInt(bad).toString(16).toUpperCase() + s2.codigoControl });
    },
  },
  { name: 'XSD failure', code: 939, estado: 902, run: () => online(s2, { numero: ++numero, mutate: (d) => void (d.cabecera.codigoMetodoPago = 999) }) },
  {
    name: 'broken signature',
    code: 921,
    estado: 902,
    run: () => {
      const inv = buildInvoice(s1, { numero: ++numero });
      const tampered = inv.xml.replace('HARINA DE TRIGO 1 KG', 'HARINA DE TRIGO 2 KG');
      return client.compraVenta.recepcionFactura(recepcionRequest(s1, tampered) as never);
    },
  },
  { name: 'certificate of another taxpayer', code: 922, estado: 902, run: () => online(s1, { numero: ++numero, signer: foreignSigner().signer }) },
  {
    name: 'duplicate CUF',
    code: 1000,
    estado: 902,
    run: async () => {
      const inv = buildInvoice(s2, { numero: ++numero });
      const first = await client.compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml) as never);
      assert.equal(first.codigoEstado, 908);
      return client.compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml) as never);
    },
  },
  {
    name: 'bad totals',
    code: 1013,
    estado: 902,
    run: () => online(s2, { numero: ++numero, mutate: (d) => Object.assign(d.cabecera, { montoTotal: 16000, montoTotalSujetoIva: 16000, montoTotalMoneda: 16000 }) }),
  },
  // Nominativity (CERTIFICATION.md, inspection item 1): a special code is nobody's NIT.
  ...(['99001', '99002', '99003'] as const).map((code) => ({
    name: `special code ${code} as NIT without codigoExcepcion 1`,
    code: 1037,
    estado: 902,
    run: () => online(s2, { numero: ++numero, mutate: (d) => void Object.assign(d.cabecera, { codigoTipoDocumentoIdentidad: 5, numeroDocumento: code, nombreRazonSocial: 'CONTROL TRIBUTARIO' }) }),
  })),
  { name: 'document 0 above Bs 3.000', code: 1010, estado: 902, run: () => online(s2, { numero: ++numero, mutate: (d) => big(d, '0') }) },
  { name: 'bad subtotal', code: 1018, estado: 902, run: () => online(s2, { numero: ++numero, mutate: (d) => void (d.detalle[0]!.subTotal = 9000) }) },
  {
    name: 'sector 1 sent to ServicioFacturacionElectronica',
    code: 932,
    estado: 902,
    run: () => {
      const inv = buildInvoice(s1, { numero: ++numero });
      return client.electronica.recepcionFactura(recepcionRequest(s1, inv.xml) as never);
    },
  },
  {
    name: 'codigoEmision 2 on recepcionFactura',
    code: 916,
    estado: 902,
    run: () => {
      const inv = buildInvoice(s2, { numero: ++numero, emision: 2 });
      return client.compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml, { codigoEmision: 2 }) as never);
    },
  },
  { name: 'fechaEmision too old for online', code: 1009, estado: 902, run: () => online(s2, { numero: ++numero, at: new Date(Date.now() - 3 * 3600_000) }) },
  {
    name: 'cancel an unknown CUF',
    code: 924,
    estado: 906,
    run: () => client.compraVenta.anulacionFactura({ ...receptionBase(s2), codigoMotivo: 1, cuf: 'ABCDEF0123456789' }),
  },
  {
    name: 'cancel with a bad motive',
    code: 925,
    estado: 906,
    run: () => client.compraVenta.anulacionFactura({ ...receptionBase(s2), codigoMotivo: 9, cuf: 'ABCDEF0123456789' }),
  },
  {
    name: 'cancel twice',
    code: 936,
    estado: 906,
    run: async () => {
      const inv = buildInvoice(s2, { numero: ++numero });
      assert.equal((await client.compraVenta.recepcionFactura(recepcionRequest(s2, inv.xml) as never)).codigoEstado, 908);
      assert.equal((await client.compraVenta.anulacionFactura({ ...receptionBase(s2), codigoMotivo: 1, cuf: inv.cuf })).codigoEstado, 905);
      return client.compraVenta.anulacionFactura({ ...receptionBase(s2), codigoMotivo: 1, cuf: inv.cuf });
    },
  },
  {
    name: 'event whose end is before its start',
    code: 974,
    run: async () => {
      const s = await renewCufd(client, s2);
      return client.operaciones.registroEventoSignificativo({
        codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
        cufd: s.cufd, cufdEvento: s2.cufd, cuis: s2.cuis, descripcion: 'CORTE', nit: T.nit,
        fechaHoraInicioEvento: new Date(), fechaHoraFinEvento: new Date(Date.now() - 60_000),
      });
    },
  },
  {
    name: 'event starting before its cufdEvento was issued',
    code: 981,
    run: async () => {
      const s = await renewCufd(client, s2);
      return client.operaciones.registroEventoSignificativo({
        codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
        cufd: s.cufd, cufdEvento: s2.cufd, cuis: s2.cuis, descripcion: 'CORTE', nit: T.nit,
        fechaHoraInicioEvento: new Date(Date.now() - 3 * 86_400_000), fechaHoraFinEvento: new Date(),
      });
    },
  },
  {
    name: 'event with an unknown motive',
    code: 976,
    run: () =>
      client.operaciones.registroEventoSignificativo({
        codigoAmbiente: 2, codigoMotivoEvento: 9, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
        cufd: s2.cufd, cufdEvento: s2.cufd, cuis: s2.cuis, descripcion: 'X', nit: T.nit,
        fechaHoraInicioEvento: new Date(Date.now() - 1000), fechaHoraFinEvento: new Date(),
      }),
  },
  {
    name: 'event whose cufdEvento is not of the point of sale',
    code: 984,
    run: () =>
      client.operaciones.registroEventoSignificativo({
        codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
        cufd: s2.cufd, cufdEvento: 'NOEXISTE', cuis: s2.cuis, descripcion: 'X', nit: T.nit,
        fechaHoraInicioEvento: new Date(Date.now() - 1000), fechaHoraFinEvento: new Date(),
      }),
  },
  {
    name: 'package without a registered event',
    code: 957,
    estado: 902,
    run: () => {
      const inv = buildInvoice(s2, { numero: ++numero, emision: 2 });
      return client.compraVenta.recepcionPaqueteFactura(paqueteRequest(s2, [inv.xml], 999) as never);
    },
  },
  {
    name: 'package count mismatch',
    code: 985,
    estado: 902,
    run: async () => {
      const ev = await registerEvent();
      const inv = buildInvoice(s2, { numero: ++numero, emision: 2 });
      return client.compraVenta.recepcionPaqueteFactura(paqueteRequest(s2, [inv.xml], ev, { cantidadFacturas: 2 }) as never);
    },
  },
  {
    name: 'package of more than 500 files',
    code: 954,
    estado: 902,
    run: async () => {
      const ev = await registerEvent();
      const xmls = Array.from({ length: 501 }, (_, i) => `<f>${i}</f>`);
      return client.compraVenta.recepcionPaqueteFactura({ ...receptionBase(s2, 2), ...packageFields(xmls), codigoEvento: ev } as never);
    },
  },
];

/** An event of PV 0 (computarizada) in the past minute. */
async function registerEvent(): Promise<number> {
  const inicio = new Date(Date.now() - 1);
  const s = await renewCufd(client, s2);
  const ev = await client.operaciones.registroEventoSignificativo({
    codigoAmbiente: 2, codigoMotivoEvento: 1, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
    cufd: s.cufd, cufdEvento: s2.cufd, cuis: s2.cuis, descripcion: 'CORTE', nit: T.nit,
    fechaHoraInicioEvento: inicio, fechaHoraFinEvento: new Date(inicio.getTime() + 1),
  });
  return ev.codigoRecepcionEventoSignificativo!;
}

/** Line 1 at Bs 2.000 a unit: Bs 4.050 in all, for the buyer `doc`. */
function big(d: TestDocument, doc: string): void {
  Object.assign(d.detalle[0]!, { precioUnitario: 200000, subTotal: 400000 });
  Object.assign(d.cabecera, { numeroDocumento: doc, montoTotal: 405000, montoTotalSujetoIva: 405000, montoTotalMoneda: 405000 });
}

test('a special code as NIT with codigoExcepcion 1 is registered, whatever the amount; as CI it is any number; document 0 up to Bs 3.000 passes', async () => {
  const as = (type: number, doc: string, excepcion: number | null, over?: (d: TestDocument) => void) =>
    codesOf(online(s2, { numero: ++numero, mutate: (d) => void (Object.assign(d.cabecera, { codigoTipoDocumentoIdentidad: type, numeroDocumento: doc, codigoExcepcion: excepcion }), over?.(d)) }));
  for (const code of ['99001', '99002', '99003']) assert.deepEqual(await as(5, code, 1), { codes: [], estado: 908 }, code);
  assert.deepEqual(await as(5, '99002', 1, (d) => big(d, '99002')), { codes: [], estado: 908 }, 'no amount limit');
  assert.deepEqual(await as(1, '99002', null), { codes: [], estado: 908 }, 'a CI number is not judged');
  assert.deepEqual(await as(1, '0', null), { codes: [], estado: 908 }, 'Bs 150 with document 0');
});

for (const c of cases) {
  test(`rejects ${c.name} with ${c.code}`, async () => {
    const r = await codesOf(c.run());
    assert.ok(r.codes.includes(c.code), `expected ${c.code}, got ${JSON.stringify(r)}`);
    if (c.estado !== undefined) assert.equal(r.estado, c.estado);
  });
}

test('an expired CUFD is rejected with 953 (separate simulator: expires every CUFD)', async () => {
  const { sim: other, client: c } = await startSim();
  try {
    const s = await openSession(c, 2);
    await admin(other, '/expire-cufds', {});
    const inv = buildInvoice(s, { numero: 1 });
    const r = await codesOf(c.compraVenta.recepcionFactura(recepcionRequest(s, inv.xml, { fechaEnvio: formatSiatDateTime(new Date()) }) as never));
    assert.deepEqual(r, { codes: [953], estado: 902 });
  } finally {
    await other.close();
  }
});

/**
 * Transcribed manual invoices of booklet `cafc` (event 5, no power), numbered `numeros`, in one
 * package sent and validated; their CUFs. The documents carry the event's CUFD (s2's).
 */
async function cafcPackage(cafc: string, numeros: number[]): Promise<string[]> {
  const inicio = new Date(Date.now() - numeros.length - 1);
  const s = await renewCufd(client, s2);
  const ev = await client.operaciones.registroEventoSignificativo({
    codigoAmbiente: 2, codigoMotivoEvento: 5, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
    cufd: s.cufd, cufdEvento: s2.cufd, cuis: s2.cuis, descripcion: 'CORTE DE SUMINISTRO DE ENERGIA ELECTRICA', nit: T.nit,
    fechaHoraInicioEvento: inicio, fechaHoraFinEvento: new Date(inicio.getTime() + numeros.length),
  });
  const docs = numeros.map((n, i) => buildInvoice(s2, { numero: n, emision: 2, at: new Date(inicio.getTime() + i), mutate: (d) => void (d.cabecera.cafc = cafc) }));
  const sent = await client.compraVenta.recepcionPaqueteFactura(paqueteRequest(s, docs.map((d) => d.xml), ev.codigoRecepcionEventoSignificativo!, { cafc }) as never);
  assert.equal(sent.codigoEstado, 901, JSON.stringify(sent));
  const done = await waitFor('the CAFC package to be validated', async () => {
    const r = await client.compraVenta.validacionRecepcionPaqueteFactura({ ...receptionBase(s, 2), codigoRecepcion: sent.codigoRecepcion! });
    return r.codigoEstado === 901 ? null : r;
  });
  assert.equal(done.codigoEstado, 908, JSON.stringify(done));
  return docs.map((d) => d.cuf);
}

test('duplicates are per numbering: one number under two CAFC booklets, or under a booklet and the system\'s own, is none; twice under one booklet, or twice without one, is', async () => {
  const other = { ...TRAINING_CAFC, codigo: '1011F7A0C4B29' };
  await admin(sim, '/cafc', { nit: T.nit, ...other });
  const n = 4321;
  // The system's N° n online, and booklets A and B each with a manual N° n: three numberings.
  assert.equal((await online(s2, { numero: n })).codigoEstado, 908);
  const [inA] = await cafcPackage(TRAINING_CAFC.codigo, [n]);
  const [inB] = await cafcPackage(other.codigo, [n]);
  const groups = () => sim.state.reception.duplicateNumbers().filter((d) => d.nit === String(T.nit) && (d.numero === n || d.numero === n + 1));
  assert.deepEqual(groups(), [], 'one number in three numberings is no duplicate');

  // The same manual number transcribed twice from booklet A (two CUFs), and the system's N° n+1 twice.
  const [againA] = await cafcPackage(TRAINING_CAFC.codigo, [n]);
  assert.equal((await online(s2, { numero: n + 1 })).codigoEstado, 908);
  assert.equal((await online(s2, { numero: n + 1, at: new Date(Date.now() - 1000) })).codigoEstado, 908);
  const found = groups().map((d) => ({ cafc: d.cafc, numero: d.numero, cufs: d.cufs.length, valid: d.valid }));
  assert.deepEqual(found, [
    { cafc: null, numero: n + 1, cufs: 2, valid: 2 },
    { cafc: TRAINING_CAFC.codigo, numero: n, cufs: 2, valid: 2 },
  ]);
  assert.deepEqual(groups().find((d) => d.cafc !== null)!.cufs.map((c) => c.cuf), [inA, againA]);
  assert.ok(!groups().some((d) => d.cufs.some((c) => c.cuf === inB)), 'booklet B\'s N° n pairs with nothing');
});
