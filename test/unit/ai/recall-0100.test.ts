// Decision 0100 (issue 31): the classes of sets 11–13's misses, each on questions of its own (not the
// sets' sentences), plus the probes the decision fixed. Held-in figures are in held-in.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { expand, loadThesaurus } from '../../../main/ai/thesaurus';
import { Assistant } from '../../../main/ai/assistant';
import { numberDetails, undiminish, writtenAmounts } from '../../../main/ai/query-terms';
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

test('an amount meets a card only where the cards write it as an amount, and a till’s number is a detail', () => {
  assert.deepEqual(numberDetails('ventitas de 5 bs en la caja 2'), { details: new Set(['5', '2']), amounts: new Set(['5']), tills: new Set(['2']) });
  assert.deepEqual(numberDetails('error 1234').details, new Set());
  assert.deepEqual(writtenAmounts('De Bs 100 vendidos, Bs 3.000, 3000 bolivianos, el Formulario 200 y el evento 5'), ['100', '3000', '3000']);
  // "5 bs" is not Evento 5, "200 bs" not the Formulario 200; "3000 bs" is the card on Bs 3.000, "0 bs" the one on Bs 0.
  assert.deepEqual(answered(assistant.ask('ventitas de 5 bs cada una, facturo?')), ['cliente-99003']);
  assert.deepEqual(answered(assistant.ask('cuanto es el iva de 200 bs')), ['iva-13-incluido']);
  assert.equal(answered(assistant.ask('una venta de 5000 bs sin carnet'))[0], 'monto-3000-sin-documento');
  assert.deepEqual(answered(assistant.ask('factura de 0 bs por un regalo')), ['factura-monto-cero']);
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
  // The rule is on the states card, which the intent classifier puts first (decision 0104), and
  // since decision 0106 on the annulment-conditions card too (first by words; it did not speak of
  // contingency, and the bank's labellers counted it right for these questions): either answers.
  const annul = answered(assistant.ask('se puede anular una factura de contingencia'))[0];
  assert.ok(annul === 'estados-kipu' || annul === 'anulacion-condiciones', annul);
  assert.match(assistant.card('estados-kipu')!.regla, /CONTINGENCIA se anula recién cuando SIAT la validó/);
  assert.match(assistant.card('anulacion-condiciones')!.regla, /emitida en contingencia, recién cuando SIAT la validó/);
  assert.equal(answered(assistant.ask('cuánto tiempo dura una contingencia'))[0], 'contingencia-limite-kipu');
  // No card says how many digits a NIT has: refused, not the offline NIT card.
  assert.deepEqual(answered(assistant.ask('el nit del cliente tiene 12 dígitos')), []);
});

test('near-domain topics found by probes are named and refused: other certificates, reporting a seller, tourism licences, the SIN’s offices, contracts', () => {
  const topics = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r);
  };
  assert.deepEqual(topics('donde tramito el certificado de antecedentes penales'), ['los certificados de otras instituciones (antecedentes, nacimiento, médicos, de trabajo)']);
  assert.deepEqual(answered(assistant.ask('se vencio mi certificado de firma digital')), ['certificado-firma']);
  // Before: the telecom card (its title says "proveedores"), the sector card, the hotels card, the clock card.
  assert.deepEqual(topics('mi proveedor no me da factura, que hago'), ['las denuncias al SIN cuando otro negocio no da factura']);
  assert.deepEqual(topics('el hostal necesita licencia de turismo'), ['las licencias y registros de turismo']);
  assert.deepEqual(topics('a que hora abre impuestos'), ['la atención en las oficinas del SIN (horarios y direcciones)']);
  assert.deepEqual(topics('puedo alquilar un cuarto sin contrato'), ['los contratos (de alquiler u otros) y su forma legal']);
  assert.deepEqual(topics('a cuanto esta el dolar hoy'), ['la cotización del dólar del día (la publica el Banco Central de Bolivia)']);
  assert.deepEqual(answered(assistant.ask('me pagaron en dolares, que tipo de cambio pongo')), ['formula-moneda']);
  // Kipu's own price is not the card on an invoice for Bs 0; the CUFD's control code is not "control tributario".
  assert.deepEqual(topics('kipu cobra por factura?'), ['el precio de Kipu y sus condiciones de venta (las dice quien se lo vende)']);
  assert.notDeepEqual(answered(assistant.ask('que es el codigo de control')), ['cliente-99002']);
  assert.deepEqual(answered(assistant.ask('alquilo un cuarto, que factura hago')), ['sector-alquiler']);
  // Renting out furniture is not renting out a property: refused until decision 0106, whose rental
  // card says so (compra-venta); changing the computer's clock is the clock card, not Evento 7.
  assert.deepEqual(answered(assistant.ask('alquilo mesas y sillas para fiestas')), ['sector-alquiler']);
  assert.match(assistant.card('sector-alquiler')!.regla, /Alquilar muebles, vehículos o equipos no es alquiler de inmuebles: se factura con compra-venta/);
  assert.deepEqual(answered(assistant.ask('que pasa si cambio la hora de la compu')), ['reloj-sincronizar']);
  // "Kipu funciona sin internet" is the card on contingency by itself, not Evento 2 ("SIAT no funciona").
  assert.deepEqual(answered(assistant.ask('kipu funciona sin internet?')), ['contingencia-automatica']);
});
