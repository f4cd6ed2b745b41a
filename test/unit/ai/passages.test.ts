import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_CHARS, TARGET_CHARS, baseTitle, cutLong, splitPassages } from '../../../main/ai/passages';

test('markdown headings open passages and give them their heading path as title', () => {
  const text = [
    '# Norma ficticia de prueba',
    '',
    'Preámbulo de prueba.',
    '',
    '## Capítulo I',
    '',
    '### Artículo 1.- (Objeto)',
    'Primer párrafo del artículo,',
    'partido en dos líneas.',
    '',
    '## Capítulo II',
    '',
    'Texto del segundo capítulo.',
  ].join('\n');
  const ps = splitPassages('norma.md', text);
  assert.deepEqual(
    ps.map((p) => [p.seq, p.titulo, p.texto]),
    [
      [0, 'Norma ficticia de prueba', 'Preámbulo de prueba.'],
      [1, 'Norma ficticia de prueba › Capítulo I › Artículo 1.- (Objeto)', 'Primer párrafo del artículo, partido en dos líneas.'],
      [2, 'Norma ficticia de prueba › Capítulo II', 'Texto del segundo capítulo.'],
    ],
  );
});

test('plain-text article lines open a passage named after the article; before any heading the title is the file name', () => {
  const text = [
    'Texto ficticio de prueba sin encabezados.',
    '',
    'ARTÍCULO 1.- (PLAZO) Las cajas de prueba envían sus paquetes en 72 horas.',
    'Segunda línea del mismo artículo.',
    'ARTÍCULO 2.- (MOTIVO) Otro artículo, sin línea en blanco antes.',
    '',
    'Artículo 3. Un artículo en minúsculas.',
    'que sigue aquí; y una línea que empieza',
    'artículo 4 de otra ley no abre un artículo nuevo.',
  ].join('\r\n');
  const ps = splitPassages('normativa/rnd-prueba.txt', `\uFEFF${text}`);
  assert.deepEqual(
    ps.map((p) => p.titulo),
    ['rnd-prueba', 'ARTÍCULO 1.- (PLAZO)', 'ARTÍCULO 2.- (MOTIVO)', 'Artículo 3.'],
  );
  assert.equal(ps[1]!.texto, 'ARTÍCULO 1.- (PLAZO) Las cajas de prueba envían sus paquetes en 72 horas. Segunda línea del mismo artículo.');
  assert.match(ps[3]!.texto, /artículo 4 de otra ley no abre/);
});

test('short paragraphs under one heading are grouped up to the target size; list items keep their lines', () => {
  const para = 'Oración de prueba con algunas palabras. '.repeat(8).trim(); // ~320 chars
  const text = ['# T', '', para, '', para, '', para, '', '- uno', '- dos'].join('\n');
  const ps = splitPassages('x.md', text);
  assert.ok(ps.length >= 2, 'three ~320-char paragraphs do not fit one passage');
  for (const p of ps) assert.ok(p.texto.length <= TARGET_CHARS + 2 || !p.texto.includes('\n\n'), 'grouped passages stay near the target');
  assert.match(ps.at(-1)!.texto, /- uno\n- dos$/);
});

test('a paragraph longer than the maximum is cut at sentence ends, and a single huge sentence at spaces', () => {
  const sentence = 'Esta es una oración ficticia de prueba que sirve para medir cortes. ';
  const long = sentence.repeat(60);
  const pieces = cutLong(long.trim());
  assert.ok(pieces.length > 1);
  for (const p of pieces) {
    assert.ok(p.length <= MAX_CHARS);
    assert.match(p, /cortes\.$/, 'cut after a full stop');
  }
  assert.equal(pieces.join(' '), long.trim());

  const words = 'palabra '.repeat(400).trim(); // no sentence end at all
  const cut = cutLong(words);
  assert.ok(cut.length > 1 && cut.every((p) => p.length <= MAX_CHARS));
  assert.equal(cut.join(' '), words);
});

test('headings inside code fences are text, not headings; empty files give no passages', () => {
  const ps = splitPassages('x.md', ['# Real', '', '```', '# no es encabezado', '```', 'Texto.'].join('\n'));
  assert.deepEqual(ps.map((p) => [p.titulo, p.texto]), [['Real', '# no es encabezado Texto.']]);
  assert.deepEqual(splitPassages('vacio.txt', '\n\n  \n'), []);
  assert.equal(baseTitle('sub/dir/ley-prueba.md'), 'ley-prueba');
});
