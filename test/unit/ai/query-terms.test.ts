import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, queryTerms, stem } from '../../../main/ai/query-terms';

test('a question becomes its content words, without accents, stopwords or repeats', () => {
  assert.deepEqual(queryTerms('¿Cuál es el plazo para anular una factura?'), ['plaz', 'anul', 'factur']);
  assert.deepEqual(queryTerms('¿Qué es?'), []);
  assert.deepEqual(queryTerms('Código 983, paquete de 72 horas'), ['codig', '983', 'paquet', '72', 'hor']);
});

test('the light stem lets a word meet its family', () => {
  assert.equal(stem('anulacion'), stem('anular'));
  assert.equal(stem('anulaciones'), stem('anular'));
  assert.equal(stem('envio'), stem('enviar'));
  assert.equal(stem('contingencias'), stem('contingencia'));
  assert.equal(stem('paquetes'), 'paquet');
  assert.equal(stem('pago'), stem('paga'), 'four-letter words lose their final vowel');
  assert.equal(stem('pagos'), stem('paga'));
  assert.equal(stem('mes'), 'mes', 'never below 3 letters');
  assert.equal(stem('2024'), '2024');
});

test('analyze keeps repeats (term frequency) and numbers', () => {
  assert.deepEqual(analyze('Factura, facturas y 500 facturas'), ['factur', 'factur', '500', 'factur']);
});
