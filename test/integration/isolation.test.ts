// Issue 25, "Done when": each heavy request of the issue's table runs against a real engine over
// HTTP while tenant A's till sells every 250 ms, and each still ends with the right answer:
// imported, refused with its reason, issued, downloaded. The CPU-heavy part runs on the engine's
// worker threads (each pool's `completed` counts what it did). The issue's bounds — the till's
// sale p99 under 100 ms and no sale over 500 ms — are checked on what each sale waited for in this
// process: the CPU the engine's thread ran between the sale's request and its answer
// (till-thread.ts), its latency on an idle machine. Wall-clock time is not asserted: on a shared,
// loaded CI machine it measures everyone's load (a till selling alone has p99 over 100 ms at load
// 20). So that the measure is Kipu's alone, the till, the heavy requests' clients (http-thread.ts)
// and the SIAT simulator (siat-sim-process.ts, a process of its own) are off the engine's thread.
//
// Every row asserts both bounds. Before decision 0097 the p99 was asserted on the XLSX and the
// certificates only: the import with its purchases' packing, the batch, the ZIPs and the
// 10,000-item intake reached 75–155 ms in loaded runs (a sale stretched by the load met several
// 10 ms lots and a GC). Now heavy work waits while a sale is in flight and just after it
// (main/heavy-work/sale-first.ts): every row's worst sale was 50 ms or less (the ZIPs; the others
// 10–21 ms) in runs with two CPU spinners beside them.
// Sizes are the table's rows scaled down where only the time grows with them (rows, lines).
import { test, before, after, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice } from '../fixtures/issued-invoice';
import { tempDir } from '../fixtures/tmp';
import { waitFor } from '../fixtures/wait';
import { tillThread, type SaleSample } from '../fixtures/till-thread';
import { spawnSimulator, type SimProcess } from '../fixtures/siat-sim-process';
import { requestFromThread, requestsFromThread } from '../fixtures/http-thread';
import { percentile } from '../bench/_stats';
import { educationItem } from './massive/helpers';
import { generateTrainingCertificate } from '../../main/invoicing/certificate';
import { SCOPES } from '../../shared/api-scopes';

let eng: TestEngine;
let sim: SimProcess;
let posA: string;
let keyB: string;
let nitB: string;
const tmp = tempDir();

before(async () => {
  // SIAT is another machine: the simulator runs in a process of its own, so what each sale waited
  // for on the engine's thread is Kipu's work, not the simulator's checks of the batch's package.
  sim = await spawnSimulator(join(tmp.dir, 'sim'));
  eng = await startTestEngine({ KIPU_RATE_LIMIT: '1000000', KIPU_PUBLIC_RATE_LIMIT: '1000000', KIPU_SIAT_URL: sim.url }, undefined, { scheduler: false });
  const b = eng.store.tenants.create({ nit: '7700460', razonSocial: 'MAYORISTA B S.R.L.', municipio: 'La Paz', direccion: 'Calle 2' });
  keyB = eng.store.apiKeys.create(b.id, 'pesado', SCOPES).key;
  nitB = b.nit;
  posA = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  const s = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  assert.equal(s.status, 200, await s.text());
  // One sale before any row: a process's first sale compiles its body's validator and its
  // answer's serializer (0.1–0.2 s of the engine's thread), which the first row's till measured.
  const warm = await eng.api('/api/v1/invoices', {
    method: 'POST',
    json: { invoiceType: 'COMPUTERIZED_SALE', posId: posA, clientDocumentType: 1, clientDocumentNumber: '5999999', clientBusinessName: 'Cliente', clientCode: 'C-1', paymentMethodCode: 1, details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5 }] },
  });
  assert.equal(warm.status, 201, await warm.text());
});
after(async () => {
  await eng?.stop();
  await sim?.close();
  tmp.cleanup();
});

let nextDocument = 6_000_000;
/**
 * Tenant A's till (a thread of its own): one sale every 250 ms while `job` runs (at least one);
 * every sale must be stored (201), and issue 25's bounds hold on what each sale waited for in
 * this process, the engine thread's CPU: none over 500 ms, and the p99 under 100 ms.
 */
async function whileTillSells<T>(t: TestContext, job: () => Promise<T>, o: { samples?: SaleSample[] } = {}): Promise<T> {
  const till = tillThread({ url: eng.url, key: eng.ownerKey!, posId: posA, firstDocument: nextDocument });
  let result: T;
  let threadMs: number[];
  try {
    result = await job();
  } finally {
    const run = await till.stop();
    nextDocument = run.next;
    threadMs = run.samples.map((x) => x.threadMs).sort((a, b) => a - b);
    o.samples?.push(...run.samples);
    assert.deepEqual(run.failures, [], 'every sale of the till is stored while the heavy job runs');
    const figures = (ms: number[]) => ((s) => `p50 ${percentile(s, 50).toFixed(0)}, p99 ${percentile(s, 99).toFixed(0)}, max ${s.at(-1)?.toFixed(0)} ms`)([...ms].sort((a, b) => a - b));
    if (run.samples.length > 0) t.diagnostic(`${run.samples.length} sales: engine thread ${figures(run.samples.map((x) => x.threadMs))}; wall ${figures(run.samples.map((x) => x.wallMs))}`);
  }
  const seen = `engine-thread ms per sale, sorted: ${threadMs.map((ms) => ms.toFixed(0)).join(', ')}`;
  assert.ok(threadMs.length > 0, 'the till sold while the job ran');
  assert.ok(percentile(threadMs, 99) < 100, `the till's sale p99 under 100 ms of the engine's thread: ${seen}`);
  assert.ok(threadMs.at(-1)! < 500, `no sale over 500 ms of the engine's thread: ${seen}`);
  return result;
}

/**
 * A heavy request sent from a thread of its own (http-thread.ts): the client's encoding and
 * reading would count as the engine thread's CPU. Its JSON answer is parsed by `json()`, once the
 * till has stopped.
 */
async function postFromThread(path: string, key: string, contentType: string, body: Buffer | string) {
  const a = await requestFromThread({ url: `${eng.url}${path}`, method: 'POST', headers: { 'content-type': contentType, 'x-api-key': key }, body: Buffer.from(body), text: true });
  return { status: a.status, json: () => JSON.parse(a.text!) };
}

const today = () => {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

test('a purchase CSV whose header carries 150 KB of spaces is imported, every row, read on the import worker', async (t) => {
  const header = ['NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR', 'CODIGO DE AUTORIZACION', 'NUMERO FACTURA', 'FECHA DE FACTURA/DUI/DIM', 'IMPORTE TOTAL COMPRA', `NOTA${' '.repeat(150_000)}X`].join(',');
  const rows = Array.from({ length: 2_000 }, (_, i) => `1003579028,DISTRIBUIDORA ANDINA,ISO-${i},${i + 1},${today()},100.00,`);
  const before = eng.importWorkers.completed;
  const csv = Buffer.from([header, ...rows].join('\r\n'));
  // The row ends once the purchase queue has packed every imported purchase (reading, building,
  // XSD and marking them SENT): that work is this row's, not the next rows'. Tenant B has no SIAT
  // registration in training, so its packages then wait for SIAT in back-off.
  const tenantB = eng.store.tenants.byNit(nitB)!.id;
  const res = await whileTillSells(
    t,
    async () => {
      const answer = await postFromThread('/api/v1/purchases/import', keyB, 'text/csv', csv);
      await waitFor('tenant B’s imported purchases packed', () => eng.store.purchases.countByState(tenantB).READY === 0 || null, 300_000, 100);
      return answer;
    },
  );
  const body = res.json();
  assert.equal(res.status, 200, JSON.stringify(body).slice(0, 500));
  assert.equal(body.data.created, 2_000);
  assert.equal(body.data.refused, 0);
  assert.equal(eng.importWorkers.completed, before + 1, 'the file was read and checked on the import worker, not on the engine thread');
});

test('an XLSX with one cell at row 4,000,000 is refused naming the row, on the import worker; nothing is imported', async (t) => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Compras').getCell('A4000000').value = 'x';
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  const count = () => eng.store.purchases.list(eng.store.tenants.byNit(nitB)!.id, {}, 0, 1).total;
  const stored = count();
  const before = eng.importWorkers.completed;
  const res = await whileTillSells(t, () => postFromThread('/api/v1/purchases/import', keyB, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx));
  const body = res.json();
  assert.equal(res.status, 422, JSON.stringify(body));
  assert.match(body.detail, /fila 4\.000\.000/);
  assert.equal(eng.importWorkers.completed, before + 1);
  assert.equal(count(), stored);
});

test('a PKCS#12 of 100,000 PBKDF2 rounds with a wrong password is refused as such, opened on the certificate worker; one of 8 million rounds is refused before any', async (t) => {
  const cert = generateTrainingCertificate({ nit: nitB, razonSocial: 'MAYORISTA B S.R.L.', now: new Date() });
  writeFileSync(join(tmp.dir, 'key.pem'), cert.keyPem);
  writeFileSync(join(tmp.dir, 'cert.pem'), cert.certPem);
  const made = spawnSync('openssl', ['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'c.p12', '-passout', 'pass:buena', '-iter', '100000'], { cwd: tmp.dir });
  assert.equal(made.status, 0, String(made.stderr));
  const p12Base64 = readFileSync(join(tmp.dir, 'c.p12')).toString('base64');
  const before = eng.certificateWorkers.completed;
  const res = await whileTillSells(t, () => postFromThread('/api/v1/settings/certificate', keyB, 'application/json', JSON.stringify({ p12Base64, password: 'mala' })));
  const body = res.json();
  assert.equal(res.status, 422, JSON.stringify(body));
  assert.equal(body.error.code, 'CERTIFICATE_WRONG_PASSWORD', JSON.stringify(body));
  assert.equal(eng.certificateWorkers.completed, before + 1);
  // The table's row itself: millions of rounds. The file's counts (INTEGER 100,000 in its DER) are
  // rewritten to 8,388,607 (the same length): refused from the DER before any derivation.
  const der = Buffer.from(p12Base64, 'base64');
  const count = Buffer.from([0x02, 0x03, 0x01, 0x86, 0xa0]);
  let patched = 0;
  for (let at = der.indexOf(count); at >= 0; at = der.indexOf(count, at + 1), patched++) der.set([0x7f, 0xff, 0xff], at + 2);
  assert.ok(patched >= 2, `the MAC's and the key's iteration counts (${patched})`);
  const costlyBody = JSON.stringify({ p12Base64: der.toString('base64'), password: 'mala' });
  const costly = await whileTillSells(t, () => postFromThread('/api/v1/settings/certificate', keyB, 'application/json', costlyBody));
  const refused = costly.json();
  assert.equal(costly.status, 422, JSON.stringify(refused));
  assert.equal(refused.error.code, 'CERTIFICATE_TOO_COSTLY', JSON.stringify(refused));
});

test('a massive batch of 500-line invoices from the till’s own tenant is issued, every invoice validated, its steps sealed on the batch worker and its package packed on the pack worker', async (t) => {
  // Tenant B's imported purchases were packed (on the same pack worker) within the CSV row: the
  // count below is the batch's alone.
  const packed = eng.packWorkers.completed;
  const sealedSteps = eng.batchSealers.completed;
  const items = Array.from({ length: 4 }, (_, i) => {
    const base = educationItem(i);
    const line = base.details[0]!;
    return { ...base, details: Array.from({ length: 500 }, (_, k) => ({ ...line, codeProduct: `P${k}`, description: `Concepto ${k}`, priceUnit: 10 + (k % 5) })) };
  });
  const batchBody = JSON.stringify({ posId: posA, items });
  const counts = await whileTillSells(t, async () => {
    const res = await postFromThread('/api/v1/invoices/batch', eng.ownerKey!, 'application/json', batchBody);
    const body = res.json();
    assert.equal(res.status, 202, JSON.stringify(body));
    return waitFor(
      'the batch to end',
      async () => {
        const v = (await (await eng.api(`/api/v1/invoices/batch/${body.data.batchId}`)).json()) as { data: { state: string; counts: Record<string, number> } };
        return ['COMPLETED', 'FAILED'].includes(v.data.state) ? { state: v.data.state, counts: v.data.counts } : null;
      },
      600_000,
      250,
    );
  });
  assert.deepEqual(counts, { state: 'COMPLETED', counts: { VALIDATED: 4 } });
  assert.equal(eng.packWorkers.completed - packed, 1, 'the one package was gzipped and hashed on the pack worker');
  // 4 × 500 lines in steps of at most 1,000 lines: two steps, each built, signed and checked on
  // the batch worker (the till sells compra-venta, so no sale takes an education number meanwhile).
  assert.equal(eng.batchSealers.completed - sealedSteps, 2, 'both issuing steps were sealed on the batch worker, none on the engine thread');
});

test('public ZIP downloads of a 500-line invoice, 8 at a time, all answer the same file, rendered once on the render workers', async (t) => {
  const big = await issueInvoice(eng, { details: Array.from({ length: 500 }, (_, k) => ({ activityEconomic: '471110', codeProductSin: '99100', codeProduct: `P${k}`, description: `Producto ${k}`, quantity: 1, unitMeasure: 57, priceUnit: 2.5 })) });
  const renders = { ...eng.documents.renders };
  const rendered = eng.renderWorkers.completed;
  // Two rounds of 8 at once, downloaded from a thread of their own (the client's copies are not the engine's).
  const download = { url: `${eng.url}/api/v1/public/invoice/${big.cuf}/zip` };
  const answers = await whileTillSells(t, () => requestsFromThread([Array(8).fill(download), Array(8).fill(download)]));
  assert.deepEqual(
    answers.map((a) => [a.status, a.headers['content-type']]),
    answers.map(() => [200, 'application/zip']),
  );
  assert.ok(answers.every((a) => a.bytes > 0 && a.bytes === answers[0]!.bytes));
  assert.equal(new Set(answers.map((a) => a.headers.etag)).size, 1, 'one stored ZIP for every download');
  assert.deepEqual({ pdf: eng.documents.renders.pdf - renders.pdf, ticket: eng.documents.renders.ticket - renders.ticket }, { pdf: 1, ticket: 1 });
  assert.equal(eng.renderWorkers.completed - rendered, 2, 'the PDF and the ticket were rendered on the render workers');
});

test('a massive batch of 10,000 items is received while the till sells, its body read and its items checked on the intake worker: no sale waits on it', async (t) => {
  // The batch's issuing is held at the heavy-work gate until the 202, so what runs beside the
  // till is the intake alone (a till stopped by the intake, as when the body was parsed on the
  // engine's thread, waited 708 ms of it: decision 0078).
  const tenantA = eng.store.tenants.list().find((t) => t.training)!.id;
  const release = await eng.heavyWork.acquire(tenantA, 'batch');
  const intakes = eng.batchIntakes.completed;
  // Made beforehand and sent from a thread of its own: encoding 4 MB and parsing the 202's 10,000
  // verdicts are the test client's work, not the engine's.
  const body = Buffer.from(JSON.stringify({ posId: posA, items: Array.from({ length: 10_000 }, (_, i) => educationItem(i)) }));
  const samples: SaleSample[] = [];
  try {
    const res = await whileTillSells(t, () => postFromThread('/api/v1/invoices/batch', eng.ownerKey!, 'application/json', body), { samples });
    const answer = { status: res.status, json: res.json() };
    assert.equal(answer.status, 202, JSON.stringify(answer.json).slice(0, 500));
    assert.deepEqual({ items: answer.json.data.items, accepted: answer.json.data.accepted, refused: answer.json.data.refused, verdicts: answer.json.data.verdicts.length }, { items: 10_000, accepted: 10_000, refused: 0, verdicts: 10_000 });
    assert.equal(eng.store.batches.items(answer.json.data.batchId).length, 10_000, 'every item stored');
  } finally {
    release();
  }
  assert.equal(eng.batchIntakes.completed - intakes, 1, 'the body was parsed and its items checked on the intake worker');
  assert.ok(samples.length >= 2, `the till sold while the batch was received (${samples.length} sales)`);
});
