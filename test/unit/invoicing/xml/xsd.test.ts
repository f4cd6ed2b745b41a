import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml } from '../../../../main/xml-schema/invoice-xsd';
import { officialSample, tenLineInvoice } from '../sample-documents';

test('a batch keeps results parallel to the input, with malformed and invalid documents inside', async () => {
  const xmls = Array.from({ length: 40 }, (_, i) => buildCompraVentaXml(tenLineInvoice(i + 1, i), 2));
  xmls[7] = xmls[7]!.replace(/<municipio>[^<]*<\/municipio>/, '');
  xmls[21] = '<facturaComputarizadaCompraVenta><cabecera></facturaComputarizadaCompraVenta>';
  const results = await validateInvoiceXml(xmls, 2);
  assert.equal(results.length, 40);
  results.forEach((r, i) => {
    if (i === 7) {
      assert.equal(r.valid, false);
      assert.match(r.errors.join('\n'), /Expected is \( municipio \)/);
    } else if (i === 21) {
      assert.equal(r.valid, false);
      assert.match(r.errors.join('\n'), /parser error|mismatch/i);
    } else {
      assert.deepEqual(r, { valid: true, errors: [] }, `document ${i}`);
    }
  });
});

test('a malformed last document does not lose the results of the others', async () => {
  const good = buildCompraVentaXml(officialSample(), 2);
  const results = await validateInvoiceXml([good, '<a><b></a>'], 2);
  assert.deepEqual(results[0], { valid: true, errors: [] });
  assert.equal(results[1]!.valid, false);
});

test('a package of 500 validates in one run', async () => {
  const xmls = Array.from({ length: 500 }, (_, i) => buildCompraVentaXml(tenLineInvoice(i + 1, i), 2));
  const results = await validateInvoiceXml(xmls, 2);
  assert.equal(results.filter((r) => r.valid).length, 500);
  // Its speed is measured by test/bench/xsd.ts, not asserted here.
});

test('concurrent calls are answered separately and correctly', async () => {
  const good = buildCompraVentaXml(officialSample(), 2);
  const bad = good.replace('<usuario>pperez</usuario>', '');
  const [a, b, c] = await Promise.all([validateInvoiceXml([good], 2), validateInvoiceXml([bad, good], 2), validateInvoiceXml([good, good, bad], 2)]);
  assert.deepEqual(a.map((r) => r.valid), [true]);
  assert.deepEqual(b.map((r) => r.valid), [false, true]);
  assert.deepEqual(c.map((r) => r.valid), [true, true, false]);
});

test('an empty list resolves to an empty list; an unknown sector is refused', async () => {
  assert.deepEqual(await validateInvoiceXml([], 2), []);
  await assert.rejects(validateInvoiceXml(['<x/>'], 2, 99), /sector 99/);
});

test('KIPU_RESOURCES_DIR points validation at another resources folder', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-res-'));
  t.after(() => {
    delete process.env.KIPU_RESOURCES_DIR;
    rmSync(dir, { recursive: true, force: true });
  });
  cpSync(new URL('../../../../resources/siat', import.meta.url), join(dir, 'siat'), { recursive: true });
  // A stricter copy of the computarizada XSD: usuario at most 3 characters.
  const file = join(dir, 'siat', 'xsd', 'facturaComputarizadaCompraVenta.xsd');
  const xsd = readFileSync(file, 'utf8');
  const usuarioAt = xsd.indexOf('<xs:element name="usuario">');
  writeFileSync(file, xsd.slice(0, usuarioAt) + xsd.slice(usuarioAt).replace('<xs:maxLength value="100"/>', '<xs:maxLength value="3"/>'));
  process.env.KIPU_RESOURCES_DIR = dir;
  const [r] = await validateInvoiceXml([buildCompraVentaXml(officialSample(), 2)], 2);
  assert.equal(r!.valid, false);
  assert.match(r!.errors.join('\n'), /usuario/);
  delete process.env.KIPU_RESOURCES_DIR;
  const [ok] = await validateInvoiceXml([buildCompraVentaXml(officialSample(), 2)], 2);
  assert.equal(ok!.valid, true);
});
