// The key a rendered file is stored under (documents/stored-documents.ts): every input that
// changes the paper changes it, so a stored copy is never served for a document that reads
// differently now (issue 25, no stale paper).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentVersion, type DocumentInputs } from '../../../main/documents/stored-documents';
import { sampleInvoice } from './sample-invoice';

const base: DocumentInputs = { kind: 'pdf', model: sampleInvoice(3), logoKey: 'public/brand/t1/logo-aaaa.png', xml: null, appVersion: '1.0.0' };

test('the same inputs give the same version; it is a hex SHA-256', () => {
  assert.equal(documentVersion(base), documentVersion({ ...base, model: sampleInvoice(3) }));
  assert.match(documentVersion(base), /^[0-9a-f]{64}$/);
});

test('whatever changes the paper changes the version: cancellation, re-issue, legend, replaced ticket, header, lines, logo, XML, kind, versions', () => {
  const m = base.model;
  const variants: Record<string, DocumentInputs> = {
    'cancelled (ANULADA)': { ...base, model: { ...m, state: 'ANULADA' } },
    'a re-issue: new CUF': { ...base, model: { ...m, cuf: `${m.cuf}0` } },
    'a re-issue names the ticket it replaces': { ...base, model: { ...m, replacesCuf: 'ABC' } },
    'legend': { ...base, model: { ...m, leyenda: `${m.leyenda}.` } },
    "the tenant's address": { ...base, model: { ...m, issuer: { ...m.issuer, direccion: 'Otra calle 1' } } },
    'a unit description from a newer catalog': { ...base, model: { ...m, lines: m.lines.map((l, i) => (i === 0 ? { ...l, unidadMedida: 'KILOGRAMO' } : l)) } },
    'a new logo': { ...base, logoKey: 'public/brand/t1/logo-bbbb.png' },
    'no logo': { ...base, logoKey: null },
    'the signed XML (ZIP)': { ...base, xml: '<factura/>' },
    'another file': { ...base, kind: 'ticket' },
    'another application version': { ...base, appVersion: '1.0.1' },
  };
  const seen = new Map<string, string>([[documentVersion(base), 'base']]);
  for (const [why, inputs] of Object.entries(variants)) {
    const v = documentVersion(inputs);
    assert.ok(!seen.has(v), `${why}: same version as ${seen.get(v)}`);
    seen.set(v, why);
  }
});
