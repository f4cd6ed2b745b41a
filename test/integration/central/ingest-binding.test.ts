// Issue 26, finding 6: a till's credential is bound to its branch and, optionally, its point of
// sale. A push whose facts name another branch or point of sale is refused whole (403, naming the
// item) and stores nothing: a till of branch 0 could rename store 5 and book sales under it.
// Real PostgreSQL; the pushes are what a hostile holder of a credential sends over HTTP.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack } from './helpers';
import { loadCentralMigrations, migrateCentral, openPool } from '../../../main/central/store/pg';
import type { InvoiceReplica, PosReplica, PushItem } from '../../../shared/api/central';

const stack = await centralStack();
after(() => stack.close());

const report = { nit: '7000123019', razonSocial: 'COMERCIAL KIPU DEMO S.R.L.', certificateExpiresAt: null, training: true, tenant: {} };
const pos = (id: string, branchCode: number, code: number, branchName: string): PosReplica => ({ id, branchCode, branchName, code, name: `PV ${code}`, closedAt: null, cufdExpiresAt: null });
const invoice = (id: string, branchCode: number, posCode: number, number: number): InvoiceReplica => ({
  id,
  posId: 'pos-x',
  branchCode,
  posCode,
  invoiceType: 'COMPUTERIZED_SALE',
  sector: 1,
  codigoEmision: 1,
  number,
  cuf: `CUF${id}`,
  cufd: 'CUFD',
  fechaEmision: '2026-11-27T10:00:00.000',
  clientDocNumber: '1234567',
  clientName: 'PEREZ',
  currency: 1,
  total: 1000,
  state: 'VALIDATED',
  siatCode: 908,
  siatDescription: null,
  siatMessages: [],
  needsReconcile: false,
  eventId: null,
  originalInvoiceId: null,
  cancellationReason: null,
  cancellationDate: null,
  xml: '<facturaComputarizadaCompraVenta/>',
  record: {},
  createdAt: '2026-11-27T14:00:00.000Z',
  updatedAt: '2026-11-27T14:00:00.000Z',
});

async function push(token: string, after: number, items: PushItem[]): Promise<{ status: number; body: { field?: string; message?: string; ackedSeq?: number } }> {
  const upTo = items.reduce((m, i) => Math.max(m, i.seq), after);
  const res = await fetch(`${stack.central!.url}/central/v1/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ after, upTo, report, items }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

const held = async (sql: string, params: unknown[]) => (await stack.pool.query(sql, params)).rowCount;

test('a push naming another branch or point of sale than the credential is refused whole; nothing stored', { timeout: 120_000 }, async () => {
  await stack.startCentral(0);
  const south = await stack.newTill('Caja Sur', 5);
  const centre = await stack.newTill('Caja Centro', 0);
  const single = await stack.newTill('Caja PV 1', { branchCode: 0, posCode: 1 });

  // Store 5 as its own till names it.
  assert.equal((await push(south.token, 0, [{ seq: 1, kind: 'pos', data: pos('s-pv0', 5, 0, 'Sucursal Sur') }])).status, 200);

  // The till of branch 0 tries to rename store 5, then to book a sale under it, then both hidden
  // behind a fact of its own branch.
  const attempts: [PushItem[], string][] = [
    [[{ seq: 1, kind: 'pos', data: pos('c-evil', 5, 0, 'RENOMBRADA') }], 'items[0].data.branchCode'],
    [[{ seq: 1, kind: 'invoice', data: invoice('c-inv-evil', 5, 0, 1) }], 'items[0].data.branchCode'],
    [
      [
        { seq: 1, kind: 'invoice', data: invoice('c-inv-ok', 0, 0, 1) },
        { seq: 2, kind: 'pos', data: pos('c-evil', 5, 0, 'RENOMBRADA') },
      ],
      'items[1].data.branchCode',
    ],
  ];
  for (const [items, field] of attempts) {
    const r = await push(centre.token, 0, items);
    assert.equal(r.status, 403, JSON.stringify(r.body));
    assert.equal(r.body.field, field);
    assert.match(r.body.message!, /sucursal 5, pero la credencial de esta caja es de la sucursal 0/);
  }
  assert.equal((await stack.pool.query('SELECT name FROM stores WHERE tenant_id = $1 AND branch_code = 5', [stack.tenantId])).rows[0].name, 'Sucursal Sur', 'store 5 keeps its name');
  assert.equal(await held('SELECT 1 FROM invoices WHERE till_id = $1', [centre.tillId]), 0, 'no invoice of the refused pushes, not even the one of its own branch');
  assert.equal(await held('SELECT 1 FROM points_of_sale WHERE till_id = $1', [centre.tillId]), 0);
  assert.equal(await held('SELECT 1 FROM sales_daily WHERE till_id = $1', [centre.tillId]), 0);
  assert.equal(Number((await stack.pool.query('SELECT acked_seq FROM tills WHERE id = $1', [centre.tillId])).rows[0].acked_seq), 0, 'the cursor did not move');
  // Its own branch is accepted.
  assert.equal((await push(centre.token, 0, [{ seq: 1, kind: 'invoice', data: invoice('c-inv-ok', 0, 0, 1) }])).status, 200);

  // A credential bound to point of sale 1 cannot speak for point of sale 0 of the same branch.
  for (const [items, field] of [
    [[{ seq: 1, kind: 'invoice', data: invoice('p-inv-0', 0, 0, 1) }], 'items[0].data.posCode'],
    [[{ seq: 1, kind: 'pos', data: pos('p-pv0', 0, 0, 'Casa Matriz') }], 'items[0].data.code'],
  ] as [PushItem[], string][]) {
    const r = await push(single.token, 0, items);
    assert.equal(r.status, 403, JSON.stringify(r.body));
    assert.equal(r.body.field, field);
    assert.match(r.body.message!, /punto de venta 0, pero la credencial de esta caja es del punto de venta 1/);
  }
  assert.equal(await held('SELECT 1 FROM invoices WHERE till_id = $1', [single.tillId]), 0);
  assert.equal((await push(single.token, 0, [{ seq: 1, kind: 'invoice', data: invoice('p-inv-1', 0, 1, 1) }])).status, 200);

  // A till left without a branch (made before migration 0007) may only beat its heart.
  const loose = await stack.newTill('Caja sin sucursal', 0);
  await stack.pool.query('UPDATE tills SET branch_code = NULL WHERE id = $1', [loose.tillId]);
  const r = await push(loose.token, 0, [{ seq: 1, kind: 'invoice', data: invoice('l-inv', 0, 0, 1) }]);
  assert.equal(r.status, 403);
  assert.match(r.body.message!, /no está ligada a una sucursal.*till reissue/);
  assert.equal((await push(loose.token, 0, [])).status, 200, 'a heartbeat is still taken');
});

test('migration 0007 binds a till made without a branch to the one branch its replicas name', { timeout: 60_000 }, async () => {
  const url = await stack.pg.createDatabase('binding_migration');
  const pool = openPool(url, 2);
  try {
    const all = loadCentralMigrations();
    const upTo6 = all.filter((m) => m.version <= 6);
    assert.equal(upTo6.length, 6);
    await migrateCentral(pool, upTo6);
    const tenant = '00000000-0000-4000-8000-000000000001';
    await pool.query(`INSERT INTO tenants (id, nit, name) VALUES ($1, '1020304050', 'ACME')`, [tenant]);
    const tills = { one: '00000000-0000-4000-8000-00000000000a', two: '00000000-0000-4000-8000-00000000000b', none: '00000000-0000-4000-8000-00000000000c', set: '00000000-0000-4000-8000-00000000000d' };
    for (const [name, id] of Object.entries(tills)) await pool.query('INSERT INTO tills (id, tenant_id, name, branch_code) VALUES ($1, $2, $3, $4)', [id, tenant, name, name === 'set' ? 2 : null]);
    const pv = (till: string, id: string, branch: number) =>
      pool.query(`INSERT INTO points_of_sale (tenant_id, till_id, id, branch_code, code, name, seq) VALUES ($1, $2, $3, $4, 0, 'PV', 1)`, [tenant, till, id, branch]);
    await pv(tills.one, 'a', 3);
    await pv(tills.two, 'b', 3);
    await pv(tills.two, 'c', 4);
    await pv(tills.set, 'd', 7);
    await migrateCentral(pool, all);
    const got = Object.fromEntries((await pool.query('SELECT name, branch_code, pos_code FROM tills')).rows.map((r) => [r.name, [r.branch_code, r.pos_code]]));
    assert.deepEqual(got, { one: [3, null], two: [null, null], none: [null, null], set: [2, null] });
  } finally {
    await pool.end();
  }
});
