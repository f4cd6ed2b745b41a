// docs/adding-a-sector.md says a new SIAT sector is one file in shared/sectors/ (plus its line in
// the index, its XSDs and its tests). These tests hold that true: every sector file is complete
// and listed, and no other source file keeps a registry of sector codes of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SECTOR_SPECS, sectorSpec } from '../../../shared/sectors';
import type { SectorSpec } from '../../../shared/sectors/spec';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { findSector, sectorRoot } from '../../../main/siat/code-catalog';
import { invoiceXsdFileName } from '../../../main/xml-schema/invoice-xsd';
import { INVOICE_TYPES } from '../../../shared/invoice-types';
import { xsdElement } from '../../fixtures/official-xsd';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SECTORS_DIR = join(ROOT, 'shared', 'sectors');
const XSD_DIR = join(ROOT, 'resources', 'siat', 'xsd');
const SECTOR_FILE = /^s(\d{2})-[a-z0-9-]+\.ts$/;

const sectorFiles = () => readdirSync(SECTORS_DIR).filter((f) => SECTOR_FILE.test(f));

test('every sector file is in the index once, under its own code, and the index lists nothing else', async () => {
  const files = sectorFiles();
  assert.ok(files.length >= 15, `sector files: ${files.join(', ')}`);
  const fromFiles: SectorSpec[] = [];
  for (const file of files) {
    // A relative template (not a computed path): the test bundler (scripts/test-bundle.mjs) takes
    // in every file of the folder for it, as tsx would load any.
    const mod = (await import(`../../../shared/sectors/${file}`)) as Record<string, unknown>;
    const specs = Object.values(mod) as SectorSpec[];
    assert.equal(specs.length, 1, `${file} exports one sector`);
    const spec = specs[0]!;
    assert.equal(spec.code, Number(SECTOR_FILE.exec(file)![1]), `${file}: the file's number is its codigoDocumentoSector`);
    assert.equal(SECTOR_SPECS.filter((s) => s === spec).length, 1, `${file} is listed once in shared/sectors/index.ts`);
    fromFiles.push(spec);
  }
  assert.equal(SECTOR_SPECS.length, fromFiles.length, 'the index lists only sector files');
  assert.deepEqual(
    SECTOR_SPECS.map((s) => s.code),
    [...fromFiles.map((s) => s.code)].sort((a, b) => a - b),
    'in code order, each once',
  );
});

for (const spec of SECTOR_SPECS) {
  test(`sector ${spec.code} (${spec.label}): its file is complete`, () => {
    assert.ok(spec.label.trim().length > 0);
    // SIAT's catalog knows it, with the same tipoFacturaDocumento, and the engine resolves its layout.
    assert.equal(findSector(spec.code)?.tipoFactura, spec.tipoFactura, 'tipoFactura as SIAT’s catalog');
    const layout = sectorLayout(spec.code);
    assert.ok(layout, 'layout');
    // invoiceTypes: at least one, each modality at most once as the first, names unique across sectors.
    assert.ok(spec.invoiceTypes.length > 0, 'invoiceTypes');
    for (const t of spec.invoiceTypes) assert.equal(INVOICE_TYPES.filter((x) => x.name === t.name).length, 1, `${t.name} is one sector's`);
    // Every field: an element of the layout, and a sample of its kind; no sample of another field.
    const fields = [...spec.header.map((f) => ({ f, els: layout.cabecera })), ...spec.line.map((f) => ({ f, els: layout.detalle ?? [] }))];
    for (const { f, els } of fields) {
      assert.ok(els.some((e) => e.name === f.xml), `${f.key}: ${f.xml} is in the layout`);
      const sample = spec.samples[f.key];
      assert.ok(sample !== undefined, `${f.key} has a sample`);
      if (f.kind === 'integer') assert.equal(typeof sample, 'number', `${f.key}'s sample is a number`);
      if (f.kind === 'dateTime' || (f.kind === 'string' && !f.integerToo)) assert.equal(typeof sample, 'string', `${f.key}'s sample is text`);
    }
    assert.deepEqual(Object.keys(spec.samples).sort(), fields.map(({ f }) => f.key).sort(), 'samples are of the sector’s fields only');
    // The XSD of each modality is in resources/siat/xsd and declares the sector's root element.
    for (const m of [1, 2] as const) {
      const file = spec.xsd[m];
      assert.equal(invoiceXsdFileName(spec.code, m), file);
      assert.ok(existsSync(join(XSD_DIR, file)), `${file} in resources/siat/xsd`);
      assert.ok(readFileSync(join(XSD_DIR, file), 'utf8').includes(`<xs:element name="${sectorRoot(spec.code, m)}"`), `${file} declares ${sectorRoot(spec.code, m)}`);
    }
    if (!spec.till.sells) assert.ok(spec.till.why.trim().length > 0, 'why a till does not sell it');
    assert.equal(sectorSpec(spec.code), spec);
  });

  test(`sector ${spec.code} (${spec.label}): the API's limits are its schema's (issue 28, items 10 and 13)`, () => {
    // Each field's length or range is the facet of its element in the sector's XSD (official
    // where SIN's file exists), so what the API accepts is what the schema — and SIAT — accepts.
    for (const m of [1, 2] as const) {
      const xsd = readFileSync(join(XSD_DIR, spec.xsd[m]), 'utf8');
      const detallePart = /<xs:element name="(detalle\w*)"\s+minOccurs/.exec(xsd)?.[1] ?? 'detalle';
      for (const [part, fields] of [['cabecera', spec.header], [detallePart, spec.line]] as const) {
        for (const f of fields) {
          const el = xsdElement(xsd, part, f.xml);
          assert.ok(el, `${spec.xsd[m]}: ${part}/${f.xml}`);
          const at = `${spec.xsd[m]} ${f.xml} (${f.key})`;
          if (f.kind === 'string') assert.equal(String(f.maxLength), el.facets['maxLength'], `${at}: maxLength`);
          if (f.kind === 'integer') {
            assert.equal(String(f.minimum), el.facets['minInclusive'], `${at}: minimum`);
            assert.equal(String(f.maximum), el.facets['maxInclusive'], `${at}: maximum`);
          }
          if (f.kind === 'amount') assert.equal(el.facets['fractionDigits'], '2', `${at}: 2 decimals`);
        }
      }
      // montoTotalSujetoIva > 0 where the schema says minExclusive 0 (sectors 2, 13), else ≥ 0.
      const base = xsdElement(xsd, 'cabecera', 'montoTotalSujetoIva');
      if (base) assert.equal(sectorLayout(spec.code)!.rules.positiveTaxBase, base.facets['minExclusive'] === '0', `${spec.xsd[m]}: montoTotalSujetoIva > 0 in the schema ⇔ positiveTaxBase`);
    }
  });
}

/** Source files of the app (not tests), relative to the repository. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

// A sector code compared with, or listed as, a number: a second registry of sector facts.
const REGISTRY_PATTERNS = [
  /\b\w*sector\s*[!=]==?\s*\d+\b/i,
  /\b\d+\s*[!=]==?\s*[\w.]*\bsector\b/i,
  /\bsector\s*:\s*\d+\b/i,
  /\bsectors?\w*\s*(?::[^=\n]+)?=\s*(?:new Set\(\s*)?\[\s*\d+\s*,/i,
];

test('no source file outside shared/sectors/ keeps its own list or test of sector codes', () => {
  const offenders: string[] = [];
  for (const file of [...sourceFiles('main'), ...sourceFiles('shared'), ...sourceFiles(join('renderer', 'src'))]) {
    const rel = relative(ROOT, join(ROOT, file)).split('\\').join('/');
    if (rel.startsWith('shared/sectors/')) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trimStart().startsWith('//') || line.trimStart().startsWith('*')) return;
        if (REGISTRY_PATTERNS.some((p) => p.test(line))) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(offenders, [], 'read the sector from shared/sectors/ (its code, tillSells, xsd …) instead');
});

test('only the index imports a sector file', () => {
  const offenders: string[] = [];
  for (const file of [...sourceFiles('main'), ...sourceFiles('shared'), ...sourceFiles(join('renderer', 'src'))]) {
    const rel = file.split('\\').join('/');
    if (rel === 'shared/sectors/index.ts') continue;
    if (/from '[^']*sectors\/s\d{2}-[^']*'|from '\.\/s\d{2}-/.test(readFileSync(join(ROOT, file), 'utf8'))) offenders.push(rel);
  }
  assert.deepEqual(offenders, []);
});
