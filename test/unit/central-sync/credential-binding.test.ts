// Issue 26, finding 2: which taxpayer the till's Central credential speaks for is decided on the
// till, once, and kept with the credential's till id (a real SQLite store).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../../main/store/store';
import { boundTenant, CentralBindingError } from '../../../main/central-sync/credential-binding';
import { tempDir } from '../../fixtures/tmp';

const token = (tillId: string) => `kct_${tillId}_${'s'.repeat(40)}`;
const T1 = token('11111111-2222-4333-8444-555555555555');
const T2 = token('99999999-2222-4333-8444-555555555555');

test('the credential is bound to the only taxpayer, or to KIPU_CENTRAL_NIT, and the binding holds', () => {
  const { dir, cleanup } = tempDir();
  const store = openStore(dir);
  try {
    assert.throws(() => boundTenant(store, T1, null), CentralBindingError, 'no taxpayer yet: nothing to bind to');
    const a = store.tenants.create({ nit: '1020304050', razonSocial: 'A S.R.L.' });
    assert.equal(boundTenant(store, T1, null).id, a.id, 'the only taxpayer');
    const b = store.tenants.create({ nit: '2030405060', razonSocial: 'B S.R.L.' });
    // A second taxpayer does not move the binding, and KIPU_CENTRAL_NIT cannot move it either.
    assert.equal(boundTenant(store, T1, null).id, a.id);
    assert.equal(boundTenant(store, T1, '1020304050').id, a.id);
    assert.throws(() => boundTenant(store, T1, '2030405060'), /se configuró para el NIT 1020304050/);
    // A new credential: with two taxpayers the NIT must be said; then it binds to that one.
    assert.throws(() => boundTenant(store, T2, null), /KIPU_CENTRAL_NIT/);
    assert.throws(() => boundTenant(store, T2, '3040506070'), /no es un contribuyente de esta caja/);
    assert.equal(boundTenant(store, T2, '2030405060').id, b.id);
    assert.equal(boundTenant(store, T2, null).id, b.id, 'kept once decided');
  } finally {
    store.close();
    cleanup();
  }
});
