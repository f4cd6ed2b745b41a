import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { invoiceXmlToJson, InvoiceXmlError } from '../../../../main/invoicing/xml/invoice-json';
import { createXmlSigner } from '../../../../main/invoicing/signing';
import { generateTrainingCertificate } from '../../../../main/invoicing/certificate';
import { fromBoliviaIso } from '../../../../shared/time';
import { officialSample } from '../sample-documents';

test('a computerized invoice: cabecera and detalle by XML name, numbers as numbers, nil as null, no signature', () => {
  const json = invoiceXmlToJson(buildCompraVentaXml(officialSample(), 2));
  const c = json.cabecera;
  assert.equal(c.nitEmisor, 1003579028);
  assert.equal(c.razonSocialEmisor, 'Carlos Loza');
  assert.equal(c.telefono, '78595684', 'text in the XSD stays text');
  assert.equal(c.numeroDocumento, '5115889', 'text in the XSD stays text even when it looks numeric');
  assert.equal(c.numeroFactura, 1);
  assert.equal(c.codigoSucursal, 0);
  assert.equal(c.codigoPuntoVenta, null, 'xsi:nil');
  assert.equal(c.complemento, null);
  assert.equal(c.montoTotal, 99);
  assert.equal(c.tipoCambio, 1);
  assert.equal(c.descuentoAdicional, 1);
  assert.equal(c.montoGiftCard, null);
  assert.equal(c.codigoDocumentoSector, 1);
  // seed 001: fechaEmision in milliseconds since the epoch (the XML holds Bolivia time, UTC−4).
  assert.equal(c.fechaEmision, fromBoliviaIso('2021-10-06T16:03:48.675')!.getTime());
  assert.equal(c.fechaEmision, Date.UTC(2021, 9, 6, 20, 3, 48, 675));
  assert.equal(json.detalle.length, 1);
  assert.deepEqual(json.detalle[0], {
    actividadEconomica: '451010',
    codigoProductoSin: 49111,
    codigoProducto: 'JN-131231',
    descripcion: 'JUGO DE NARANJA EN VASO',
    cantidad: 1,
    unidadMedida: 1,
    precioUnitario: 100,
    montoDescuento: 0,
    subTotal: 100,
    numeroSerie: '124548',
    numeroImei: '545454',
  });
  assert.equal(json.signature, null);
});

test('an electronic invoice: signature is the ds:SignatureValue and ds:Signature is not a detalle', () => {
  const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Carlos Loza', now: new Date('2026-01-15T12:00:00Z') });
  const signed = createXmlSigner(cert).sign(buildCompraVentaXml(officialSample(), 1));
  const json = invoiceXmlToJson(signed);
  const value = /<ds:SignatureValue>([^<]+)<\/ds:SignatureValue>/.exec(signed)![1]!.replace(/\s+/g, '');
  assert.equal(json.signature, value);
  assert.match(json.signature!, /^[A-Za-z0-9+/]+=*$/);
  assert.equal(json.detalle.length, 1);
  assert.equal(json.cabecera.cuf, officialSample().cabecera.cuf);
});

test('a masked card number beyond 2^53 stays text rather than being rounded', () => {
  const doc = officialSample();
  doc.cabecera.codigoMetodoPago = 2;
  doc.cabecera.numeroTarjeta = '9797000000007896';
  assert.equal(invoiceXmlToJson(buildCompraVentaXml(doc, 2)).cabecera.numeroTarjeta, '9797000000007896');
  doc.cabecera.numeroTarjeta = '4797000000007896';
  assert.equal(invoiceXmlToJson(buildCompraVentaXml(doc, 2)).cabecera.numeroTarjeta, 4797000000007896);
});

test('text that is not an invoice is refused with a readable error', () => {
  assert.throws(() => invoiceXmlToJson('<factura><cabecera>'), InvoiceXmlError);
  assert.throws(() => invoiceXmlToJson('<factura></factura>'), /no tiene cabecera/);
});
