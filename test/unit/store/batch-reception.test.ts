// Decision 0078: a massive batch is received in several short transactions, its row first with
// item_count 0. Until the reception completes — and for ever, when the engine died before it did —
// no read of batches sees it: it is never listed, answered by its Idempotency-Key, resumed nor
// issued; its rows stay (nothing deleted).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, sqliteConnection } from '../../../main/store/store';
import { tempDir } from '../../fixtures/tmp';

test('a batch being received is invisible to every read until its reception completes; one never completed stays so, its rows kept', () => {
  const { dir, cleanup } = tempDir();
  const store = openStore(dir);
  try {
    const db = sqliteConnection(store);
    db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '1020304050', 'ACME S.R.L.', 'x')`).run();
    db.prepare(`INSERT INTO branches (id, tenant_id, codigo_sucursal, name, created_at) VALUES (1, 't1', 0, 'Casa Matriz', 'x')`).run();
    db.prepare(`INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES ('p0', 't1', 1, 0, 'Caja', 'x')`).run();
    const { batches } = store;
    const item = (index: number) => ({ index, invoiceType: 'COMPUTERIZED_SECTOR_EDUCATION', saleJson: '{"lines":[]}', invoiceId: `inv-${index}`, problemsJson: null });
    const seen = () => ({
      byId: [batches.byId('t1', 'cut'), batches.byId('t1', 'whole')].map((b) => b?.id ?? null),
      byKey: batches.byIdempotencyKey('t1', 'k')?.id ?? null,
      list: batches.list('t1', 0, 10).items.map((b) => b.id),
      total: batches.list('t1', 0, 10).total,
      open: batches.open().map((b) => b.id),
    });

    // One reception cut short (the engine died after two items), one completed.
    store.transaction(() => batches.beginReception({ id: 'cut', tenantId: 't1', posId: 'p0', usuario: 'u' }));
    store.transaction(() => [0, 1].forEach((i) => batches.addItem('cut', item(i))));
    store.transaction(() => batches.beginReception({ id: 'whole', tenantId: 't1', posId: 'p0', usuario: 'u' }));
    store.transaction(() => [0, 1, 2].forEach((i) => batches.addItem('whole', { ...item(i), invoiceId: `w-${i}` })));
    assert.deepEqual(seen(), { byId: [null, null], byKey: null, list: [], total: 0, open: [] }, 'nothing is seen while being received');

    const whole = store.transaction(() => batches.completeReception({ id: 'whole', tenantId: 't1', idempotencyKey: 'k', requestHash: 'h' }, 3, 3));
    assert.deepEqual({ items: whole.itemCount, accepted: whole.acceptedCount, state: whole.state, key: whole.idempotencyKey }, { items: 3, accepted: 3, state: 'ISSUING', key: 'k' });
    assert.deepEqual(seen(), { byId: [null, 'whole'], byKey: 'whole', list: ['whole'], total: 1, open: ['whole'] }, 'only the completed batch is seen');
    assert.equal(batches.unissued('whole', 10).length, 3);
    assert.equal((db.prepare(`SELECT COUNT(*) n FROM invoice_batch_items WHERE batch_id = 'cut'`).get() as { n: number }).n, 2, 'the cut reception’s rows are kept');
  } finally {
    store.close();
    cleanup();
  }
});
