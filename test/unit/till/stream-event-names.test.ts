// Which bus events reach the till's live stream (GET /api/v1/till/stream).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { streamEventName } from '../../../main/api/routes/till';

test('a failed automatic CUFD renewal reaches the till (Estado de conexión shows its error guide)', () => {
  assert.equal(streamEventName('cufd.renewal_failed'), 'cufd.renewal_failed');
});

test('invoice events are one stream event; upkeep notices the till does not show stay off it', () => {
  assert.equal(streamEventName('invoice.rejected'), 'invoice');
  assert.equal(streamEventName('contingency.package_rejected'), 'contingency.package_rejected');
  assert.equal(streamEventName('cuis.renewal_failed'), null);
  assert.equal(streamEventName('certificate.expiring'), null);
});

test('a re-issue reaches the till under its own name (the till replaces the ticket), after its state change as `invoice`', () => {
  assert.equal(streamEventName('invoice.reissued'), 'invoice.reissued');
  assert.equal(streamEventName('invoice.contingency'), 'invoice');
});
