// Issue 28, item 13: a schema Kipu transcribed (no official SIN file of the sector was found)
// says where each of its limits comes from, and invents none where a source is silent. Every
// element that is not the official compra-venta schema's own (same part, same limits) is listed
// in the file's "Limits and their sources" note with one of: a public source; "as compra-venta X"
// (then its limits are exactly X's in the official compra-venta schema); or "no public source"
// for an element no compra-venta element resembles. An element shared with compra-venta keeps
// compra-venta's limits unless the note names a source for the difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readXsd, xsdElement, type XsdFacets } from '../../fixtures/official-xsd';

const XSD_DIR = join(import.meta.dirname, '..', '..', '..', 'resources', 'siat', 'xsd');
const COMPRA_VENTA = readXsd('facturaElectronicaCompraVenta.xsd');

const transcribed = readdirSync(XSD_DIR).filter((f) => f.endsWith('.xsd') && readXsd(f).includes('Transcription by Kipu, NOT an SIN file'));

/** Each part's element names, in order ('cabecera', then the detalle part if any). */
function partElements(xsd: string): [part: string, names: string[]][] {
  const out: [string, string[]][] = [];
  for (const part of ['cabecera', 'detalle']) {
    if (!xsd.includes(`<xs:element name="${part}"`)) continue;
    const names = [...xsd.slice(xsd.indexOf(`<xs:element name="${part}"`)).matchAll(/<xs:element name="(\w+)"/g)].map((m) => m[1]!).filter((n) => n !== part);
    out.push([part, names.filter((n) => xsdElement(xsd, part, n) !== undefined)]);
  }
  return out;
}

/** The note's lines: element → where its limit comes from. */
function sourcesNote(xsd: string): Map<string, string> | null {
  const comment = /<!--([\s\S]*?)-->/.exec(xsd)?.[1] ?? '';
  const at = comment.indexOf('Limits and their sources');
  if (at < 0) return null;
  return new Map([...comment.slice(at).matchAll(/^\s*- (\w+): (.+)$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

const limits = (e: XsdFacets | undefined) => e && { base: e.base, facets: e.facets };

test('there are transcribed schemas to check (both modalities of 12 sectors)', () => {
  assert.equal(transcribed.length, 24, transcribed.join(', '));
});

for (const file of transcribed) {
  test(`${file}: every limit not taken from compra-venta names its source`, () => {
    const xsd = readXsd(file);
    const note = sourcesNote(xsd);
    assert.ok(note, `${file} has no "Limits and their sources" note`);
    const problems: string[] = [];
    const listed = new Set<string>();
    for (const [part, names] of partElements(xsd)) {
      for (const name of names) {
        const mine = limits(xsdElement(xsd, part, name));
        const cv = limits(xsdElement(COMPRA_VENTA, part, name));
        const source = note.get(name);
        if (source !== undefined) listed.add(name);
        if (source === undefined) {
          if (!cv) problems.push(`${name}: not in compra-venta and no source given`);
          else if (JSON.stringify(mine) !== JSON.stringify(cv)) problems.push(`${name}: differs from compra-venta (${JSON.stringify(cv)}) without a source`);
          continue;
        }
        const as = /^as compra-venta (\w+)/.exec(source);
        if (as) {
          const theirs = limits(xsdElement(COMPRA_VENTA, 'cabecera', as[1]!) ?? xsdElement(COMPRA_VENTA, 'detalle', as[1]!));
          if (!theirs) problems.push(`${name}: compra-venta has no ${as[1]}`);
          else if (JSON.stringify(mine) !== JSON.stringify(theirs)) problems.push(`${name}: says "as compra-venta ${as[1]}" but ${JSON.stringify(mine)} ≠ ${JSON.stringify(theirs)}`);
        } else if (!/^(source: \S|no public source: \S)/.test(source)) {
          problems.push(`${name}: "${source}" is neither a source, "as compra-venta X" nor "no public source: …"`);
        } else if (source.startsWith('no public source') && cv) {
          problems.push(`${name}: compra-venta has this element, so its limits are compra-venta's or a source's`);
        }
      }
    }
    for (const name of note.keys()) if (!listed.has(name)) problems.push(`${name}: in the note but not an element of the schema`);
    assert.deepEqual(problems, []);
  });
}
