// The till (issue "The till", Benchmark): product search over 50,000 products at the API
// (target p99 < 20 ms), and the time from the issue key to the ticket being ready in training
// mode (POST /api/v1/invoices → GET the 80 mm ticket PDF, as the UI does after F12).
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startTestEngine } from '../fixtures/engine';
import { summarize, fmt } from './_stats';
import { sqliteConnection } from '../../main/store/store';

const WORDS = ['Arroz', 'Azúcar', 'Aceite', 'Fideo', 'Leche', 'Yogur', 'Queso', 'Pan', 'Galleta', 'Café', 'Té', 'Jabón', 'Detergente', 'Papel', 'Agua', 'Gaseosa', 'Cerveza', 'Vino', 'Harina', 'Sal'];
const SIZES = ['250 g', '500 g', '1 kg', '2 kg', '900 ml', '1 L', '2 L', '3 L', 'x6', 'x12'];

const eng = await startTestEngine({ KIPU_RATE_LIMIT: '1000000' }, undefined, { scheduler: false });
try {
  const tenant = eng.store.tenants.byNit('7000123019')!;
  const n = 50_000;
  const now = new Date().toISOString();
  const ins = sqliteConnection(eng.store).prepare(
    `INSERT INTO products (id, tenant_id, code, barcode, description, price_cents, unit_measure, activity_economic, code_product_sin, active, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 57, '471110', '99100', 1, ?, ?)`,
  );
  sqliteConnection(eng.store).transaction(() => {
    for (let i = 0; i < n; i++) {
      const desc = `${WORDS[i % WORDS.length]} ${['Doña Juana', 'La Paz', 'Illimani', 'Andina', 'Pil', 'Del Valle'][i % 6]} ${SIZES[i % SIZES.length]} #${i}`;
      ins.run(randomUUID(), tenant.id, `P${String(i).padStart(6, '0')}`, `775${String(i).padStart(10, '0')}`, desc, 100 + (i % 5000), now, now);
    }
  })();
  const terms = ['arroz', 'Illimani', 'P0123', 'P04', '7750000012345', 'café andina', 'Leche', 'x12', 'Sal', 'detergente'];
  const search: number[] = [];
  const lookup: number[] = [];
  for (let i = 0; i < 400; i++) {
    const q = encodeURIComponent(terms[i % terms.length]!);
    let s = performance.now();
    const r = await eng.api(`/api/v1/products?q=${q}&size=20`);
    await r.arrayBuffer();
    search.push(performance.now() - s);
    s = performance.now();
    const l = await eng.api(`/api/v1/products/lookup?code=775${String((i * 97) % n).padStart(10, '0')}`);
    await l.arrayBuffer();
    lookup.push(performance.now() - s);
  }
  const a = summarize(search.slice(20));
  const b = summarize(lookup.slice(20));
  console.log(`búsqueda de productos (50.000), GET /products?q=: p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)}  [meta: p99 < 20 ms]`);
  console.log(`lector de códigos, GET /products/lookup?code=:   p50 ${fmt(b.p50)}, p99 ${fmt(b.p99)}`);

  // Issue key → ticket ready, training mode (embedded simulator, online).
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } });
  const ticket: number[] = [];
  for (let i = 0; i < 60; i++) {
    const s = performance.now();
    const res = await eng.api('/api/v1/invoices', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      json: {
        invoiceType: 'COMPUTERIZED_SALE', posId, clientDocumentType: 1, clientDocumentNumber: '0', clientBusinessName: 'S/N', clientCode: '0', paymentMethodCode: 1,
        details: [
          { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P000001', description: 'Arroz Doña Juana 1 kg', quantity: 2, unitMeasure: 57, priceUnit: 9.5 },
          { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P000002', description: 'Aceite La Paz 900 ml', quantity: 1, unitMeasure: 57, priceUnit: 18 },
        ],
      },
    });
    const inv = ((await res.json()) as { data: { ticketUrl: string; state: string } }).data;
    if (inv.state !== 'VALIDATED') throw new Error(`estado inesperado ${inv.state}`);
    const pdf = await fetch(inv.ticketUrl);
    await pdf.arrayBuffer();
    ticket.push(performance.now() - s);
  }
  const c = summarize(ticket.slice(5));
  console.log(`tecla emitir → ticket listo (entrenamiento, en línea con el simulador): p50 ${fmt(c.p50)}, p99 ${fmt(c.p99)}`);
} finally {
  await eng.stop();
}
