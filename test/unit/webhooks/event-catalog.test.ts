import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidPattern, matchesAny } from '../../../main/webhooks/event-catalog';
import { payloadOf } from '../../../main/webhooks/payload';

test('patterns are *, a catalog namespace with .*, or an exact catalog type', () => {
  for (const p of ['*', 'invoice.*', 'contingency.*', 'siat.*', 'invoice.validated', 'cufd.renewal_failed', 'certificate.expiring']) assert.ok(isValidPattern(p), p);
  for (const p of ['invoice', 'invoice.paid', 'foo.*', '*.validated', 'invoice.**', '']) assert.ok(!isValidPattern(p), p);
});

test('matching: namespace patterns match only their namespace', () => {
  assert.ok(matchesAny(['invoice.*'], 'invoice.validated'));
  assert.ok(!matchesAny(['contingency.*'], 'invoice.validated'));
  assert.ok(matchesAny(['*'], 'siat.connection_lost'));
  assert.ok(matchesAny(['siat.*', 'invoice.rejected'], 'invoice.rejected'));
  assert.ok(!matchesAny(['invoice.rejected'], 'invoice.validated'));
});

test('invoice payloads carry exactly the seed fields', () => {
  const p = payloadOf({
    type: 'invoice.validated',
    tenantId: 't',
    posId: 'p',
    occurredAt: '2026-01-01T00:00:00.000Z',
    data: { id: 'i', cuf: 'C', invoiceNumber: 7, state: 'VALIDATED', amountTotal: 9.5, secretStuff: 1 },
  });
  assert.deepEqual(p, { type: 'invoice.validated', occurredAt: '2026-01-01T00:00:00.000Z', data: { id: 'i', cuf: 'C', invoiceNumber: 7, state: 'VALIDATED', amountTotal: 9.5 } });
});

test('a re-issue can be subscribed to, and its payload names the CUF it replaces beside the new one', () => {
  assert.ok(isValidPattern('invoice.reissued'));
  const p = payloadOf({
    type: 'invoice.reissued',
    tenantId: 't',
    posId: 'p',
    occurredAt: '2026-01-01T00:00:00.000Z',
    data: { id: 'i', cuf: 'NEW', invoiceNumber: 7, state: 'CONTINGENCY', amountTotal: 9.5, previousCuf: 'OLD', reason: 'x', siatMessages: [] },
  });
  assert.deepEqual(p.data, { id: 'i', cuf: 'NEW', invoiceNumber: 7, state: 'CONTINGENCY', amountTotal: 9.5, previousCuf: 'OLD' });
});
