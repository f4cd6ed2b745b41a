// Libro de Ventas for a month of 100 000 invoices (issue 14): streamed as XLSX and as CSV from a
// real SQLite file. Target: each under 10 s with flat memory; the peak RSS while writing is
// reported next to the RSS before writing (the 100 000 rows are never held at once).
// Run: npm run bench -- books   (or npx tsx test/bench/books.ts)
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { openStore, sqliteConnection } from '../../main/store/store';
import { MonthlyBooks } from '../../main/books/monthly-books';
import { tempDir } from '../fixtures/tmp';

const INVOICES = Number(process.env.BOOKS_BENCH_INVOICES ?? 100_000);
const TARGET_MS = 10_000;

const tmp = tempDir('kipu-bench-books-');
const store = openStore(tmp.dir);
const tenant = store.tenants.create({ nit: '1020304050', razonSocial: 'BENCH S.A.' });
const pos = store.pointsOfSale.defaultFor(tenant.id)!;
const db = sqliteConnection(store);
const insert = db.prepare(
  `INSERT INTO invoices (id, tenant_id, pos_id, branch_code, pos_code, invoice_type, sector, modalidad, tipo_factura, codigo_emision, number, cuf, cufd,
     fecha_emision, client_doc_type, client_doc_number, client_name, client_code, payment_method, currency, exchange_rate, subtotal, additional_discount,
     gift_card, total, total_subject_iva, total_currency, literal, leyenda, usuario, details, xml, hash, state, created_at, updated_at)
   VALUES (?, ?, ?, 0, 0, 'COMPUTERIZED_SALE', 1, 2, 1, 1, ?, ?, 'CUFD', ?, 1, ?, ?, 'C', 1, 1, 100, ?, 0, 0, ?, ?, ?, 'x', 'x', 'u', '[]', '<x/>', 'h', ?, 't', 't')`,
);
db.transaction(() => {
  for (let i = 1; i <= INVOICES; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const cents = 1000 + (i % 9000);
    insert.run(`inv-${i}`, tenant.id, pos.id, i, `CUF${i.toString(16).toUpperCase().padStart(50, '0')}`, `2025-03-${day}T10:00:00.${String(i % 1000).padStart(3, '0')}`, String(1000000 + i), `Cliente ${i}`, cents, cents, cents, cents, i % 50 === 0 ? 'CANCELLED' : 'VALIDATED');
  }
})();
const books = new MonthlyBooks(store.books, store.purchases);

/** A sink that counts bytes and applies back-pressure like a socket (16 KiB high-water mark). */
function sink(): Writable & { bytes: number } {
  const w = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, cb) {
      w.bytes += chunk.length;
      setImmediate(cb);
    },
  }) as Writable & { bytes: number };
  w.bytes = 0;
  return w;
}

async function run(format: 'csv' | 'xlsx'): Promise<boolean> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const out = sink();
  const t0 = performance.now();
  await books.write(out, 'ventas', format, tenant.id, 2025, 3);
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  const ok = ms < TARGET_MS;
  console.log(
    `Libro de Ventas ${format.toUpperCase()}, ${INVOICES.toLocaleString('en')} invoices: ${(ms / 1000).toFixed(2)} s, ${mb(out.bytes)} MB written; ` +
      `RSS before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)} MB)  ${ok ? 'OK' : `FAIL (target < ${TARGET_MS / 1000} s)`}`,
  );
  return ok;
}

const results = [await run('csv'), await run('xlsx')];
store.close();
tmp.cleanup();
process.exit(results.every(Boolean) ? 0 : 1);
