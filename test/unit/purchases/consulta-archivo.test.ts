// consultaCompras `archivo` (format undocumented): kept as received, read where possible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { ARCHIVO_MAX_BYTES, readConsultaArchivo } from '../../../main/purchases/consulta-archivo';
import { packPackage } from '../../../main/invoicing/archive';

test('gzip + tar of XMLs', () => {
  const { tarGz } = packPackage([{ name: 'a.xml', xml: '<compra><nitEmisor>123</nitEmisor><numeroFactura>5</numeroFactura><codigoAutorizacion>X</codigoAutorizacion></compra>' }]);
  assert.deepEqual(readConsultaArchivo(tarGz), { format: 'gzip+tar+xml', rows: [{ nitEmisor: '123', numeroFactura: '5', codigoAutorizacion: 'X' }] });
});

test('gzip of a CSV with the RCV headers (accents and case do not matter)', () => {
  const csv = 'NIT PROVEEDOR;Razón Social Proveedor;CÓDIGO DE AUTORIZACIÓN;NUMERO FACTURA\n1003579028;ANDINA;ABC;137\n';
  assert.deepEqual(readConsultaArchivo(gzipSync(csv)), { format: 'gzip+text', rows: [{ nitEmisor: '1003579028', razonSocialEmisor: 'ANDINA', codigoAutorizacion: 'ABC', numeroFactura: '137' }] });
});

test('plain XML, empty, and bytes nobody can read never throw', () => {
  assert.equal(readConsultaArchivo(Buffer.from('<lista><registroCompra><nitEmisor>1</nitEmisor><numeroFactura>2</numeroFactura></registroCompra></lista>')).rows.length, 1);
  assert.deepEqual(readConsultaArchivo(null), { format: 'empty', rows: [] });
  assert.equal(readConsultaArchivo(Buffer.from([0x1f, 0x8b, 1, 2, 3])).format, 'gzip-corrupt');
  assert.equal(readConsultaArchivo(Buffer.from('hola mundo')).format, 'unknown');
});

test('a gzip bomb is refused at the cap, never inflated and never thrown (issue 26, finding 8)', () => {
  // ~70 KiB of compressed zeros inflate past the cap (ARCHIVO_MAX_BYTES, 64 MiB).
  const bomb = gzipSync(Buffer.alloc(ARCHIVO_MAX_BYTES + 1024 * 1024));
  assert.ok(bomb.length < 1024 * 1024);
  assert.deepEqual(readConsultaArchivo(bomb), { format: 'gzip-too-large', rows: [] });
  // A small cap shows the same on a small file.
  assert.equal(readConsultaArchivo(gzipSync('NIT PROVEEDOR;NUMERO FACTURA\n1;2\n'), 8).format, 'gzip-too-large');
});
