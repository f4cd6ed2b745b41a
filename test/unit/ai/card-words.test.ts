// What a shopkeeper reads in Ayuda SIAT is in the till's own words: a card's title and rule name
// screens and keys, never a team file, decision number, API route, HTTP verb, field name or engine
// constant; its reference names the official source (Ley, RND, SIAT's catalogues, services and
// specification, the SIN's pages and inspection list), not the team's files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';

const { cards } = loadShippedCorpus(join('resources', 'ai', 'corpus'));

const DEVELOPER_WORDS =
  /CONTRACT|CERTIFICATION|FIELD-NOTES|PURCHASES|DESIGN|README|decisi[oó]n \d{4}|invoiceType|\b[A-Z]+_[A-Z_]+\b|\/api\/v1|docs\/|\bPOST\b|\bGET\b|\b[a-z]+[A-Z][A-Za-z]*\b|\bla API\b(?! de integración)|§/;


test('no shipped card shows a shopkeeper developer references in its title or rule', () => {
  const found: string[] = [];
  for (const c of cards) {
    for (const [field, text] of [['titulo', c.titulo], ['regla', c.regla]] as const) {
      const m = DEVELOPER_WORDS.exec(text);
      if (m) found.push(`${c.id} (${field}): «${m[0]}»`);
    }
  }
  assert.deepEqual(found, []);
});

test('a card names the API only as Kipu’s integration API, for another program', () => {
  for (const c of cards) if (/\bAPI\b/.test(c.regla)) assert.match(c.regla, /API de integración de Kipu|su API de integración/, c.id);
});

test('a reference names the official source, not the team’s files', () => {
  // No exceptions since the retrieval stopped indexing references (decision 0100): a reference says
  // where the rule comes from and can be reworded without moving any answer.
  const found: string[] = [];
  for (const c of cards) {
    const m = DEVELOPER_WORDS.exec(c.referencia);
    if (m) found.push(`${c.id}: «${m[0]}»`);
  }
  assert.deepEqual(found, []);
});
