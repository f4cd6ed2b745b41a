// Issue 25, fairness, over real HTTP: purchase imports take turns per tenant (one running, the
// next waiting, past four waiting a 429 with Retry-After), another tenant's import runs beside
// them, and the till's sale never goes through the gate. A's "long import" is a turn taken on
// the engine's own gate, so the test decides when it ends instead of racing a real one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openTill, type Till } from '../integration/contingency/helpers';
import { SCOPES } from '../../shared/api-scopes';
import { waitFor } from '../fixtures/wait';

let till: Till;
let keyA: string;
let keyB: string;
let tenantA: string;
let tenantB: string;

before(async () => {
  till = await openTill();
  const tenant = (nit: string, name: string) => {
    const t = till.eng.store.tenants.create({ nit, razonSocial: name });
    return { id: t.id, key: till.eng.store.apiKeys.create(t.id, 'compras', SCOPES).key };
  };
  ({ id: tenantA, key: keyA } = tenant('7700451', 'FERRETERIA A S.R.L.'));
  ({ id: tenantB, key: keyB } = tenant('7700452', 'LIBRERIA B S.R.L.'));
});
after(async () => {
  await till.eng.stop();
});

const HEADER = 'NIT PROVEEDOR,RAZON SOCIAL PROVEEDOR,CODIGO DE AUTORIZACION,NUMERO FACTURA,FECHA DE FACTURA/DUI/DIM,IMPORTE TOTAL COMPRA';
let serial = 0;
/** A CSV of `rows` good purchases, each with its own authorization code. */
function csv(rows: number): string {
  const d = new Date();
  const date = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  return [HEADER, ...Array.from({ length: rows }, () => `1003579028,DISTRIBUIDORA ANDINA,FAIR-${++serial},${serial},${date},100.00`)].join('\r\n');
}

/** POST /purchases/import, answered later: `state()` says whether the answer came. */
function importAs(key: string, rows = 2) {
  let answer: { status: number; headers: Headers; body: any } | null = null;
  const done = till.eng.api('/api/v1/purchases/import', { method: 'POST', key, body: csv(rows), headers: { 'content-type': 'text/csv' } }).then(async (res) => {
    answer = { status: res.status, headers: res.headers, body: await res.json() };
    return answer;
  });
  return { done, answered: () => answer !== null };
}

const waitingOf = (tenantId: string) => till.eng.heavyWork.snapshot().waiting.filter((k) => k === `${tenantId}|import`).length;

test("while tenant A's import runs, A's next waits its turn and B's import is answered; then A's is", async () => {
  const aRunning = await till.eng.heavyWork.acquire(tenantA, 'import');
  let releasedA = false;
  try {
    const a2 = importAs(keyA);
    await waitFor("A's second import waiting", () => waitingOf(tenantA) === 1, 30_000);

    const b = await importAs(keyB).done;
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.equal(b.body.data.created, 2);
    assert.equal(a2.answered(), false, "A's second import answered while A's first still ran");
    assert.equal(waitingOf(tenantA), 1);

    aRunning();
    releasedA = true;
    const a = await a2.done;
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(a.body.data.created, 2);
  } finally {
    if (!releasedA) aRunning();
  }
});

test('past four imports waiting, the tenant gets a 429 in Spanish with Retry-After; the four are then imported', async () => {
  const aRunning = await till.eng.heavyWork.acquire(tenantA, 'import');
  let releasedA = false;
  try {
    const queued = [importAs(keyA), importAs(keyA), importAs(keyA), importAs(keyA)];
    await waitFor('four imports of A waiting', () => waitingOf(tenantA) === 4, 30_000);
    const refused = await importAs(keyA).done;
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.equal(refused.headers.get('retry-after'), '10');
    assert.equal(refused.body.error.code, 'IMPORTS_BUSY');
    assert.match(refused.body.error.detail, /Ya hay una importación de compras en curso y 4 en espera para este contribuyente; reintente en 10 s/);
    aRunning();
    releasedA = true;
    for (const q of queued) {
      const r = await q.done;
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
  } finally {
    if (!releasedA) aRunning();
  }
});

test('with every heavy turn taken (A and B importing), the till still sells', async () => {
  const a = await till.eng.heavyWork.acquire(tenantA, 'import');
  const b = await till.eng.heavyWork.acquire(tenantB, 'import');
  try {
    assert.equal(till.eng.heavyWork.snapshot().running.length, 2);
    const [sale] = await till.sell(1);
    assert.match(sale.id, /^[0-9a-f-]{36}$/);
  } finally {
    a();
    b();
  }
});
