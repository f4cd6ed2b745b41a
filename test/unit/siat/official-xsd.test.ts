// The official SIN schemas in resources/siat/xsd are verbatim copies: each still has the SHA-256
// its README records, so an edit (or a reformat) of an official file cannot pass unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pinnedXsdHashes, xsdSha256 } from '../../fixtures/official-xsd';

test('every official schema in resources/siat/xsd has the SHA-256 its README pins', () => {
  const pinned = pinnedXsdHashes();
  // The sectors with an official SIN file, the purchase register and the signature schema.
  for (const f of ['facturaElectronicaCompraVenta.xsd', 'facturaComputarizadaCompraVenta.xsd', 'notaElectronicaCreditoDebito.xsd', 'registroCompra.xsd', 'confirmacionCompra.xsd', 'SignatureSchema.xsd']) {
    assert.ok(pinned.has(f), `${f} is not pinned in resources/siat/xsd/README.md`);
  }
  for (const [file, sha] of pinned) assert.equal(xsdSha256(file), sha, `${file} differs from the official file pinned in resources/siat/xsd/README.md`);
});
