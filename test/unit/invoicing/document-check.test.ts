// The self-check every sealed document passes (main/invoicing/document-check.ts, issue #13):
// libxml2 re-reads what we wrote and refuses what SIAT would refuse — the sector's XSD, and a
// signature that does not verify the way a receiver verifies it.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { seal } from '../../../main/invoicing/seal';
import { checkDocument, DocumentCheckError, loadDocumentCheck } from '../../../main/invoicing/document-check';
import { createXmlSigner, type XmlSigner } from '../../../main/invoicing/signing';
import { generateTrainingCertificate } from '../../../main/invoicing/certificate';
import type { CufFields } from '../../../main/invoicing/cuf';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { OFFICIAL_CODIGO_CONTROL, officialSample } from './sample-documents';

const COMPRA_VENTA = sectorLayout(1)!;
const signer = createXmlSigner(generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Carlos Loza', now: new Date('2025-03-01T12:00:00Z') }));
const other = createXmlSigner(generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Otra Firma', now: new Date('2025-03-01T12:00:00Z') }));

const fields = (modalidad: 1 | 2): CufFields & { modalidad: 1 | 2 } => ({
  nit: 1003579028,
  fechaEmision: '2025-03-01T08:00:00.000',
  codigoSucursal: 0,
  modalidad,
  tipoEmision: 1,
  tipoFacturaDocumento: 1,
  codigoDocumentoSector: 1,
  numeroFactura: 7,
  codigoPuntoVenta: 0,
});

function sealWith(modalidad: 1 | 2, s: XmlSigner | null, mutate: (doc: ReturnType<typeof officialSample>) => void = () => {}) {
  return seal({
    fields: fields(modalidad),
    layout: COMPRA_VENTA,
    codigoControl: OFFICIAL_CODIGO_CONTROL,
    document: (cuf) => {
      const doc = officialSample();
      doc.cabecera.cuf = cuf;
      mutate(doc);
      return doc;
    },
    signer: s,
  });
}

function refusal(fn: () => unknown): DocumentCheckError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DocumentCheckError) return e;
    throw e;
  }
  assert.fail('the document passed the check');
}

before(() => loadDocumentCheck());

test('documents we build pass, text that needs escaping included (CR, &, <, >, quotes, tabs, an emoji)', () => {
  const hostile = (doc: ReturnType<typeof officialSample>) => {
    doc.cabecera.nombreRazonSocial = 'Tía "Ñ" & <Hijos>\r\nS.R.L.\t😀';
    doc.detalle[0]!.descripcion = 'A\rB & C <D> \'E\' \tF';
  };
  for (const m of [1, 2] as const) {
    const s = sealWith(m, m === 1 ? signer : null, hostile);
    assert.match(s.xml, /&#xD;/);
    assert.doesNotThrow(() => checkDocument({ xml: s.xml, modalidad: m, sector: 1, signer: m === 1 ? signer : null }));
  }
});

test('a document its sector’s XSD refuses is not sealed: libxml2’s message names the element', () => {
  // The builder writes what it is given; here a value the API's validation would have refused.
  const e = refusal(() => sealWith(2, null, (doc) => void (doc.detalle[0]!.descripcion = 'x'.repeat(501))));
  assert.equal(e.kind, 'schema');
  assert.match(e.problems.join(' '), /descripcion/);
  assert.match(e.message, /esquema XSD/);
});

test('a signature made over other bytes than the document (a canonicalization fault) is caught by the digest', () => {
  // What a fast-path bug would do: sign a canonical text that differs from the document's own.
  const skewed: XmlSigner = { ...signer, signSimple: (doc) => signer.signSimple({ ...doc, canonical: doc.canonical.replace('</cuf>', ' </cuf>') }) };
  const e = refusal(() => sealWith(1, skewed));
  assert.equal(e.kind, 'signature');
  assert.match(e.problems[0]!, /DigestValue/);
});

test('a changed SignatureValue, another certificate, a changed document after signing: each refused', () => {
  const { xml } = sealWith(1, signer);
  const check = (x: string, s: XmlSigner = signer) => refusal(() => checkDocument({ xml: x, modalidad: 1, sector: 1, signer: s }));
  const value = /<ds:SignatureValue>([^<]+)<\/ds:SignatureValue>/.exec(xml)![1]!;
  const flipped = (value[10] === 'A' ? 'B' : 'A');
  assert.match(check(xml.replace(value, value.slice(0, 10) + flipped + value.slice(11))).problems[0]!, /SignatureValue/);
  assert.match(check(xml, other).problems[0]!, /certificado/);
  const changed = xml.replace(/<numeroFactura>(\d+)</, (_m, n: string) => `<numeroFactura>${Number(n) + 1}<`);
  assert.notEqual(changed, xml);
  assert.match(check(changed).problems[0]!, /DigestValue/);
  // The untouched document passes: the failures above come from the changes alone.
  assert.doesNotThrow(() => checkDocument({ xml, modalidad: 1, sector: 1, signer }));
});

test('an unsigned document where a signature is due fails the electronic schema', () => {
  const { xml } = sealWith(2, null);
  assert.equal(refusal(() => checkDocument({ xml, modalidad: 1, sector: 1, signer })).kind, 'schema');
});
