// One test per migration, on a populated database (as Signal-Desktop does): the file is brought to
// version N−1, rows of that shape are inserted, migration N runs, and the rows and the new rules
// are checked. 0009 and 0010 are in migrations.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase, loadMigrations, schemaVersion, type Db } from '../../../main/store/db';
import { PurchaseRepository } from '../../../main/store/purchases';
import { tempDir } from '../../fixtures/tmp';

const real = loadMigrations();

/** Brings a new file to `version - 1`, runs `seed` on it, migrates to `version` and runs `check`. */
function migrateTo(version: number, seed: (db: Db) => void, check: (db: Db) => void): void {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const before = openDatabase(path, { migrations: real.slice(0, version - 1) });
    seed(before.db);
    before.db.close();
    const { db, applied } = openDatabase(path, { migrations: real.slice(0, version) });
    try {
      assert.deepEqual(applied.map((m) => m.version), [version]);
      assert.equal(schemaVersion(db), version);
      check(db);
    } finally {
      db.close();
    }
  } finally {
    cleanup();
  }
}

const count = (db: Db, table: string) => (db.prepare(`SELECT COUNT(*) n FROM ${table}`).get() as { n: number }).n;

/** A taxpayer with its casa matriz (branch 1, sucursal 0) and PV 0 ('p0'): the 0001 shape. */
function seedTenant(db: Db): void {
  db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '1020304050', 'ACME S.R.L.', '2026-01-01T00:00:00Z')`).run();
  db.prepare(`INSERT INTO branches (id, tenant_id, codigo_sucursal, name, created_at) VALUES (1, 't1', 0, 'Casa Matriz', '2026-01-01T00:00:00Z')`).run();
  db.prepare(`INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES ('p0', 't1', 1, 0, 'Caja principal', '2026-01-01T00:00:00Z')`).run();
}

function seedProduct(db: Db, id: string, code: string, description: string, barcode: string | null = null): void {
  db.prepare(
    `INSERT INTO products (id, tenant_id, code, barcode, description, price_cents, unit_measure, activity_economic, code_product_sin, created_at, updated_at)
     VALUES (?, 't1', ?, ?, ?, 1250, 58, '620100', '83141', 'x', 'x')`,
  ).run(id, code, barcode, description);
}

/** An online invoice of PV 0 in the 0004 shape. */
function seedInvoice(db: Db, id: string, number: number, state = 'VALIDATED', clientName = 'PEREZ'): void {
  db.prepare(
    `INSERT INTO invoices (id, tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, codigo_emision, number, cuf, cufd,
       fecha_emision, client_doc_type, client_doc_number, client_name, client_code, payment_method, currency, exchange_rate, subtotal,
       additional_discount, gift_card, total, total_subject_iva, total_currency, literal, leyenda, usuario, details, xml, hash, state, created_at, updated_at)
     VALUES (?, 't1', 'p0', 0, 0, 'COMPUTERIZED_SALE', 1, 2, 1, 1, ?, ?, 'CUFD1', '2026-01-02T10:00:00.000', 1, '1234567', ?, 'C1', 1, 1, 100, 1250,
       0, 0, 1250, 1250, 1250, 'Doce 50/100 Bolivianos', 'Ley 453', 'cajero', '[]', '<facturaComputarizadaCompraVenta/>', 'h', ?, 'x', 'x')`,
  ).run(id, number, `CUF${number}`, clientName, state);
}

test('0002 products: the taxpayers stay; codes and barcodes are unique per taxpayer, prices positive', () => {
  migrateTo(2, seedTenant, (db) => {
    assert.deepEqual(db.prepare('SELECT id, nit FROM tenants').all(), [{ id: 't1', nit: '1020304050' }]);
    assert.equal(count(db, 'points_of_sale'), 1);
    seedProduct(db, 'a', 'P-1', 'Café molido', '7771234');
    seedProduct(db, 'b', 'P-2', 'Té verde'); // two products without a barcode are fine
    seedProduct(db, 'c', 'P-3', 'Azúcar');
    assert.throws(() => seedProduct(db, 'd', 'P-1', 'Otro'), /UNIQUE constraint failed/);
    assert.throws(() => seedProduct(db, 'e', 'P-5', 'Otro', '7771234'), /UNIQUE constraint failed/);
    assert.throws(() => db.prepare(`UPDATE products SET price_cents = 0 WHERE id = 'a'`).run(), /CHECK constraint failed/);
  });
});

test('0003 SIAT codes: products and points of sale stay; CUIS, CUFD and catalogs hang off them', () => {
  migrateTo(
    3,
    (db) => {
      seedTenant(db);
      seedProduct(db, 'a', 'P-1', 'Café molido');
    },
    (db) => {
      assert.deepEqual(db.prepare('SELECT code, description FROM products').all(), [{ code: 'P-1', description: 'Café molido' }]);
      db.prepare(`INSERT INTO cuis (tenant_id, pos_id, codigo, fecha_vigencia, obtained_at) VALUES ('t1', 'p0', 'CUIS1', '2027-01-01T00:00:00Z', 'x')`).run();
      db.prepare(
        `INSERT INTO cufds (tenant_id, pos_id, cuis, codigo, codigo_control, direccion, fecha_vigencia, obtained_at) VALUES ('t1', 'p0', 'CUIS1', 'CUFD1', 'CC', 'Calle 1', '2026-01-03T00:00:00Z', 'x')`,
      ).run();
      assert.throws(
        () => db.prepare(`INSERT INTO cuis (tenant_id, pos_id, codigo, fecha_vigencia, obtained_at) VALUES ('t1', 'nadie', 'CUIS2', 'x', 'x')`).run(),
        /FOREIGN KEY constraint failed/,
      );
      const item = db.prepare(`INSERT INTO catalog_items (tenant_id, catalog, seq, codigo, descripcion) VALUES ('t1', 'sincronizarParametricaTipoMoneda', ?, ?, ?)`);
      item.run(0, '1', 'BOLIVIANO');
      assert.throws(() => item.run(0, '2', 'DOLAR'), /UNIQUE constraint failed/);
      db.prepare(`INSERT INTO catalog_syncs (tenant_id, catalog, synced_at, count, pos_id) VALUES ('t1', 'sincronizarParametricaTipoMoneda', 'x', 1, 'p0')`).run();
      assert.equal(count(db, 'catalog_syncs'), 1);
    },
  );
});

test('0004 invoices: the codes stay; invoices are numbered once per point of sale and sector, never deleted, and immutable once issued', () => {
  migrateTo(
    4,
    (db) => {
      seedTenant(db);
      db.prepare(
        `INSERT INTO cufds (tenant_id, pos_id, cuis, codigo, codigo_control, direccion, fecha_vigencia, obtained_at) VALUES ('t1', 'p0', 'CUIS1', 'CUFD1', 'CC', 'Calle 1', '2026-01-03T00:00:00Z', 'x')`,
      ).run();
    },
    (db) => {
      assert.deepEqual(db.prepare('SELECT codigo FROM cufds').all(), [{ codigo: 'CUFD1' }]);
      seedInvoice(db, 'i1', 1);
      seedInvoice(db, 'i2', 2, 'PENDING');
      assert.throws(() => seedInvoice(db, 'i3', 1), /UNIQUE constraint failed/);
      assert.throws(() => db.prepare(`DELETE FROM invoices WHERE id = 'i1'`).run(), /never deleted/);
      assert.throws(() => db.prepare(`UPDATE invoices SET total = 1 WHERE id = 'i1'`).run(), /immutable/);
      assert.throws(() => db.prepare(`UPDATE invoices SET state = 'SENT' WHERE id = 'i1'`).run(), /CHECK constraint failed/);
      // Only a PENDING invoice is re-issued offline (new CUF, codigo_emision 2).
      assert.throws(() => db.prepare(`UPDATE invoices SET cuf = 'CUF1B', codigo_emision = 2 WHERE id = 'i1'`).run(), /re-issued offline/);
      db.prepare(`UPDATE invoices SET cuf = 'CUF2B', codigo_emision = 2, state = 'CONTINGENCY' WHERE id = 'i2'`).run();
      assert.deepEqual(db.prepare(`SELECT cuf, state, needs_reconcile FROM invoices WHERE id = 'i2'`).get(), { cuf: 'CUF2B', state: 'CONTINGENCY', needs_reconcile: 0 });
    },
  );
});

test('0005 contingency: the invoices stay; one ACTIVE event per point of sale, events and packages never deleted', () => {
  migrateTo(
    5,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
      seedInvoice(db, 'i2', 2, 'PENDING');
    },
    (db) => {
      assert.deepEqual(db.prepare('SELECT id, state, event_id, package_id FROM invoices ORDER BY number').all(), [
        { id: 'i1', state: 'VALIDATED', event_id: null, package_id: null },
        { id: 'i2', state: 'PENDING', event_id: null, package_id: null },
      ]);
      const event = db.prepare(
        `INSERT INTO contingency_events (id, tenant_id, pos_id, codigo_motivo, descripcion, fecha_inicio, cufd_evento, state, created_at, updated_at)
         VALUES (?, 't1', 'p0', 1, 'CORTE DEL SERVICIO DE INTERNET', '2026-01-02T10:00:00.000', 'CUFD1', ?, 'x', 'x')`,
      );
      event.run('e1', 'ACTIVE');
      assert.throws(() => event.run('e2', 'ACTIVE'), /UNIQUE constraint failed/);
      event.run('e3', 'RECOVERING');
      db.prepare(
        `INSERT INTO contingency_packages (id, event_id, tenant_id, seq, cufd_evento, invoice_ids, invoice_count, archive, hash, state, created_at, updated_at)
         VALUES ('k1', 'e3', 't1', 1, 'CUFD1', '["i2"]', 1, x'00', 'h', 'BUILT', 'x', 'x')`,
      ).run();
      assert.throws(() => db.prepare(`DELETE FROM contingency_events WHERE id = 'e1'`).run(), /never deleted/);
      assert.throws(() => db.prepare(`DELETE FROM contingency_packages WHERE id = 'k1'`).run(), /never deleted/);
      const indexes = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'invoices'`).all() as { name: string }[]).map((r) => r.name);
      assert.ok(indexes.includes('invoices_event') && indexes.includes('invoices_package'));
    },
  );
});

test('0006 product search: products that existed are found by code, barcode and accent-free words; later edits keep the index', () => {
  migrateTo(
    6,
    (db) => {
      seedTenant(db);
      seedProduct(db, 'a', 'CAF-01', 'Café molido', '7771234');
      seedProduct(db, 'b', 'TE-02', 'Té verde');
    },
    (db) => {
      const find = (q: string) =>
        (db.prepare('SELECT p.id FROM products_fts JOIN products p ON p.rowid = products_fts.rowid WHERE products_fts MATCH ? ORDER BY p.id').all(`"${q}"`) as { id: string }[]).map(
          (r) => r.id,
        );
      assert.deepEqual(find('cafe'), ['a']);
      assert.deepEqual(find('1234'), ['a']);
      assert.deepEqual(find('te-0'), ['b']);
      db.prepare(`UPDATE products SET description = 'Café en grano' WHERE id = 'a'`).run();
      assert.deepEqual(find('grano'), ['a']);
      assert.deepEqual(find('molido'), []);
      seedProduct(db, 'c', 'CAF-03', 'Cafetera');
      assert.deepEqual(find('cafe'), ['a', 'c']);
      db.prepare(`DELETE FROM products WHERE id = 'c'`).run();
      assert.deepEqual(find('cafe'), ['a']);
    },
  );
});

test('0007 webhooks: the taxpayers stay; deliveries belong to an endpoint and have a known state', () => {
  migrateTo(
    7,
    (db) => {
      seedTenant(db);
      seedProduct(db, 'a', 'CAF-01', 'Café molido');
    },
    (db) => {
      assert.equal(count(db, 'products'), 1);
      db.prepare(
        `INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret_hint, created_at, updated_at) VALUES ('w1', 't1', 'https://erp.example.bo/hook', '["invoice.*"]', '…a1b2', 'x', 'x')`,
      ).run();
      const delivery = db.prepare(
        `INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_type, payload, state, created_at, updated_at) VALUES (?, 't1', ?, 'invoice.validated', '{}', ?, 'x', 'x')`,
      );
      delivery.run('d1', 'w1', 'PENDING');
      assert.throws(() => delivery.run('d2', 'w1', 'SENT'), /CHECK constraint failed/);
      assert.throws(() => delivery.run('d3', 'nadie', 'PENDING'), /FOREIGN KEY constraint failed/);
      const attempt = db.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt, started_at, finished_at, status_code) VALUES ('d1', ?, 'x', 'x', 500)`);
      attempt.run(1);
      assert.throws(() => attempt.run(1), /UNIQUE constraint failed/);
      assert.deepEqual(db.prepare(`SELECT active, deleted_at, attempts FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id`).get(), {
        active: 1,
        deleted_at: null,
        attempts: 0,
      });
    },
  );
});

test('0008 regulation corpus: the webhooks stay; passages belong to an indexed file and are found without accents', () => {
  migrateTo(
    8,
    (db) => {
      seedTenant(db);
      db.prepare(
        `INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret_hint, created_at, updated_at) VALUES ('w1', 't1', 'https://erp.example.bo/hook', '["*"]', '…a1b2', 'x', 'x')`,
      ).run();
    },
    (db) => {
      assert.equal(count(db, 'webhook_endpoints'), 1);
      db.prepare(`INSERT INTO ai_corpus_files (collection, path, size, mtime_ms, sha256, passages, indexed_at) VALUES ('normativas', 'norma.md', 10, 1, 's', 1, 'x')`).run();
      const passage = db.prepare(`INSERT INTO ai_passages (collection, path, seq, titulo, texto) VALUES ('normativas', ?, ?, ?, ?)`);
      passage.run('norma.md', 0, 'Plazo de Anulación', 'Una factura ficticia se anula dentro de 7 días.');
      assert.throws(() => passage.run('otra.md', 0, 't', 'x'), /FOREIGN KEY constraint failed/);
      const find = (q: string) => (db.prepare('SELECT rowid FROM ai_passages_fts WHERE ai_passages_fts MATCH ?').all(q) as { rowid: number }[]).length;
      assert.equal(find('anulacion'), 1);
      assert.equal(find('DIAS'), 1);
      db.prepare(`DELETE FROM ai_passages WHERE path = 'norma.md'`).run();
      assert.equal(find('anulacion'), 0);
    },
  );
});

test('0016 CAFC: invoices are rebuilt with every row and child link; booklet numbers live beside the till’s, each unique in its own space', () => {
  migrateTo(
    16,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
      seedInvoice(db, 'i2', 2, 'CANCELLED');
      db.prepare(`INSERT INTO invoice_transitions (invoice_id, at, from_state, to_state, detail) VALUES ('i2', 'x', 'VALIDATED', 'CANCELLED', 'anulada')`).run();
      db.prepare(`INSERT INTO invoice_aliases (cuf, invoice_id, created_at) VALUES ('OLDCUF', 'i1', 'x')`).run();
      db.prepare(`UPDATE invoices SET sector_data = '{"a":1}' WHERE id = 'i1'`).run();
    },
    (db) => {
      assert.equal(count(db, 'invoices'), 2);
      assert.deepEqual(db.prepare(`SELECT id, number, state, sector_data, cafc FROM invoices ORDER BY number`).all(), [
        { id: 'i1', number: 1, state: 'VALIDATED', sector_data: '{"a":1}', cafc: null },
        { id: 'i2', number: 2, state: 'CANCELLED', sector_data: null, cafc: null },
      ]);
      assert.deepEqual(db.prepare('PRAGMA foreign_key_check').all(), []);
      assert.equal(count(db, 'invoice_transitions'), 1);
      assert.throws(() => db.prepare(`DELETE FROM invoices WHERE id = 'i1'`).run(), /never deleted/);
      assert.throws(() => db.prepare(`UPDATE invoices SET total = 1 WHERE id = 'i1'`).run(), /immutable/);
      assert.throws(() => seedInvoice(db, 'i3', 1), /UNIQUE constraint failed/);
      // A booklet's N° 1 next to the till's N° 1; the same booklet number twice is refused.
      const manual = (id: string, number: number, cafc: string) => {
        seedInvoice(db, id, number + 1000);
        db.prepare(`UPDATE invoices SET cafc = ? WHERE id = ?`).run(cafc, id);
      };
      assert.throws(() => manual('m0', 1, 'CAFC1'), /immutable/, 'cafc is written at insert, never changed');
      const insertManual = db.prepare(
        `INSERT INTO invoices (id, tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, codigo_emision, number, cuf, cufd,
           fecha_emision, client_doc_type, client_doc_number, client_name, client_code, payment_method, currency, exchange_rate, subtotal,
           additional_discount, gift_card, total, total_subject_iva, total_currency, literal, leyenda, usuario, details, xml, hash, state, created_at, updated_at, cafc)
         SELECT ?, tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, 2, ?, ?, cufd, fecha_emision, client_doc_type,
           client_doc_number, client_name, client_code, payment_method, currency, exchange_rate, subtotal, additional_discount, gift_card, total,
           total_subject_iva, total_currency, literal, leyenda, usuario, details, xml, hash, 'CONTINGENCY', created_at, updated_at, ? FROM invoices WHERE id = 'i1'`,
      );
      insertManual.run('m1', 1, 'CUFM1', 'CAFC1');
      insertManual.run('m2', 1, 'CUFM2', 'CAFC2');
      assert.throws(() => insertManual.run('m3', 1, 'CUFM3', 'CAFC1'), /UNIQUE constraint failed/);
      db.prepare(`UPDATE contingency_events SET cafc = NULL WHERE 0`).run();
    },
  );
});

test('0018 Kipu Central outbox: what the till held is queued in order; every new fact and state change adds a row in its transaction', () => {
  migrateTo(
    18,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
      seedInvoice(db, 'i2', 2, 'CONTINGENCY');
      seedProduct(db, 'pr1', 'ARROZ', 'Arroz');
    },
    (db) => {
      const outbox = () => db.prepare('SELECT kind, entity_id FROM central_outbox ORDER BY seq').all() as { kind: string; entity_id: string }[];
      assert.deepEqual(outbox(), [
        { kind: 'pos', entity_id: 'p0' },
        { kind: 'invoice', entity_id: 'i1' },
        { kind: 'invoice', entity_id: 'i2' },
      ]);
      assert.equal((db.prepare('SELECT acked_seq FROM central_sync').get() as { acked_seq: number }).acked_seq, 0);
      // A state change adds a row; a column Central does not show does not.
      db.prepare(`UPDATE invoices SET state = 'VALIDATED' WHERE id = 'i2'`).run();
      db.prepare(`UPDATE invoices SET last_checked = 'x' WHERE id = 'i1'`).run();
      assert.equal(outbox().length, 4);
      // Rolled back with its fact.
      assert.throws(() =>
        db.transaction(() => {
          seedInvoice(db, 'i3', 3);
          throw new Error('sale failed');
        })(),
      );
      assert.equal(outbox().length, 4);
      // A local price edit of a Central product is remembered; a Central update (version moves) is not one.
      db.prepare(`UPDATE products SET central_id = 'c1', central_version = 1 WHERE id = 'pr1'`).run();
      db.prepare(`UPDATE products SET price_cents = 999 WHERE id = 'pr1'`).run();
      assert.equal((db.prepare(`SELECT local_price_cents FROM products WHERE id = 'pr1'`).get() as { local_price_cents: number }).local_price_cents, 999);
      db.prepare(`UPDATE products SET price_cents = 1200, central_version = 2, local_price_cents = NULL WHERE id = 'pr1'`).run();
      assert.equal((db.prepare(`SELECT local_price_cents FROM products WHERE id = 'pr1'`).get() as { local_price_cents: number | null }).local_price_cents, null);
    },
  );
});

/** A purchase in the 0014 shape; `seq` as the installation-wide counter gave it. */
function seedPurchase(db: Db, id: string, tenant: string, seq: number, extra: { packageId?: string; state?: string } = {}): void {
  db.prepare(
    `INSERT INTO purchases (id, seq, tenant_id, gestion, periodo, nro, nit_emisor, razon_social_emisor, codigo_autorizacion, numero_factura, numero_dui_dim,
       fecha_emision, monto_total, importe_ice, importe_iehd, importe_ipj, tasas, otro_no_sujeto, importes_exentos, importe_tasa_cero, subtotal, descuento,
       gift_card, base_cf, credito_fiscal, tipo_compra, codigo_control, source, xml, state, package_id, siat_messages, created_at, updated_at)
     VALUES (?, ?, ?, 2026, 1, ?, '1003579028', 'DISTRIBUIDORA ANDINA', ?, ?, '0', '2026-01-05T10:00:00.000', 13000, 0, 0, 0, 3000, 0, 0, 0, 10000, 0,
       0, 10000, 1300, 1, '0', 'MANUAL', '<registroCompra/>', ?, ?, '[]', 'x', 'x')`,
  ).run(id, seq, tenant, seq, `AUT-${id}`, String(seq), extra.state ?? 'READY', extra.packageId ?? null);
}

test('0019 purchases: rebuilt with every row and its number; shoppingInvoiceId is unique per tenant and each tenant continues from its own highest', () => {
  const schema = (db: Db) =>
    db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`).all();
  let schemaBefore: unknown[] = [];
  let rowsBefore: unknown[] = [];
  migrateTo(
    19,
    (db) => {
      seedTenant(db);
      db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t2', '7700001', 'OTRA S.R.L.', 'x')`).run();
      db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t3', '7700002', 'NUEVA S.R.L.', 'x')`).run();
      db.prepare(
        `INSERT INTO purchase_packages (id, tenant_id, kind, gestion, periodo, archive, hash, purchase_count, purchase_ids, state, created_at, updated_at)
         VALUES ('k1', 't1', 'RECEPCION', 2026, 1, x'00', 'h', 1, '["c3"]', 'DONE', 'x', 'x')`,
      ).run();
      // The installation-wide counter interleaved the two tenants.
      seedPurchase(db, 'c1', 't1', 1);
      seedPurchase(db, 'c2', 't2', 2);
      seedPurchase(db, 'c3', 't1', 3, { packageId: 'k1', state: 'ACCEPTED' });
      seedPurchase(db, 'c4', 't2', 4, { state: 'DELETED' });
      seedInvoice(db, 'i1', 1);
      schemaBefore = schema(db);
      rowsBefore = db.prepare('SELECT * FROM purchases ORDER BY id').all();
    },
    (db) => {
      // Every row, every column, its number.
      assert.deepEqual(db.prepare('SELECT * FROM purchases ORDER BY id').all(), rowsBefore);
      assert.deepEqual(db.prepare('PRAGMA foreign_key_check').all(), []);
      // The same indexes and triggers as before, word for word (the central outbox's among them).
      assert.deepEqual(schema(db), schemaBefore);
      assert.ok((schemaBefore as { name: string }[]).some((o) => o.name === 'purchases_never_deleted'));
      assert.ok((schemaBefore as { name: string }[]).some((o) => o.name === 'central_outbox_invoice_insert'));
      assert.throws(() => db.prepare(`DELETE FROM purchases WHERE id = 'c1'`).run(), /never deleted/);
      assert.throws(() => seedPurchase(db, 'c5', 't1', 9, { packageId: 'nope' }), /FOREIGN KEY constraint failed/);
      assert.throws(() => seedPurchase(db, 'c6', 't1', 1), /UNIQUE constraint failed: purchases.tenant_id, purchases.seq/);
      // The repository numbers each tenant from its own highest: t1 had 1 and 3, t2 had 2 and 4, t3 none.
      const repo = new PurchaseRepository(db, () => new Date('2026-01-06T12:00:00Z'));
      const next = (tenantId: string, n: string) =>
        repo.insert({
          tenantId,
          gestion: 2026,
          periodo: 1,
          source: 'MANUAL',
          xml: () => '<registroCompra/>',
          data: {
            nitEmisor: '1003579028', razonSocialEmisor: 'DISTRIBUIDORA ANDINA', codigoAutorizacion: 'AUT-NEW', numeroFactura: n, numeroDuiDim: '0',
            fechaEmision: '2026-01-06T10:00:00.000', tipoCompra: 1, codigoControl: '0',
            amounts: { total: 1000, ice: 0, iehd: 0, ipj: 0, tasas: 0, otroNoSujeto: 0, exentos: 0, tasaCero: 0, descuento: 0, giftCard: 0 },
            rcv: { subtotal: 1000, base: 1000, credito: 130 },
          },
        }).seq;
      assert.equal(next('t1', '100'), 4);
      assert.equal(next('t2', '100'), 5);
      assert.equal(next('t3', '100'), 1);
      assert.equal(next('t1', '101'), 5);
      assert.equal(repo.bySeq('t2', 5)!.data.numeroFactura, '100');
      assert.equal(repo.bySeq('t2', 3), null, 't1’s number 3 is not t2’s');
      // A query by (tenant, seq) is answered from the new unique index.
      const plan = db.prepare('EXPLAIN QUERY PLAN SELECT MAX(seq) FROM purchases WHERE tenant_id = ?').all('t1') as { detail: string }[];
      assert.ok(plan.some((p) => /USING COVERING INDEX sqlite_autoindex_purchases_2/.test(p.detail)), JSON.stringify(plan));
    },
  );
});

test('0021 invoice client search: invoices that existed are found by accent- and case-free pieces of the client name; new ones too', () => {
  migrateTo(
    21,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1, 'VALIDATED', 'Juan Pérez Quispe');
      seedInvoice(db, 'i2', 2);
    },
    (db) => {
      const find = (q: string) =>
        (db.prepare('SELECT i.id FROM invoices_fts JOIN invoices i ON i.rowid = invoices_fts.rowid WHERE invoices_fts MATCH ? ORDER BY i.id').all(`"${q}"`) as { id: string }[]).map(
          (r) => r.id,
        );
      assert.deepEqual(find('perez'), ['i1', 'i2']);
      assert.deepEqual(find('PÉREZ QUI'), ['i1']);
      seedInvoice(db, 'i3', 3);
      assert.deepEqual(find('perez'), ['i1', 'i2', 'i3']);
      assert.deepEqual(find('quispe'), ['i1']);
    },
  );
});

test('0023 rendered documents: the invoices stay; one copy per invoice, kind and version, never updated nor deleted', () => {
  migrateTo(
    23,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
    },
    (db) => {
      assert.equal(count(db, 'invoices'), 1);
      const put = (kind: string, version: string) =>
        db
          .prepare(`INSERT INTO rendered_documents (tenant_id, invoice_id, kind, version, sha256, size, bytes, created_at) VALUES ('t1', 'i1', ?, ?, 'h', 3, x'255044', 'x')`)
          .run(kind, version);
      put('pdf', 'v1');
      put('pdf', 'v2');
      put('zip', 'v1');
      assert.throws(() => put('pdf', 'v1'), /UNIQUE/);
      assert.throws(() => put('xlsx', 'v1'), /CHECK/);
      assert.throws(
        () => db.prepare(`INSERT INTO rendered_documents (tenant_id, invoice_id, kind, version, sha256, size, bytes, created_at) VALUES ('t1', 'nope', 'pdf', 'v', 'h', 1, x'00', 'x')`).run(),
        /FOREIGN KEY/,
      );
      assert.throws(() => db.prepare(`DELETE FROM rendered_documents`).run(), /never deleted/);
      assert.throws(() => db.prepare(`UPDATE rendered_documents SET bytes = x'00'`).run(), /immutable/);
      assert.equal(count(db, 'rendered_documents'), 3);
    },
  );
});

test('0024 till users: the invoices stay; a login once per tenant, known roles only; people, sessions, PIN attempts and act records never deleted, attempts and acts never changed', () => {
  migrateTo(
    24,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
    },
    (db) => {
      assert.equal(count(db, 'invoices'), 1);
      const user = (id: string, login: string, role: string) =>
        db
          .prepare(`INSERT INTO till_users (id, tenant_id, login, name, role, pin_hash, pin_salt, pin_params, created_at, updated_at) VALUES (?, 't1', ?, 'Ana', ?, 'h', 's', 'N=16384,r=8,p=1,len=32', 'x', 'x')`)
          .run(id, login, role);
      user('u1', 'ana', 'cajero');
      assert.throws(() => user('u2', 'ana', 'supervisor'), /UNIQUE/);
      assert.throws(() => user('u3', 'luis', 'gerente'), /CHECK/);
      db.prepare(`INSERT INTO till_sessions (id, tenant_id, user_id, pos_id, prefix, hash, created_at, last_seen_at, expires_at) VALUES ('s1', 't1', 'u1', 'p0', 'abc', 'h', 'x', 'x', 'x')`).run();
      db.prepare(`INSERT INTO till_pin_attempts (tenant_id, user_id, login, pos_id, purpose, outcome, created_at) VALUES ('t1', 'u1', 'ana', 'p0', 'LOGIN', 'OK', 'x')`).run();
      db.prepare(`INSERT INTO act_records (tenant_id, act, subject_id, usuario, user_id, approver, approver_id, created_at) VALUES ('t1', 'cancel', 'i1', 'Ana', 'u1', NULL, NULL, 'x')`).run();
      for (const table of ['till_users', 'till_sessions', 'till_pin_attempts', 'act_records']) {
        assert.throws(() => db.prepare(`DELETE FROM ${table}`).run(), /never deleted/, table);
      }
      assert.throws(() => db.prepare(`UPDATE till_pin_attempts SET outcome = 'WRONG_PIN'`).run(), /immutable/);
      assert.throws(() => db.prepare(`UPDATE act_records SET usuario = 'otro'`).run(), /immutable/);
      db.prepare(`UPDATE till_users SET active = 0 WHERE id = 'u1'`).run();
      assert.equal(count(db, 'till_users'), 1);
    },
  );
});

test('0025 parked sales: the invoices stay; a parked sale is never deleted, and changes only when recalled, once', () => {
  migrateTo(
    25,
    (db) => {
      seedTenant(db);
      seedInvoice(db, 'i1', 1);
    },
    (db) => {
      assert.equal(count(db, 'invoices'), 1);
      db.prepare(
        `INSERT INTO parked_sales (id, tenant_id, pos_id, parked_by, line_count, total_cents, sale, parked_at) VALUES ('ps1', 't1', 'p0', 'Ana', 1, 1900, '{}', '2026-11-27T10:00:00Z')`,
      ).run();
      assert.throws(() => db.prepare(`DELETE FROM parked_sales`).run(), /never deleted/);
      assert.throws(() => db.prepare(`UPDATE parked_sales SET total_cents = 1`).run(), /only when it is recalled/);
      db.prepare(`UPDATE parked_sales SET recalled_at = 'x', recalled_by = 'Luis'`).run();
      assert.throws(() => db.prepare(`UPDATE parked_sales SET recalled_by = 'Otro'`).run(), /only when it is recalled/);
      assert.equal(count(db, 'parked_sales'), 1);
    },
  );
});

test('0026 act reasons and refusals: earlier act records keep no reason; refusals are kept, never deleted nor changed', () => {
  migrateTo(
    26,
    (db) => {
      seedTenant(db);
      db.prepare(`INSERT INTO till_users (id, tenant_id, login, name, role, pin_hash, pin_salt, pin_params, created_at, updated_at) VALUES ('u1', 't1', 'ana', 'Ana', 'cajero', 'h', 's', 'N=16384,r=8,p=1,len=32', 'x', 'x')`).run();
      db.prepare(`INSERT INTO act_records (tenant_id, act, subject_id, usuario, user_id, created_at) VALUES ('t1', 'cash-close', 's1', 'Ana', 'u1', 'x')`).run();
    },
    (db) => {
      assert.deepEqual(db.prepare(`SELECT usuario, reason FROM act_records`).all(), [{ usuario: 'Ana', reason: null }]);
      db.prepare(`INSERT INTO act_records (tenant_id, act, subject_id, usuario, user_id, reason, created_at) VALUES ('t1', 'cash-close', 's2', 'Luis', NULL, 'se fue enferma', 'x')`).run();
      assert.throws(() => db.prepare(`UPDATE act_records SET reason = 'otro'`).run(), /immutable/);
      db.prepare(`INSERT INTO act_refusals (tenant_id, act, usuario, user_id, role, needed, pos_id, code, approver, created_at) VALUES ('t1', 'cancel', 'Ana', 'u1', 'cajero', 'supervisor', 'p0', 'ROLE_REQUIRED', NULL, 'x')`).run();
      assert.throws(() => db.prepare(`INSERT INTO act_refusals (tenant_id, act, usuario, user_id, role, needed, code, created_at) VALUES ('t1', 'cancel', 'X', 'nobody', 'cajero', 'supervisor', 'ROLE_REQUIRED', 'x')`).run(), /FOREIGN KEY/);
      assert.throws(() => db.prepare(`DELETE FROM act_refusals`).run(), /never deleted/);
      assert.throws(() => db.prepare(`UPDATE act_refusals SET code = 'OK'`).run(), /immutable/);
      assert.equal(count(db, 'act_refusals'), 1);
    },
  );
});

test('0028 cash report prints: a closed session stays as it was; its prints are kept, never deleted nor changed', () => {
  migrateTo(
    28,
    (db) => {
      seedTenant(db);
      db.prepare(`INSERT INTO cash_sessions (id, tenant_id, pos_id, number, state, opened_at, opened_by, opening_float, closed_at, closed_by, close_data) VALUES ('s1', 't1', 'p0', 1, 'CLOSED', 'a', 'Ana', 0, 'b', 'Ana', '{}')`).run();
    },
    (db) => {
      assert.equal(count(db, 'cash_report_prints'), 0, 'a Z closed before has no print recorded: its next paper is the original');
      db.prepare(`INSERT INTO cash_report_prints (tenant_id, session_id, copy, usuario, printed_at) VALUES ('t1', 's1', 0, 'Ana', 'c')`).run();
      assert.throws(() => db.prepare(`INSERT INTO cash_report_prints (tenant_id, session_id, copy, usuario, printed_at) VALUES ('t1', 'nope', 1, 'Ana', 'c')`).run(), /FOREIGN KEY/);
      assert.throws(() => db.prepare(`UPDATE cash_report_prints SET copy = 1`).run(), /immutable/);
      assert.throws(() => db.prepare(`DELETE FROM cash_report_prints`).run(), /never deleted/);
      assert.deepEqual(db.prepare(`SELECT state, closed_by FROM cash_sessions`).all(), [{ state: 'CLOSED', closed_by: 'Ana' }]);
    },
  );
});

test('0029 batch progress indexes: a batch’s progress reads its items’ and invoices’ indexes, not their rows of sale JSON and XML', () => {
  migrateTo(
    29,
    (db) => seedTenant(db),
    (db) => {
      const columns = (index: string) => (db.prepare(`PRAGMA index_info(${index})`).all() as { name: string }[]).map((c) => c.name);
      assert.deepEqual(columns('invoice_batch_items_progress'), ['batch_id', 'item_index', 'invoice_id', 'package_id', 'problems']);
      assert.deepEqual(columns('invoices_progress'), ['id', 'state', 'number']);
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('b') as { detail: string }[]).map((r) => r.detail).join(' | ');
      assert.match(
        plan(`SELECT b.item_index, b.invoice_id, b.problems, i.state, i.number FROM invoice_batch_items b INDEXED BY invoice_batch_items_progress
               LEFT JOIN invoices i INDEXED BY invoices_progress ON i.id = b.invoice_id WHERE b.batch_id = ? ORDER BY b.item_index`),
        /COVERING INDEX invoice_batch_items_progress.*COVERING INDEX invoices_progress/,
      );
    },
  );
});
