import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, sqliteConnection, type Store } from '../../../main/store/store';
import { tempDir } from '../../fixtures/tmp';

/** A store with one taxpayer, its casa matriz (branch 1, PV 0 'p0') and a second branch (2, PV 0 'p1'). */
function withStore(fn: (store: Store, insertInvoice: (id: string, posId: string, number: number, state: string, needsReconcile?: boolean) => void) => void): void {
  const { dir, cleanup } = tempDir();
  const store = openStore(dir);
  try {
    const db = sqliteConnection(store);
    db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '1020304050', 'ACME S.R.L.', 'x')`).run();
    db.prepare(`INSERT INTO branches (id, tenant_id, codigo_sucursal, name, created_at) VALUES (1, 't1', 0, 'Casa Matriz', 'x'), (2, 't1', 1, 'Sucursal Norte', 'x')`).run();
    db.prepare(`INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES ('p0', 't1', 1, 0, 'Caja', 'x'), ('p1', 't1', 2, 0, 'Caja', 'x')`).run();
    const ins = db.prepare(
      `INSERT INTO invoices (id, tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, codigo_emision, number, cuf, cufd,
         fecha_emision, client_doc_type, client_doc_number, client_name, client_code, payment_method, currency, exchange_rate, subtotal,
         additional_discount, gift_card, total, total_subject_iva, total_currency, literal, leyenda, usuario, details, xml, hash, state, needs_reconcile, created_at, updated_at)
       VALUES (?, 't1', ?, 0, 0, 'COMPUTERIZED_SALE', 1, 2, 1, 1, ?, ?, 'CUFD1', 'f', 1, '1', 'PEREZ', 'C1', 1, 1, 100, 100,
         0, 0, 100, 100, 100, 'Uno 00/100 Bolivianos', 'Ley 453', 'cajero', '[]', '<x/>', 'h', ?, ?, 'x', 'x')`,
    );
    fn(store, (id, posId, number, state, needsReconcile = false) => ins.run(id, posId, number, `CUF-${id}`, state, needsReconcile ? 1 : 0));
  } finally {
    store.close();
    cleanup();
  }
}

test('waiting for SIAT: offline invoices and online ones with an unknown outcome, oldest number first; settled ones never', () => {
  withStore((store, invoice) => {
    invoice('a', 'p0', 1, 'VALIDATED');
    invoice('b', 'p0', 2, 'CONTINGENCY');
    invoice('c', 'p0', 3, 'PENDING', true);
    invoice('d', 'p0', 4, 'PENDING'); // an online send under way
    invoice('e', 'p0', 5, 'REJECTED');
    invoice('f', 'p1', 1, 'CONTINGENCY'); // another point of sale
    assert.equal(store.invoices.countWaitingForSiat({ tenantId: 't1', posId: 'p0' }), 2);
    assert.deepEqual(store.invoices.waitingForSiat('t1', 'p0', 10).map((i) => i.id), ['b', 'c']);
    assert.deepEqual(store.invoices.waitingForSiat('t1', 'p0', 1).map((i) => i.id), ['b']);
    // What keeps a point of sale or a branch from closing: online sends under way count too.
    assert.equal(store.invoices.countWaitingForSiat({ tenantId: 't1', posId: 'p0', includeInFlight: true }), 3);
    assert.equal(store.invoices.countWaitingForSiat({ tenantId: 't1', branchId: 1, includeInFlight: true }), 3);
    assert.equal(store.invoices.countWaitingForSiat({ tenantId: 't1', branchId: 2, includeInFlight: true }), 1);
    assert.equal(store.invoices.countWaitingForSiat({ tenantId: 'otro', posId: 'p0', includeInFlight: true }), 0);
  });
});

test('store.transaction commits what the function wrote, and a throw rolls all of it back', () => {
  withStore((store) => {
    store.transaction(() => store.settings.set('t1', 'a', 1));
    assert.throws(() =>
      store.transaction(() => {
        store.settings.set('t1', 'b', 2);
        throw new Error('falla');
      }),
    );
    assert.equal(store.settings.get<number>('t1', 'a'), 1);
    assert.equal(store.settings.get<number>('t1', 'b'), null);
    assert.equal(store.isOpen, true);
  });
});
