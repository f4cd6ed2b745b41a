import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_CORPUS_ANSWER, composeAnswer, extract } from '../../../main/ai/chat-answer';
import { queryTerms } from '../../../main/ai/query-terms';

// Invented test text, not regulation.
const PLAZO = {
  fuente: 'prueba/anulacion.md',
  titulo: 'Norma ficticia › Artículo 1.- (Plazo)',
  texto: 'Primera oración sin relación. En esta norma ficticia, una factura de prueba se puede anular dentro de un plazo de 7 días. Otra oración más.',
};
const OTRA = { fuente: 'prueba/otra.txt', titulo: 'otra', texto: 'Las facturas de prueba se imprimen en papel de 80 mm.' };

test('quotes the matching sentences verbatim and names the source ("Según …")', () => {
  const q = '¿Cuál es el plazo para anular una factura?';
  const a = composeAnswer(q, queryTerms(q), [PLAZO, OTRA], true);
  assert.equal(a.outcome, 'answered');
  assert.deepEqual(a.fuentes, ['prueba/anulacion.md']);
  assert.match(a.texto, /Según prueba\/anulacion\.md \(Norma ficticia › Artículo 1\.- \(Plazo\)\): «En esta norma ficticia, una factura de prueba se puede anular dentro de un plazo de 7 días\.»/);
  assert.doesNotMatch(a.texto, /Primera oración sin relación/, 'only sentences with the question’s words');
  assert.doesNotMatch(a.texto, /80 mm/, 'a passage sharing one word of three is not quoted');
});

test('no corpus, no searchable words and no covering passage each get a plain answer that quotes nothing', () => {
  const q = '¿Cuál es el plazo para anular una factura?';
  assert.deepEqual(composeAnswer(q, queryTerms(q), [], false), { outcome: 'no-corpus', texto: NO_CORPUS_ANSWER, fuentes: [] });
  assert.equal(composeAnswer('¿qué es?', [], [PLAZO], true).outcome, 'no-terms');
  const none = composeAnswer('¿Cuánto cuesta un pasaje a Cochabamba?', queryTerms('¿Cuánto cuesta un pasaje a Cochabamba?'), [OTRA], true);
  assert.equal(none.outcome, 'no-match');
  assert.match(none.texto, /No encontré en la normativa instalada/);
  assert.match(none.texto, /No invento texto normativo/);
  assert.doesNotMatch(none.texto, /Según/);
});

test('when the words are only in the heading, the passage opening is quoted', () => {
  assert.equal(extract('Texto uno. Texto dos. Texto tres.', ['inexistente']), 'Texto uno. Texto dos.');
});
