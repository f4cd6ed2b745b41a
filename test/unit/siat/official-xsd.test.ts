// The official SIN schemas in resources/siat/xsd are verbatim copies: each still has the SHA-256
// its README records, so an edit (or a reformat) of an official file cannot pass unnoticed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveComputarizadaXsd, derivedNote, pinnedXsdHashes, readXsd, xsdSha256 } from '../../fixtures/official-xsd';

test('every official schema in resources/siat/xsd has the SHA-256 its README pins', () => {
  const pinned = pinnedXsdHashes();
  // The sectors with an official SIN file, the purchase register and the signature schema.
  for (const f of ['facturaElectronicaCompraVenta.xsd', 'facturaComputarizadaCompraVenta.xsd', 'notaElectronicaCreditoDebito.xsd', 'facturaElectronicaServicioBasico.xsd', 'facturaElectronicaAlquilerBienInmueble.xsd', 'notaElectronicaConciliacion.xsd', 'registroCompra.xsd', 'confirmacionCompra.xsd', 'SignatureSchema.xsd']) {
    assert.ok(pinned.has(f), `${f} is not pinned in resources/siat/xsd/README.md`);
  }
  for (const [file, sha] of pinned) assert.equal(xsdSha256(file), sha, `${file} differs from the official file pinned in resources/siat/xsd/README.md`);
});

/** The README's "derived file | from" table. */
function derivedFiles(): [derived: string, from: string][] {
  const text = readFileSync(join(import.meta.dirname, '..', '..', '..', 'resources', 'siat', 'xsd', 'README.md'), 'utf8');
  return [...text.matchAll(/^\| `(\w+Computarizada\w+\.xsd)` \| `(\w+Electronica\w+\.xsd)` \|$/gm)].map((m) => [m[1]!, m[2]!]);
}

test('a computarizada schema derived from an official electronic one is exactly that derivation (issue 28, items 10 and 12)', () => {
  // The derivation is how SIN's own pairs differ: it turns the official electronic prevalorada
  // file into the official computarizada one, byte for byte.
  assert.equal(deriveComputarizadaXsd(readXsd('facturaElectronicaPrevalorada.xsd')), readXsd('facturaComputarizadaPrevalorada.xsd'));
  const derived = new Map(derivedFiles());
  assert.equal(derived.get('facturaComputarizadaServicioBasico.xsd'), 'facturaElectronicaServicioBasico.xsd', 'sector 13 computarizada is derived from the official electronic file');
  const pinned = pinnedXsdHashes();
  for (const [file, from] of derived) {
    assert.ok(pinned.has(from), `${from} (the source of ${file}) is pinned as official`);
    assert.equal(readXsd(file), deriveComputarizadaXsd(readXsd(from), derivedNote(from)), `${file} is not the derivation of ${from}`);
  }
});
