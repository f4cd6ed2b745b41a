import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { generateTrainingCertificate } from '../../../../main/invoicing/certificate';
import { createXmlSigner } from '../../../../main/invoicing/signing';
import { hasInvoiceXsd, invoiceXsdFileName, validateInvoiceXml, validateInvoiceXmlWithXmllint, type XsdResult } from '../../../../main/xml-schema/invoice-xsd';
import { SECTOR_SAMPLES, sampleXml, type Cell, type SectorSample } from './sector-samples';

const PURCHASE_XSDS: ReadonlySet<string> = new Set(['registroCompra.xsd', 'confirmacionCompra.xsd']);

const XSD_DIR = new URL('../../../../resources/siat/xsd/', import.meta.url);
/** Sectors whose schemas are SIN's (13: the electronic file, and its computarizada derived from it). */
const OFFICIAL = new Set([1, 2, 13, 23, 24, 29, 47]);

const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Prueba sectores', now: new Date() });
const signer = createXmlSigner(cert);

interface Case {
  name: string;
  xml: string;
  valid: boolean;
}

function setCell(cs: Cell[], name: string, value: string | null): Cell[] {
  assert.ok(cs.some(([n]) => n === name), `no ${name}`);
  return cs.map(([n, v]): Cell => [n, n === name ? value : v]);
}

function swapCells(cs: Cell[], a: string, b: string): Cell[] {
  const i = cs.findIndex(([n]) => n === a);
  assert.equal(cs[i + 1]?.[0], b, `${a} is not followed by ${b}`);
  const out = [...cs];
  [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
  return out;
}

/** The minimal document and the mutations every sector's schema must refuse. */
function casesFor(s: SectorSample, modalidad: 1 | 2): Case[] {
  const finish = (xml: string): string => (modalidad === 1 ? signer.sign(xml) : xml);
  const doc = (patch?: Parameters<typeof sampleXml>[2]): string => finish(sampleXml(s, modalidad, patch));
  const inCabecera = (name: string): boolean => s.cabecera.some(([n]) => n === name);
  const patchOf = (name: string, f: (cs: Cell[]) => Cell[]): Parameters<typeof sampleXml>[2] =>
    inCabecera(name) ? { cabecera: f(s.cabecera) } : { detalle: f(s.detalle!) };
  const [longName, max] = s.longest;
  const cases: Case[] = [
    { name: 'minimal sample', xml: doc(), valid: true },
    { name: `${s.swap[0]} and ${s.swap[1]} swapped`, xml: doc({ cabecera: swapCells(s.cabecera, s.swap[0], s.swap[1]) }), valid: false },
    { name: `${s.required} missing`, xml: doc(patchOf(s.required, (cs) => cs.filter(([n]) => n !== s.required))), valid: false },
    { name: `${s.required} nil`, xml: doc(patchOf(s.required, (cs) => setCell(cs, s.required, null))), valid: false },
    { name: `${longName} of ${max + 1} characters`, xml: doc(patchOf(longName, (cs) => setCell(cs, longName, 'x'.repeat(max + 1)))), valid: false },
    { name: `${longName} of ${max} characters`, xml: doc(patchOf(longName, (cs) => setCell(cs, longName, 'x'.repeat(max)))), valid: true },
    { name: 'codigoDocumentoSector of another sector', xml: doc({ cabecera: setCell(s.cabecera, 'codigoDocumentoSector', String(s.sector === 1 ? 2 : 1)) }), valid: false },
    { name: 'extra element at the end of cabecera', xml: doc({ cabecera: [...s.cabecera, ['extra', '1']] }), valid: false },
  ];
  if (s.detalle) cases.push({ name: 'extra element in detalle', xml: doc({ detalle: [['extra', '1'], ...s.detalle] }), valid: false });
  if (modalidad === 1) {
    cases.push({ name: 'electrónica without ds:Signature', xml: sampleXml(s, 1), valid: false });
    cases.push({ name: 'electrónica with a ds:Signature missing SignatureValue', xml: doc().replace(/<ds:SignatureValue>[^<]*<\/ds:SignatureValue>/, ''), valid: false });
  } else {
    cases.push({ name: 'computarizada carrying a ds:Signature', xml: signer.sign(sampleXml(s, 2)), valid: false });
    cases.push({ name: 'root of the other modality', xml: sampleXml(s, 1), valid: false });
  }
  return cases;
}

/** Runs `f` over `items` with at most `n` at once (each xmllint-wasm run is a worker). */
async function pool<T, R>(items: T[], n: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  }));
  return out;
}

test('every sector and modality: the minimal sample validates and each mutation is refused, by libxml2-wasm and xmllint alike', async () => {
  const jobs = SECTOR_SAMPLES.flatMap((s) => ([1, 2] as const).map((m) => ({ s, m, cases: casesFor(s, m) })));
  assert.equal(jobs.length, 38);
  const oracle = await pool(jobs, 3, (j) => validateInvoiceXmlWithXmllint(j.cases.map((c) => c.xml), j.m, j.s.sector));
  const problems: string[] = [];
  for (const [k, j] of jobs.entries()) {
    const fast = await validateInvoiceXml(j.cases.map((c) => c.xml), j.m, j.s.sector);
    j.cases.forEach((c, i) => {
      const label = `sector ${j.s.sector} modalidad ${j.m}: ${c.name}`;
      const show = (r: XsdResult): string => (r.valid ? 'valid' : `invalid (${r.errors.join(' | ')})`);
      const f = fast[i]!;
      const o = oracle[k]![i]!;
      if (f.valid !== c.valid) problems.push(`${label}: libxml2-wasm ${show(f)}, expected ${c.valid ? 'valid' : 'invalid'}`);
      if (o.valid !== c.valid) problems.push(`${label}: xmllint ${show(o)}, expected ${c.valid ? 'valid' : 'invalid'}`);
      if (!f.valid && f.errors.length === 0) problems.push(`${label}: refused without a reason`);
    });
  }
  assert.deepEqual(problems, []);
});

test('the sector rules written into the schemas', async () => {
  const bySector = new Map(SECTOR_SAMPLES.map((s) => [s.sector, s]));
  const s8 = bySector.get(8)!;
  // Tasa cero: montoTotalSujetoIva must be 0 (shared/siat/sectors/README.md).
  const [taxed] = await validateInvoiceXml([sampleXml(s8, 2, { cabecera: setCell(s8.cabecera, 'montoTotalSujetoIva', '99') })], 2, 8);
  assert.match(taxed!.errors.join('\n'), /montoTotalSujetoIva/);
  // Bonificaciones: a 100 % bonus line (subTotal 0) passes in sector 35 and fails in sector 1.
  const s35 = bySector.get(35)!;
  const s1 = bySector.get(1)!;
  const [bonus] = await validateInvoiceXml([sampleXml(s35, 2)], 2, 35);
  assert.deepEqual(bonus, { valid: true, errors: [] });
  const [notBonus] = await validateInvoiceXml([sampleXml(s1, 2, { detalle: setCell(s1.detalle!, 'subTotal', '0') })], 2, 1);
  assert.match(notBonus!.errors.join('\n'), /subTotal/);
  // Nota crédito-débito: at least two lines (the original and the returned one).
  const s24 = bySector.get(24)!;
  const [oneLine] = await validateInvoiceXml([sampleXml({ ...s24, lines: 1 }, 2)], 2, 24);
  assert.equal(oneLine!.valid, false);
  // Amounts: 10 decimals in the note, 5 in bonificaciones, 2 elsewhere.
  const [note11] = await validateInvoiceXml([sampleXml(s24, 2, { detalle: setCell(s24.detalle!, 'subTotal', '1.12345678901') })], 2, 24);
  assert.match(note11!.errors.join('\n'), /fractionDigits/);
  const [bon6] = await validateInvoiceXml([sampleXml(s35, 2, { detalle: setCell(s35.detalle!, 'precioUnitario', '1.123456') })], 2, 35);
  assert.match(bon6!.errors.join('\n'), /fractionDigits/);
  // Servicios básicos, the official schema (issue 28, item 10): mes ≤ 10, gestion 2015–9999,
  // the detalle… texts ≤ 100, montoTotalSujetoIva > 0, beneficiarioLey1886 up to 14 digits.
  const s13 = bySector.get(13)!;
  for (const m of [1, 2] as const) {
    const doc13 = (name: string, value: string): string => {
      const xml = sampleXml(s13, m, { cabecera: setCell(s13.cabecera, name, value) });
      return m === 1 ? signer.sign(xml) : xml;
    };
    const refused: [string, string][] = [['mes', 'x'.repeat(11)], ['gestion', '2014'], ['gestion', '10000'], ['detalleAjusteSujetoIva', 'x'.repeat(101)], ['detalleAjusteNoSujetoIva', 'x'.repeat(101)], ['detalleOtrosPagosNoSujetoIva', 'x'.repeat(101)], ['montoTotalSujetoIva', '0']];
    const accepted: [string, string][] = [['mes', 'x'.repeat(10)], ['gestion', '2015'], ['gestion', '9999'], ['detalleAjusteSujetoIva', 'x'.repeat(100)], ['beneficiarioLey1886', '12345678901234']];
    const results = await validateInvoiceXml([...refused, ...accepted].map(([n, v]) => doc13(n, v)), m, 13);
    refused.forEach(([n, v], i) => assert.match(results[i]!.errors.join('\n'), new RegExp(n), `modalidad ${m}: ${n}=${v.slice(0, 12)} refused`));
    accepted.forEach(([n, v], i) => assert.deepEqual(results[refused.length + i], { valid: true, errors: [] }, `modalidad ${m}: ${n}=${v.slice(0, 12)} accepted`));
  }
  // Nota de conciliación: the original's lines, then the conciliated ones; neither part may be
  // missing, and a conciliated total of 0 is refused (minExclusive 0).
  const s29 = bySector.get(29)!;
  const [noAdjusted] = await validateInvoiceXml([sampleXml({ ...s29, twoParts: undefined }, 2).replace(/detalle>/g, 'detalleOriginal>')], 2, 29);
  assert.match(noAdjusted!.errors.join('\n'), /detalleConciliacion/);
  const [zero29] = await validateInvoiceXml([sampleXml(s29, 2, { cabecera: setCell(s29.cabecera, 'montoTotalConciliado', '0') })], 2, 29);
  assert.match(zero29!.errors.join('\n'), /montoTotalConciliado/);
  // Boleto aéreo has no detalle at all.
  const s30 = bySector.get(30)!;
  const [withLine] = await validateInvoiceXml([sampleXml({ ...s30, detalle: s1.detalle }, 2)], 2, 30);
  assert.equal(withLine!.valid, false);
});

test('schema lookup: one file per sector and modality, sector 24 by its official file name, unknown sectors refused', async () => {
  assert.equal(invoiceXsdFileName(24, 1), 'notaElectronicaCreditoDebito.xsd');
  assert.equal(invoiceXsdFileName(24, 2), 'notaComputarizadaCreditoDebito.xsd');
  assert.equal(invoiceXsdFileName(47, 2), 'notaComputarizadaCreditoDebitoDescuento.xsd');
  assert.equal(invoiceXsdFileName(22, 1), 'facturaElectronicaTelecomunicacion.xsd');
  assert.equal(invoiceXsdFileName(2, 2), 'facturaComputarizadaAlquilerBienInmueble.xsd');
  assert.equal(hasInvoiceXsd(6, 1), false);
  assert.equal(hasInvoiceXsd(17, 3), false);
  assert.throws(() => invoiceXsdFileName(6, 2), /No hay XSD para el documento sector 6 en modalidad 2/);
  await assert.rejects(validateInvoiceXml(['<x/>'], 1, 99), /No hay XSD para el documento sector 99/);
  await assert.rejects(validateInvoiceXmlWithXmllint(['<x/>'], 2, 6), /No hay XSD para el documento sector 6/);

  // Every file in resources/siat/xsd is some sector's schema (or the signature schema), and
  // every sector with samples has both files.
  const files = new Set(readdirSync(XSD_DIR).filter((f) => f.endsWith('.xsd')));
  const reached = new Set(['SignatureSchema.xsd']);
  for (const s of SECTOR_SAMPLES) {
    for (const m of [1, 2] as const) {
      const name = invoiceXsdFileName(s.sector, m);
      assert.ok(files.has(name), name);
      reached.add(name);
      const text = readFileSync(new URL(name, XSD_DIR), 'utf8');
      assert.match(text, new RegExp(`<xs:element name="${s.roots[m - 1]}">`), name);
      assert.match(text, new RegExp(`name="codigoDocumentoSector"\\s+type="xs:integer" fixed="${s.sector}"`), name);
      // A transcription says so at its top; an SIN file is kept verbatim.
      assert.equal(text.slice(0, 400).includes('Transcription by Kipu, NOT an SIN file'), !OFFICIAL.has(s.sector), name);
    }
  }
  // The purchase register's schemas (issue #14) sit beside them; they are not invoice layouts.
  assert.deepEqual([...files].filter((f) => !reached.has(f) && !PURCHASE_XSDS.has(f)), []);
});
