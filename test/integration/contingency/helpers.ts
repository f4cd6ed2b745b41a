// Shared set-up of the contingency integration tests: a real engine (training mode, embedded
// simulator or an external one), catalogs synced, a CUFD, and sales through the HTTP API.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import type { EngineDeps } from '../../../main/engine/engine-types';
import { sqliteConnection } from '../../../main/store/store';
import { fromBoliviaIso } from '../../../shared/time';
import { waitFor } from '../../fixtures/wait';

export { waitFor };

export const FAST_CONTINGENCY: NonNullable<EngineDeps['contingency']> = {
  probe: { initialMs: 100, maxMs: 400 },
  retry: { initialMs: 100, maxMs: 500 },
  poll: { initialMs: 25, maxMs: 200 },
  probeTimeoutMs: 500,
  // SIAT's processing window after a send gave up (2 min in production): 5× the tests' 300 ms
  // sale time-out; the simulator never registers a hung send, so any window keeps the logic.
  settleWindowMs: 1_500,
};

export interface Till {
  eng: TestEngine;
  posId: string;
  tenantId: string;
  branchId: number;
  admin(path: string, body?: unknown): Promise<any>;
  sell(n?: number, concurrency?: number): Promise<any[]>;
}

export function saleBody(posId: string, i = 0) {
  return {
    invoiceType: 'COMPUTERIZED_SALE',
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: String(4_000_000 + i),
    clientBusinessName: 'CLIENTE PRUEBA',
    clientCode: `C${i}`,
    paymentMethodCode: 1,
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Producto de prueba', quantity: 2, unitMeasure: 57, priceUnit: 10.5 }],
  };
}

export async function adminCall(adminUrl: string, path: string, body?: unknown): Promise<any> {
  const get = path === '/admin/state' || path === '/admin/received' || path === '/admin/duplicates';
  const res = await fetch(`${adminUrl.replace(/\/admin$/, '')}${path}`, get ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  assert.ok(res.ok, `${path}: HTTP ${res.status}`);
  return res.json();
}

export async function openTill(env: Record<string, string> = {}, extra: Partial<EngineDeps> = {}, dataDir?: string): Promise<Till> {
  const eng = await startTestEngine({ KIPU_RATE_LIMIT: '100000', ...env }, dataDir, {
    scheduler: false,
    siatTimeouts: { saleMs: 300, defaultMs: 1000, packageMs: 2000 },
    contingency: FAST_CONTINGENCY,
    ...extra,
  });
  const adminUrl = eng.simulator?.adminUrl ?? env.KIPU_SIM_ADMIN!;
  const pos = (await (await eng.api('/api/v1/pos')).json()).data[0];
  // The set-up talks to SIAT with the short time-outs above (1 s), which a loaded machine can
  // outlive: a 503 there is not what these tests are about, so it is asked again until it answers.
  const setUp = async (path: string) => {
    let last = '';
    const answered = await waitFor(`${path} to answer 200`, async () => {
      const res = await eng.api(path, { method: 'POST', json: { posId: pos.id } });
      last = `${res.status} ${await res.text()}`;
      return res.status === 503 ? null : res.status;
    }, 120_000, 200);
    assert.equal(answered, 200, last);
  };
  await setUp('/api/v1/siat/sync/all');
  await setUp('/api/v1/codes/cufd');
  let counter = 0;
  const till: Till = {
    eng,
    posId: pos.id,
    tenantId: sqliteConnection(eng.store).prepare('SELECT tenant_id FROM points_of_sale WHERE id = ?').pluck().get(pos.id) as string,
    branchId: pos.branchId,
    admin: (path, body) => adminCall(adminUrl, path, body),
    async sell(n = 1, concurrency = 4) {
      const out: any[] = new Array(n);
      let next = 0;
      const worker = async () => {
        while (next < n) {
          const k = next++;
          const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleBody(pos.id, counter++) });
          const body = await res.json();
          assert.equal(res.status, 201, JSON.stringify(body));
          out[k] = body.data;
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
      return out;
    },
  };
  return till;
}

/**
 * A till whose clock (and the simulator's) the test moves: `shift` by some milliseconds, `at` to
 * a Bolivia time. Package validation answers after 20 ms.
 */
export async function clockedTill(): Promise<{ till: Till; shift(ms: number): Promise<void>; at(iso: string): Promise<void> }> {
  let skew = 0;
  const till = await openTill({}, { now: () => new Date(Date.now() + skew) });
  till.eng.simulator!.state.packageValidationDelayMs = 20;
  const move = async (to: number) => {
    skew = to;
    await till.admin('/admin/clock', { skewMs: skew });
  };
  return {
    till,
    shift: (ms) => move(skew + ms),
    /** Moves both clocks so that Bolivia time reads `iso` now. */
    at: (iso) => move(fromBoliviaIso(iso)!.getTime() - Date.now()),
  };
}

/**
 * The invoice once SIAT's verdict is in (no longer PENDING or CONTINGENCY), as the API shows it.
 * A sale's online sending has a short time-out here (saleMs 300): on a loaded machine it expires
 * and the sale is reconciled (or re-issued offline and packaged) by recovery, so a test that needs
 * a VALIDATED invoice waits for the verdict instead of expecting it in the sale's answer.
 */
export async function verdictOf(till: Pick<Till, 'eng' | 'tenantId'>, invoiceId: string, timeoutMs = 120_000): Promise<any> {
  await waitFor(`SIAT's verdict on invoice ${invoiceId}`, () => {
    const state = till.eng.invoices.byId(till.tenantId, invoiceId)?.state;
    return state !== undefined && state !== 'PENDING' && state !== 'CONTINGENCY';
  }, timeoutMs, 50);
  return (await (await till.eng.api(`/api/v1/invoices/${invoiceId}`)).json()).data;
}

/** Invoice states of a point of sale, counted. */
export function stateCounts(db: Database.Database, posId: string): Record<string, number> {
  const rows = db.prepare('SELECT state, COUNT(*) n FROM invoices WHERE pos_id = ? GROUP BY state').all(posId) as { state: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}

/** Numbers 1..n with no gap and no repeat (per point of sale and sector). */
export function assertGapless(db: Database.Database, posId: string): void {
  const nums = (db.prepare('SELECT number FROM invoices WHERE pos_id = ? ORDER BY number').all(posId) as { number: number }[]).map((r) => r.number);
  nums.forEach((n, i) => assert.equal(n, i + 1, `invoice numbers must be gapless: position ${i} holds ${n}`));
}

/** Every CUF of the POS registered exactly once by the simulator. */
export async function assertRegisteredOnce(till: { admin: Till['admin'] }, db: Database.Database, posId: string, opts: { receivedOnce?: boolean } = {}): Promise<void> {
  const received = (await till.admin('/admin/received')) as { cuf: string; timesReceived: number; timesRegistered: number; receptions: { operation: string; packageId: string | null; codigos: number[] }[] }[];
  const byCuf = new Map(received.map((r) => [r.cuf, r]));
  const cufs = (db.prepare(`SELECT cuf FROM invoices WHERE pos_id = ? AND state = 'VALIDATED'`).all(posId) as { cuf: string }[]).map((r) => r.cuf);
  for (const cuf of cufs) {
    const r = byCuf.get(cuf);
    assert.ok(r, `SIAT never received ${cuf}`);
    assert.equal(r.timesRegistered, 1, `${cuf} registered ${r.timesRegistered} times`);
    if (!opts.receivedOnce || r.timesReceived === 1) continue;
    // The one second reception a loaded machine may cause, and not a blind resend: the monitor's
    // trial send before leaving contingency (the same CUF, online) timed out on the engine's side
    // (the tests' SIAT sale timeout is 300 ms) after SIAT got it, so the invoice stayed offline
    // and went in its package, where SIAT answered "already registered" (registered once, above).
    // The other: its package's reception answered after the engine's package time-out (2 s here),
    // so the package stayed BUILT and was sent again, and SIAT answered 1000 "already registered"
    // (send-packages.ts: SIAT cannot be asked about a package whose codigoRecepcion never arrived;
    // package-answer-lost.test.ts). Told apart from two different packages: the engine's package
    // holds the LAST reception's codigoRecepcion, and it never heard of the earlier one.
    // Anything else received twice — two online sends, two different packages — fails.
    const [first, ...rest] = r.receptions;
    const trialThenPackage = r.timesReceived === 2 && first?.packageId === null && rest.every((x) => x.packageId !== null);
    const heard = db.prepare(`SELECT p.codigo_recepcion c FROM contingency_packages p JOIN invoices i ON i.package_id = p.id WHERE i.cuf = ?`).all(cuf) as { c: string | null }[];
    const last = r.receptions.at(-1);
    const resentPackage =
      heard.length === 1 &&
      r.receptions.every((x) => x.packageId !== null) &&
      last?.packageId === heard[0]!.c &&
      last.codigos.includes(1000) &&
      r.receptions.slice(0, -1).every((x) => x.packageId !== heard[0]!.c);
    assert.ok(trialThenPackage || resentPackage, `${cuf} received ${r.timesReceived} times: ${JSON.stringify(r.receptions)}`);
    console.log(
      trialThenPackage
        ? `  ${cuf}: received online (a trial send answered too late for the engine) and then in its package; registered once`
        : `  ${cuf}: its package's answer came after the engine's time-out, the same package went again and SIAT answered 1000; registered once`,
    );
  }
}
