// The intent classifier's second opinion on the lexical answer (decision 0104), on hits made here:
// what it keeps, refuses, swaps and vouches for, and that the embedding model's card keeps its place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { secondOpinion, SECOND_OPINION, type OpinionHit } from '../../../main/ai/second-opinion';

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
