// The intent classifier's second opinion on the lexical answer (decision 0104), on hits made here:
// what it keeps, refuses, swaps and vouches for, and that the embedding model's card keeps its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { secondOpinion, SECOND_OPINION, type OpinionHit } from '../../../main/ai/second-opinion';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { loadThesaurus } from '../../../main/ai/thesaurus';
import { Assistant } from '../../../main/ai/assistant';

type Hit = OpinionHit & { id: string };
const card = (id: string, confianza: number, intencion: number, intencionVentaja: number, fueraDeAlcance = 0): Hit => ({ id, tipo: 'ficha', confianza, intencion, intencionVentaja, fueraDeAlcance });
const never = () => false;

test('a fitting card the classifier does not contradict answers', () => {
  const a = card('a', 0.9, 0.3, -0.2);
  assert.equal(secondOpinion([a], [a], never)?.id, 'a');
});

test('a fitting card is refused when the classifier thinks no card answers the question', () => {
  const a = card('a', 0.95, 0.1, 0.05, SECOND_OPINION.out);
  assert.equal(secondOpinion([a], [a], never), undefined);
});

test('a card the classifier puts clearly behind another gives way to it when that one fits too, else to nobody', () => {
  const a = card('a', 0.95, 0.1, -(SECOND_OPINION.lead + 0.05));
  const b = card('b', 0.8, 0.75, SECOND_OPINION.lead + 0.05);
  assert.equal(secondOpinion([a, b], [a, b], never)?.id, 'b');
  assert.equal(secondOpinion([a], [a, b], never), undefined, 'b does not fit: a refusal, not b');
});

test('with no fitting card, the card the classifier is fairly sure of answers if the lexical ranking has it with some confidence', () => {
  const b = card('b', SECOND_OPINION.confidence, SECOND_OPINION.intent, 0.4);
  assert.equal(secondOpinion([], [card('a', 0.6, 0.1, -0.4), b], never)?.id, 'b');
  assert.equal(secondOpinion([], [card('b', SECOND_OPINION.confidence - 0.01, 0.9, 0.8)], never), undefined, 'too little lexical confidence');
  assert.equal(secondOpinion([], [card('b', 0.6, SECOND_OPINION.intent - 0.01, 0.2)], never), undefined, 'the classifier not sure enough');
});

test('a card the embedding model vouches for, and an administrator’s passage, keep their place', () => {
  const a = card('a', 0.9, 0.05, -0.7, 0.9);
  assert.equal(secondOpinion([a], [a], (h) => h.id === 'a')?.id, 'a');
  const p: Hit = { id: 'x.md#0', tipo: 'pasaje', confianza: null, intencion: null, intencionVentaja: 0, fueraDeAlcance: 0.9 };
  assert.equal(secondOpinion([p], [p], never)?.id, 'x.md#0');
});

// What a fresh walk of the panel found (session 16), on the shipped cards and classifier.
const shipped = new Assistant(loadShippedCorpus(join('resources', 'ai', 'corpus')), loadThesaurus(join('resources', 'ai', 'thesaurus.json')), []);

test('an answer offers as related only cards the confidence or the classifier gives something, and adds no part card the classifier gives nothing', () => {
  const assistant = shipped;
  const deadline = assistant.ask('hasta q fecha tengo q pagar el iva, mi nit termina en 7');
  assert.equal(deadline.tipo === 'ficha' && deadline.hit.id, 'impuestos-vencimiento-mensual');
  for (const h of deadline.cercanas) assert.ok((h.confianza ?? 0) >= 0.05 || (h.intencion ?? 0) >= 0.05, `${h.id}: ${h.confianza}/${h.intencion}`);
  const annul = assistant.ask('como anulo una factura q hice mal');
  assert.ok(annul.tipo === 'ficha' && !annul.respuestas.some((h) => h.id === 'paquetes-envio-plazo'), annul.tipo === 'ficha' ? annul.respuestas.map((h) => h.id).join() : annul.tipo);
  // A real list still gets a card per code.
  const list = assistant.ask('diferencia entre 99001, 99002 y 99003');
  assert.deepEqual(list.tipo === 'ficha' ? list.respuestas.map((h) => h.id).sort() : [], ['cliente-99001', 'cliente-99002', 'cliente-99003']);
});

test('«se fue» and «no hay» next to internet or the power are an outage: the event card, not the reconnection card (a walk found it)', () => {
  const assistant = shipped;
  const first = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'ficha' ? r.hit.id : r.tipo;
  };
  for (const q of ['se fue el internet', 'no hay internet', 'se fue el internet q hago']) assert.equal(first(q), 'evento-1-internet', q);
  for (const q of ['se fue la luz', 'no hay luz en la tienda']) assert.equal(first(q), 'evento-5-energia', q);
});

test('a refusal offers as nearest only cards the confidence or the classifier gives 0.1 or more', () => {
  const cake = shipped.ask('receta de salteña');
  assert.equal(cake.tipo, 'sin-respuesta');
  assert.deepEqual(cake.cercanas.map((h) => h.id), [], 'SIAT states at 0.07 are not near a recipe');
  const slow = shipped.ask('el sistema esta lento hoy');
  assert.equal(slow.tipo, 'sin-respuesta');
  // «El sistema» is Kipu or SIAT: the software event or SIAT out of reach (the classifier's likeliest, offered first since decision 0107).
  assert.ok(slow.cercanas.some((h) => h.id === 'evento-6-software' || h.id === 'evento-2-siat-inaccesible'), slow.cercanas.map((h) => h.id).join());
  for (const h of slow.cercanas) assert.ok((h.confianza ?? 0) >= 0.1 || (h.intencion ?? 0) >= 0.1, `${h.id}: ${h.confianza}/${h.intencion}`);
});
