import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShippedCorpus, parseCards } from '../../../main/ai/rule-cards';
import { Assistant } from '../../../main/ai/assistant';
import { parseThesaurus } from '../../../main/ai/thesaurus';
import { siatCodeIn } from '../../../main/ai/siat-code-in-question';
import { guidanceFor } from '../../../main/ai/siat-error-guide';
import { words } from '../../../main/ai/query-terms';
import { FIXED_LEGEND } from '../../../main/documents/model';
import { LEYENDAS_FACTURA } from '../../../main/siat-sim/catalog-data/activities';
import { SIAT_MESSAGES } from '../../../main/siat/messages';
import { tempDir } from '../../fixtures/tmp';

const shipped = loadShippedCorpus(join('resources', 'ai', 'corpus'));

test('the shipped corpus: 100–150 cards, each with a rule, a reference, a date and 3–6 questions; one card per significant event', () => {
  assert.ok(shipped.cards.length >= 100 && shipped.cards.length <= 150, `${shipped.cards.length} fichas`);
  for (const c of shipped.cards) {
    assert.ok(c.referencia.length >= 10, c.id);
    assert.match(c.vigenteAl, /^\d{4}-\d{2}-\d{2}$/, c.id);
    assert.ok(c.preguntas.length >= 3 && c.preguntas.length <= 6, c.id);
    assert.ok(c.regla.length >= 80, c.id);
  }
  const events = shipped.cards.filter((c) => c.coleccion === 'contingencias' && /^evento-\d-/.test(c.id)).map((c) => Number(c.id[7]));
  assert.deepEqual(events.sort(), [1, 2, 3, 4, 5, 6, 7]);
});

test('no card copies an official text Kipu holds (12 words in a row)', () => {
  const official = [FIXED_LEGEND, ...LEYENDAS_FACTURA.map((l) => l.descripcionLeyenda), ...Object.values(SIAT_MESSAGES)];
  const shingles = new Set<string>();
  for (const t of official) {
    const w = words(t);
    for (let i = 0; i + 12 <= w.length; i++) shingles.add(w.slice(i, i + 12).join(' '));
  }
  for (const c of shipped.cards) {
    const w = words(c.regla);
    for (let i = 0; i + 12 <= w.length; i++) assert.ok(!shingles.has(w.slice(i, i + 12).join(' ')), `${c.id}: «${w.slice(i, i + 12).join(' ')}»`);
  }
});

test('a malformed card is refused with its file and id', () => {
  assert.throws(() => parseCards('x.md', 'normativas', '## a-b\ntitulo: T\nref: R\nvigente: 2026-01-01\nregla: r\np: 1\np: 2\n'), /x\.md: ficha «a-b»: debe tener de 3 a 6 preguntas/);
  assert.throws(() => parseCards('x.md', 'normativas', '## a\ntitulo: T\nvigente: 2026-01-01\nregla: r\np: 1\np: 2\np: 3\n'), /falta «ref»/);
  assert.throws(() => parseCards('x.md', 'normativas', '## a\ntitulo: T\nref: R\nvigente: 24/11/2026\nregla: r\np: 1\np: 2\np: 3\n'), /AAAA-MM-DD/);
});

test('a new corpus version replaces the old cards as a whole', () => {
  const tmp = tempDir();
  try {
    const card = (id: string) => `## ${id}\ntitulo: Ficha ${id}\nref: Referencia de prueba\nvigente: 2026-01-01\nregla: Regla de prueba ${id}.\np: ¿Uno?\np: ¿Dos?\np: ¿Tres?\n`;
    const write = (version: string, ids: string[]) => {
      mkdirSync(join(tmp.dir, 'normativas'), { recursive: true });
      writeFileSync(join(tmp.dir, 'manifest.json'), JSON.stringify({ version, collections: { normativas: ['normativas/a.md'] } }));
      writeFileSync(join(tmp.dir, 'normativas', 'a.md'), ids.map(card).join('\n'));
    };
    write('1', ['vieja', 'comun']);
    const v1 = new Assistant(loadShippedCorpus(tmp.dir), parseThesaurus('{"version":"1","entries":{}}'), []);
    write('2', ['nueva', 'comun']);
    const v2 = new Assistant(loadShippedCorpus(tmp.dir), parseThesaurus('{"version":"1","entries":{}}'), []);
    assert.deepEqual([v1.shipped.version, v1.shipped.cards.map((c) => c.id)], ['1', ['vieja', 'comun']]);
    assert.deepEqual([v2.shipped.version, v2.shipped.cards.map((c) => c.id)], ['2', ['nueva', 'comun']]);
    assert.equal(v2.card('vieja'), undefined);
  } finally {
    tmp.cleanup();
  }
});

test('a SIAT code in a question is found; amounts and counts are not codes', () => {
  const known = (c: number) => guidanceFor(c) !== null;
  assert.equal(siatCodeIn('¿Qué hago si SIAT responde 902?', known), 902);
  assert.equal(siatCodeIn('me sale error 1013 al facturar', known), 1013);
  assert.equal(siatCodeIn('dice advertencia 2003', known), 2003);
  assert.equal(siatCodeIn('¿qué es 953?', known), 953);
  assert.equal(siatCodeIn('¿Puedo facturar 3000 bolivianos sin carnet?', known), null);
  assert.equal(siatCodeIn('más de 3000 sin nombre', known), null);
  assert.equal(siatCodeIn('¿caben 1000 facturas en un paquete?', known), null);
  assert.equal(siatCodeIn('¿qué es el 99001?', known), null);
  assert.equal(siatCodeIn('una venta de Bs 950', known), null);
  // An amount after «hasta» is the Bs 3.000 rule even when the question names impuestos (decision 0107).
  assert.equal(siatCodeIn('impuestos acepta el carnet 0 hasta 3000?', known), null);
  assert.equal(siatCodeIn('impuestos me dice mensaje 3000', known), 3000);
});

test('{{sector:N}} says what Kipu issues today, read from shared/sectors when the cards load (issue 31)', async () => {
  const { sectorStatus } = await import('../../../main/ai/sector-status');
  const { SECTOR_SPECS, sectorSpec } = await import('../../../shared/sectors');
  // True whatever sectors are added later: "Kipu emite" exactly for the sectors in the registry.
  for (const code of [1, 2, 6, 8, 11, 16, 17, 22, 29, 99]) {
    const says = sectorStatus(code);
    if (sectorSpec(code)) assert.match(says, new RegExp(`^Kipu emite este documento \\(sector ${code}, «${sectorSpec(code)!.label}»\\)`), says);
    else assert.match(says, new RegExp(`^Esta versión de Kipu no emite el sector ${code}:`), says);
  }
  assert.ok(SECTOR_SPECS.length > 0);
  const [card] = parseCards('x.md', 'normativas', '## a\ntitulo: T\nref: R de prueba\nvigente: 2026-01-01\nregla: Colegios. {{sector:11}}\np: 1\np: 2\np: 3\n');
  assert.equal(card!.regla, `Colegios. ${sectorStatus(11)}`);
  assert.throws(() => parseCards('x.md', 'normativas', '## a\ntitulo: T\nref: R\nvigente: 2026-01-01\nregla: {{sectr:11}}\np: 1\np: 2\np: 3\n'), /x\.md: ficha «a»: plantilla desconocida «\{\{sectr:11\}\}»/);
  // The shipped sector cards carry it: the landlord's card is true today and the day sector 2 ships.
  const alquiler = shipped.cards.find((c) => c.id === 'sector-alquiler')!;
  assert.ok(alquiler.regla.endsWith(sectorStatus(2)), alquiler.regla);
  assert.doesNotMatch(shipped.cards.map((c) => c.regla).join('\n'), /\{\{|todavía no emite notas/);
});
