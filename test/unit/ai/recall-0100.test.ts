// Decision 0100 (issue 31): the classes of sets 11–13's misses, each on questions of its own (not the
// sets' sentences), plus the probes the decision fixed. Held-in figures are in held-in.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { expand, loadThesaurus } from '../../../main/ai/thesaurus';
import { Assistant } from '../../../main/ai/assistant';
import { numberDetails, undiminish } from '../../../main/ai/query-terms';
import { HELD_IN_4 } from '../../fixtures/ai/held-in-questions-4';
import { HELD_IN_13 } from '../../fixtures/ai/held-in-questions-13';
import { answered } from './held-in-score';

const dir = join('resources', 'ai');
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const shipped = loadShippedCorpus(join(dir, 'corpus'));
const assistant = new Assistant(shipped, thesaurus, []);

test('a card’s reference is not indexed: rewording every reference, numbers and all, moves no answer and no confidence', () => {
  const reworded = new Assistant({ ...shipped, cards: shipped.cards.map((c) => ({ ...c, referencia: 'CONTRACT §5.4, Formulario 400, código 953: anular, contingencia, NIT' })) }, thesaurus, []);
  for (const { q } of [...HELD_IN_4, ...HELD_IN_13]) {
    const a = assistant.search(q, 6).map((h) => `${h.id} ${h.confianza}`);
    const b = reworded.search(q, 6).map((h) => `${h.id} ${h.confianza}`);
    assert.deepEqual(b, a, q);
  }
  // Every card still shows its reference with its answer.
  const r = assistant.ask('cuanto dura el cufd');
  assert.ok(r.tipo === 'ficha' && r.hit.referencia?.includes('siatinfo.impuestos.gob.bo'), JSON.stringify(r.tipo === 'ficha' ? r.hit.referencia : r.tipo));
});

test('an amount under Bs 100 and a till’s number are details even where a card knows the number', () => {
  assert.deepEqual([...numberDetails('ventitas de 5 bs').always], ['5']);
  assert.deepEqual([...numberDetails('el PV 2 no tiene cufd').always], ['2']);
  assert.deepEqual([...numberDetails('la caja 1 y la caja 2').always].sort(), ['1', '2']);
  // A larger amount is a detail the cards may know (3000: the card on sales without a document);
  // a bare number stays a word a card may know ("Evento 5"); a code is no detail.
  assert.deepEqual(numberDetails('una venta de 3000 bs'), { details: new Set(['3000']), always: new Set() });
  assert.deepEqual(numberDetails('que es el evento 5').always, new Set());
  assert.deepEqual(numberDetails('error 1234').details, new Set());
  assert.deepEqual(answered(assistant.ask('ventitas de 5 bs cada una, facturo?')), ['cliente-99003']);
  assert.ok(!answered(assistant.ask('en la caja 1 no sale el cufd')).some((id) => id.startsWith('evento-')));
});

test('a superlative is made plain like a diminutive: "larguísimo" is "largo"', () => {
  assert.equal(undiminish('larguisimo'), 'largo');
  assert.equal(undiminish('carisima'), 'cara');
  assert.equal(undiminish('poquisimos'), 'pocos');
  assert.deepEqual(answered(assistant.ask('el codigo larguisimo de la factura que es')), ['cuf-que-es']);
});

test('store words: SIAT "en mantenimiento" is SIAT inaccessible; a month "en rojo" is a loss', () => {
  assert.ok(expand(thesaurus, 'la pagina del siat esta en mantenimiento').some((e) => e.phrase === 'mantenimiento'));
  assert.ok(!expand(thesaurus, 'le hago mantenimiento a la heladera').some((e) => e.phrase === 'mantenimiento'));
  assert.deepEqual(answered(assistant.ask('siat en mantenimiento, como sigo facturando')), ['evento-2-siat-inaccesible']);
  assert.ok(expand(thesaurus, 'este mes sali en rojo').some((e) => e.phrase === 'en rojo'));
});

test('two fitting cards close in confidence: the one that meets clearly more of the question answers first', () => {
  // The due-date card meets only "declaración"; the annulment card all of it.
  assert.equal(answered(assistant.ask('una factura que ya se uso en mi declaracion la puedo anular'))[0], 'anulacion-condiciones');
});

test('a question that lists codes is not answered by a card that meets only the codes', () => {
  // Set 13's one confident wrong answer (the due-date card, whose title names both taxes): the
  // fallback after no card per code fits. No question of our own reached that path (the ones tried
  // got a card per code), so the set's sentence is the test; set 13 is not blind since this decision.
  const item = HELD_IN_13.find((x) => x.q.startsWith('iva y it, los dos salen'))!;
  const r = answered(assistant.ask(item.q));
  assert.ok(!r.includes('impuestos-vencimiento-mensual'), r.join());
  // A card that meets the codes and what is asked of them still answers, and so does a card about
  // one code that explains the other in its rule, for a question about how they differ.
  assert.equal(answered(assistant.ask('el iva y el it se declaran el mismo dia?'))[0], 'impuestos-vencimiento-mensual');
  assert.equal(answered(assistant.ask('que diferencia hay entre el cuis y el cufd?'))[0], 'cuis-que-es');
});

test('the probes decision 0098 left wrong: annulling a contingency invoice, how long a contingency lasts, a 12-digit NIT', () => {
  assert.deepEqual(answered(assistant.ask('se puede anular una factura de contingencia')), ['anulacion-condiciones']);
  assert.match(assistant.card('estados-kipu')!.regla, /CONTINGENCIA se anula recién cuando SIAT la validó/);
  assert.equal(answered(assistant.ask('cuánto tiempo dura una contingencia'))[0], 'contingencia-limite-kipu');
  // No card says how many digits a NIT has: refused, not the offline NIT card.
  assert.deepEqual(answered(assistant.ask('el nit del cliente tiene 12 dígitos')), []);
});

test('certificates of other institutions are a topic Kipu names and refuses, not the digital signature card', () => {
  const r = assistant.ask('donde tramito el certificado de antecedentes penales');
  assert.deepEqual(r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r), ['los certificados de otras instituciones (antecedentes, nacimiento, médicos, de trabajo)']);
  assert.deepEqual(answered(assistant.ask('se vencio mi certificado de firma digital')), ['certificado-firma']);
});
