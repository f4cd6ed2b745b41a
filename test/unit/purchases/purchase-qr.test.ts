// QR parsing on real SIN QR shapes (PURCHASES.md §4): the official online QR example, the CUFs
// of the official samples (CONTRACT §4), and the legacy SFV pipe-separated text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeQrCuf, parseInvoiceQr, QrParseError } from '../../../main/purchases/purchase-qr';

const OFFICIAL = 'https://pilotosiat.impuestos.gob.bo/consulta/QR?nit=1003579028&cuf=44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74&numero=137';

test('the official pilot QR gives NIT, CUF, number and, from the CUF, date, branch, modality and sector', () => {
  const q = parseInvoiceQr(OFFICIAL);
  assert.equal(q.kind, 'online');
  if (q.kind !== 'online') return;
  assert.equal(q.nit, '1003579028');
  assert.equal(q.numero, '137');
  assert.deepEqual(q.cufFields, {
    nit: '1003579028',
    fechaEmision: '2020-08-24T16:22:45.482',
    codigoSucursal: 0,
    modalidad: 2,
    tipoEmision: 1,
    tipoFacturaDocumento: 1,
    codigoDocumentoSector: 1,
    numeroFactura: 137,
    codigoPuntoVenta: 0,
    codigoControl: '67A75AC82F24C74',
  });
  assert.equal(q.fields.emissionDate, '2020-08-24T16:22:45.482');
});

test('a production QR with t=2 and a lower-case CUF parses the same', () => {
  const q = parseInvoiceQr(OFFICIAL.replace('pilotosiat', 'siat').toLowerCase().replace('consulta/qr', 'consulta/QR') + '&t=2');
  assert.equal(q.kind === 'online' && q.cufFields?.numeroFactura, 137);
});

test('the official tasa-cero CUF (CONTRACT §4) decodes to sector 8 without a QR around it', () => {
  const d = decodeQrCuf('19A522E68ED20E82F3FADFE11D8545827010889F04159318EB7846D74', '374803027', '24');
  assert.equal(d?.codigoDocumentoSector, 8);
  assert.equal(d?.fechaEmision, '2022-03-30T15:27:21.578');
  assert.equal(d?.codigoControl, '159318EB7846D74');
});

test('a CUF whose NIT does not match the QR is not trusted', () => {
  const q = parseInvoiceQr(OFFICIAL.replace('nit=1003579028', 'nit=1003579029'));
  assert.equal(q.kind === 'online' && q.cufFields, null);
});

test('a legacy SFV QR fills almost every field', () => {
  const q = parseInvoiceQr('1003579028|137|29040011007|12/05/2021|150.00|140.00|7B-F3-48-A8|4189179011|10.00|0|0|2.50');
  assert.equal(q.kind, 'sfv');
  assert.deepEqual(q.fields, {
    issuerNit: '1003579028',
    invoiceNumber: '137',
    authorizationCode: '29040011007',
    emissionDate: '12/05/2021',
    totalPurchaseAmount: 150,
    controlCode: '7B-F3-48-A8',
    iceAmount: 10,
    zeroRateAmount: 0,
    otherNotSubjectToCredit: 0,
    discount: 2.5,
    duiDimNumber: '0',
  });
});

test('anything else is refused with a Spanish message', () => {
  assert.throws(() => parseInvoiceQr('https://example.com/?a=1'), QrParseError);
  assert.throws(() => parseInvoiceQr('https://siat.impuestos.gob.bo/consulta/QR?nit=ABC&cuf=12&numero=1'), /NIT de proveedor/);
});
