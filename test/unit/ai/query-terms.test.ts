import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchExpression, queryTerms, requiredMatches, stem, termsFound } from '../../../main/ai/query-terms';

test('a question becomes its content words, without accents, stopwords or repeats', () => {
  assert.deepEqual(queryTerms('¿Cuál es el plazo para anular una factura?'), ['plaz', 'anul', 'factur']);
  assert.deepEqual(queryTerms('¿Qué es?'), []);
  assert.deepEqual(queryTerms('Código 983, paquete de 72 horas'), ['codig', '983', 'paquet', '72', 'hora']);
});

test('the light stem lets a word meet its family', () => {
  assert.equal(stem('anulacion'), stem('anular'));
  assert.equal(stem('anulaciones'), stem('anular'));
  assert.equal(stem('envio'), stem('enviar'));
  assert.equal(stem('contingencias'), stem('contingencia'));
  assert.equal(stem('paquetes'), 'paquet');
  assert.equal(stem('mes'), 'mes', 'never below 3 letters');
  assert.equal(stem('2024'), '2024');
});

test('the match expression ORs quoted prefixes, numbers exactly', () => {
  assert.equal(matchExpression(['plaz', '72']), '"plaz"* OR "72"');
  // Only letters and digits reach it, so a quote in the question cannot break the expression.
  assert.deepEqual(queryTerms('plazo" OR x*'), ['plaz']);
});

test('terms found in a text, and how many a passage needs before the chat quotes it', () => {
  assert.deepEqual(termsFound(['plaz', 'anul', 'factur'], 'El PLAZO de anulación es breve.'), ['plaz', 'anul']);
  assert.deepEqual(termsFound(['72'], 'en 720 horas'), [], 'numbers match whole');
  assert.deepEqual([1, 2, 3, 4, 5].map(requiredMatches), [1, 2, 2, 3, 3]);
});
