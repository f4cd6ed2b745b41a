import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { seal, sealAsync } from '../../../main/invoicing/seal';
import { loadDocumentCheck } from '../../../main/invoicing/document-check';
import { buildCuf, type CufFields } from '../../../main/invoicing/cuf';
import { buildCompraVentaXml } from '../../../main/invoicing/xml/compra-venta';
import { createXmlSigner, verifyXmlSignature } from '../../../main/invoicing/signing';
import { generateTrainingCertificate } from '../../../main/invoicing/certificate';
import { OFFICIAL_CODIGO_CONTROL, officialSample } from './sample-documents';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';

before(() => loadDocumentCheck());

const COMPRA_VENTA = sectorLayout(1)!;

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
const withCuf = (cuf: string) => {
  const doc = officialSample();
  doc.cabecera.cuf = cuf;
  return doc;
};

test('a computerized invoice is sealed unsigned: the CUF in the XML, the hash of the gzip', () => {
  const s = seal({ fields: fields(2), layout: COMPRA_VENTA, codigoControl: OFFICIAL_CODIGO_CONTROL, document: withCuf, signer: null });
  assert.equal(s.cuf, buildCuf(fields(2), OFFICIAL_CODIGO_CONTROL));
  assert.equal(s.xml, buildCompraVentaXml(withCuf(s.cuf), 2));
  assert.equal(gunzipSync(s.gzip).toString('utf8'), s.xml);
  assert.equal(s.hashArchivo, createHash('sha256').update(s.gzip).digest('hex'));
});

test('an electronic invoice is sealed signed, and the signature verifies', () => {
  const signer = createXmlSigner(generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Carlos Loza', now: new Date('2025-03-01T12:00:00Z') }));
  const s = seal({ fields: fields(1), layout: COMPRA_VENTA, codigoControl: OFFICIAL_CODIGO_CONTROL, document: withCuf, signer });
  assert.ok(s.xml.startsWith(buildCompraVentaXml(withCuf(s.cuf), 1).slice(0, -'</facturaElectronicaCompraVenta>'.length)));
  assert.equal(verifyXmlSignature(s.xml).valid, true);
  assert.equal(gunzipSync(s.gzip).toString('utf8'), s.xml);
});

test('sealAsync gives what seal gives, signed or not', async () => {
  const signer = createXmlSigner(generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Carlos Loza', now: new Date('2025-03-01T12:00:00Z') }));
  for (const [modalidad, s] of [[1, signer], [2, null]] as const) {
    const input = { fields: fields(modalidad), layout: COMPRA_VENTA, codigoControl: OFFICIAL_CODIGO_CONTROL, document: withCuf, signer: s };
    assert.deepEqual(await sealAsync(input), seal(input));
  }
});
