import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chatText, dateEs } from '../../../main/ai/chat-answer';
import { Assistant } from '../../../main/ai/assistant';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { loadThesaurus } from '../../../main/ai/thesaurus';

const assistant = new Assistant(loadShippedCorpus(join('resources', 'ai', 'corpus')), loadThesaurus(join('resources', 'ai', 'thesaurus.json')), []);
const v = assistant.shipped.version;

test('the chat answers with the best card whole, its reference and its date', () => {
  const q = '¿hasta cuándo puedo anular una factura de este mes?';
  const r = assistant.ask(q);
  assert.equal(r.tipo, 'ficha');
  const card = assistant.card('anulacion-plazo')!;
  const text = chatText(q, r, v);
  assert.ok(text.includes(card.regla), 'the rule whole, not cut at a sentence');
  assert.ok(text.includes(`Referencia: ${card.referencia}`));
  assert.ok(text.includes(`Vigente al ${dateEs(card.vigenteAl)}`));
});

test('a list with ";" or several lines stays whole (the old sentence split cut it)', () => {
  const r = assistant.ask('se cortó la luz en el local');
  assert.equal(r.tipo, 'ficha');
  if (r.tipo !== 'ficha') return;
  assert.equal(r.hit.id, 'evento-5-energia');
  const text = chatText('x', r, v);
  for (const part of ['Qué significa:', 'Qué hace Kipu solo:', 'Qué hace el cajero:', 'Qué hace el encargado:', 'Plazos:']) assert.ok(text.includes(part), part);
});

test('a SIAT code in the question goes to the error guide', () => {
  const r = assistant.ask('¿Qué hago si SIAT responde 902?');
  assert.equal(r.tipo, 'guia');
  if (r.tipo !== 'guia') return;
  assert.equal(r.codigo, 902);
  const text = chatText('x', r, v);
  assert.match(text, /^Código SIAT 902: RECEPCION RECHAZADA/);
  assert.match(text, /Qué hacer:\n1\. /);
});

test('when nothing fits it says so and names the nearest cards, inventing nothing', () => {
  const q = '¿Cuál es la capital de Francia?';
  const r = assistant.ask(q);
  assert.equal(r.tipo, 'sin-respuesta');
  const text = chatText(q, r, v);
  assert.match(text, /No encontré una ficha que responda a «¿Cuál es la capital de Francia\?»\. No invento normas\./);
  for (const h of r.cercanas) assert.ok(text.includes(`«${h.titulo}»`));
  assert.ok(!text.includes('Referencia:'));
  assert.equal(assistant.ask('¿y qué?').tipo, 'sin-palabras');
});
