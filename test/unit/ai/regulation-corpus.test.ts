import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../main/store/db';
import { RegulationCorpus, decodeText, MAX_FILE_BYTES } from '../../../main/ai/regulation-corpus';
import { RegulationPassageRepository } from '../../../main/store/regulation-passages';
import { tempDir } from '../../fixtures/tmp';

// Invented test texts ("norma ficticia"), not regulation.
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let dir: string;

beforeEach(() => {
  tmp = tempDir();
  db = openDatabase(join(tmp.dir, 'kipu.sqlite')).db;
  dir = join(tmp.dir, 'normativa');
  mkdirSync(dir);
});
afterEach(() => {
  db.close();
  tmp.cleanup();
});

function write(name: string, text: string | Buffer, mtime?: Date): void {
  const p = join(dir, name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  if (mtime) utimesSync(p, mtime, mtime);
}

test('indexes .md and .txt files (subfolders too), skips other and hidden files, and ranks by BM25', () => {
  write('anulacion.md', '# Norma ficticia\n\n## Plazo de anulación\n\nUna factura de prueba se anula dentro de 7 días.\n\n## Otro tema\n\nLas cajas de prueba imprimen tickets.');
  write('sub/contingencia.txt', 'Norma ficticia de contingencia.\n\nLos paquetes de prueba se envían en 72 horas.');
  write('notas.pdf', 'no es texto indexable');
  write('.oculto.md', '# Oculto\n\nanulación escondida');
  const c = new RegulationCorpus(new RegulationPassageRepository(db), dir);
  const rep = c.refresh();
  assert.equal(rep.folderFound, true);
  assert.equal(rep.files, 2);
  assert.deepEqual(rep.indexed.sort(), ['anulacion.md', 'sub/contingencia.txt']);
  assert.equal(rep.passages, 3, 'a heading without text gives no passage; short paragraphs under one title are one');
  const passages = c.passages();
  assert.deepEqual([...new Set(passages.map((p) => p.path))], ['anulacion.md', 'sub/contingencia.txt']);
  assert.ok(passages.some((p) => p.titulo === 'Norma ficticia › Plazo de anulación'));
  assert.ok(!passages.some((p) => p.texto.includes('escondida')));
});

test('at the next refresh only changed files are indexed again; deleted files leave the index', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  write('a.md', '# A\n\nTexto ficticio de prueba alfa.', t0);
  write('b.md', '# B\n\nTexto ficticio de prueba beta.', t0);
  const c = new RegulationCorpus(new RegulationPassageRepository(db), dir);
  c.refresh();

  const same = c.refresh();
  assert.deepEqual([same.indexed, same.removed], [[], []], 'nothing changed, nothing re-read');

  write('a.md', '# A\n\nTexto ficticio de prueba gamma.', new Date('2026-01-02T00:00:00Z'));
  rmSync(join(dir, 'b.md'));
  const next = c.refresh();
  assert.deepEqual(next.indexed, ['a.md']);
  assert.deepEqual(next.removed, ['b.md']);
  assert.deepEqual(c.passages().map((p) => [p.path, p.texto]), [['a.md', 'Texto ficticio de prueba gamma.']]);

  // Touched but not edited: the hash says so, the passages stay.
  write('a.md', '# A\n\nTexto ficticio de prueba gamma.', new Date('2026-01-03T00:00:00Z'));
  assert.deepEqual(c.refresh().indexed, []);
  assert.equal(c.passageCount(), 1);
});

test('no folder means no corpus, and removing the folder empties the index', () => {
  const missing = new RegulationCorpus(new RegulationPassageRepository(db), join(tmp.dir, 'no-existe'));
  assert.deepEqual([missing.refresh().folderFound, missing.passageCount(), missing.passages()], [false, 0, []]);

  write('a.md', '# A\n\nTexto ficticio.');
  const c = new RegulationCorpus(new RegulationPassageRepository(db), dir);
  assert.equal(c.refresh().passages, 1);
  rmSync(dir, { recursive: true });
  const rep = c.refresh();
  assert.deepEqual([rep.folderFound, rep.removed, c.passageCount()], [false, ['a.md'], 0]);
});

test('Windows-1252 files are read too; oversized files are skipped with a reason', () => {
  write('latin.txt', Buffer.from('Anulación ficticia de prueba en año bisiesto.', 'latin1'));
  writeFileSync(join(dir, 'grande.txt'), Buffer.alloc(MAX_FILE_BYTES + 1, 0x61));
  const c = new RegulationCorpus(new RegulationPassageRepository(db), dir);
  const rep = c.refresh();
  assert.deepEqual(rep.skipped.map((s) => s.path), ['grande.txt']);
  assert.match(c.passages()[0]!.texto, /Anulación ficticia de prueba en año/);
  assert.equal(decodeText(Buffer.from('ñandú', 'utf8')), 'ñandú');
});
