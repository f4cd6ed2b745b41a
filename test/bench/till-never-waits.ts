// Issue #13, Benchmark: the till never waits for SIAT. With the simulator answering every
// recepcionFactura after 0, 800 and 2,500 ms: the sale's latency over HTTP (POST answered once
// stored, PENDING; target p99 < 50 ms in all three), the ticket ready after it (GET the 80 mm
// ticket PDF, as the till does after F12), and the time until VALIDATED is known (target: SIAT's
// latency + < 50 ms). Then a burst of 200 sales while SIAT takes 800 ms per call (target: all
// VALIDATED within 10 s). Figures as ranges over three rounds.
import { performance } from 'node:perf_hooks';
import { startTestEngine } from '../fixtures/engine';
import { summarize, fmt } from './_stats';

const eng = await startTestEngine({ KIPU_RATE_LIMIT: '1000000' }, undefined, { scheduler: false });
const admin = async (path: string, body: unknown = {}) => {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
};
const range = (xs: number[]) => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

try {
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } });
  let n = 0;
  const body = () => ({
    invoiceType: 'ELECTRONIC_SALE',
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: String(5_000_000 + n++),
    clientBusinessName: 'Cliente',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    details: Array.from({ length: 5 }, (_, i) => ({ activityEconomic: '471110', codeProductSin: '99100', codeProduct: `P-${i}`, description: `Producto ${i}`, quantity: 1 + i, unitMeasure: 57, priceUnit: 3.5 + i })),
  });
  // When SIAT's verdict is known, per invoice id.
  const settled = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  eng.bus.subscribe((e) => {
    if (e.type !== 'invoice.validated' && e.type !== 'invoice.rejected') return;
    const id = (e.data as { id: string }).id;
    settled.set(id, performance.now());
    waiters.get(id)?.();
  });
  const verdict = (id: string) => (settled.has(id) ? Promise.resolve() : new Promise<void>((r) => waiters.set(id, r)));
  const sell = async () => {
    const t0 = performance.now();
    const res = await eng.api('/api/v1/invoices', { method: 'POST', json: body() });
    const inv = ((await res.json()) as { data: { id: string; cuf: string; state: string } }).data;
    if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
    const answered = performance.now();
    const ticket = await eng.api(`/api/v1/public/invoice/${inv.cuf}/ticket`);
    await ticket.arrayBuffer();
    return { id: inv.id, t0, sale: answered - t0, ticket: performance.now() - t0 };
  };
  for (let i = 0; i < 30; i++) await verdict((await sell()).id); // warm-up

  for (const latency of [0, 800, 2500]) {
    await admin('/faults', latency ? { mode: 'latency', latencyMs: latency, operations: ['recepcionFactura'] } : { mode: 'none' });
    const p99Sale: number[] = [];
    const p99Ticket: number[] = [];
    const p99Verdict: number[] = [];
    for (let round = 0; round < 3; round++) {
      const sales: number[] = [];
      const tickets: number[] = [];
      const verdicts: number[] = [];
      const pending: Promise<void>[] = [];
      for (let i = 0; i < 40; i++) {
        const s = await sell();
        sales.push(s.sale);
        tickets.push(s.ticket);
        pending.push(verdict(s.id).then(() => void verdicts.push(settled.get(s.id)! - s.t0 - latency)));
        // Customers one after another (a busy till is far slower: ~1 sale every 20 s).
        await new Promise((r) => setTimeout(r, 150));
      }
      await Promise.all(pending);
      p99Sale.push(summarize(sales).p99);
      p99Ticket.push(summarize(tickets).p99);
      p99Verdict.push(summarize(verdicts).p99);
    }
    console.log(
      `SIAT ${String(latency).padStart(4)} ms: venta (HTTP, PENDING) p99 ${range(p99Sale)} [meta < 50 ms]; ticket listo p99 ${range(p99Ticket)}; VALIDATED a SIAT + ${range(p99Verdict)} p99 [meta < 50 ms]`,
    );
  }

  await admin('/faults', { mode: 'latency', latencyMs: 800, operations: ['recepcionFactura'] });
  const bursts: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const sold = await Promise.all(Array.from({ length: 200 }, () => sell()));
    await Promise.all(sold.map((s) => verdict(s.id)));
    bursts.push(performance.now() - t0);
  }
  console.log(`Ráfaga de 200 ventas con SIAT a 800 ms por llamada: todas VALIDATED en ${range(bursts)} [meta < 10 s]`);
} finally {
  await eng.stop();
}
