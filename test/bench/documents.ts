// Render time of the printed documents for a 10-line invoice (target: p99 < 20 ms each).
// Run: npx tsx test/bench/documents.ts
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '../../main/documents/invoice-pdf';
import { renderTicketPdf } from '../../main/documents/ticket-pdf';
import { buildEscposTicket } from '../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS } from '../../main/printing/settings';
import { sampleInvoice } from '../unit/documents/sample-invoice';
import { makePng } from '../fixtures/issued-invoice';

const WARMUP = 30;
const RUNS = 300;
const TARGET_MS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function bench(name: string, fn: () => Promise<unknown> | unknown): Promise<boolean> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p99 = percentile(times, 99);
  const ok = p99 < TARGET_MS;
  console.log(`${name.padEnd(28)} p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${p99.toFixed(2).padStart(6)} ms   ${ok ? 'ok' : `OVER ${TARGET_MS} ms`}`);
  return ok;
}

async function main(): Promise<void> {
  const model = sampleInvoice(10);
  const logoPng = makePng(400, 400);
  console.log(`10-line invoice, ${RUNS} runs after ${WARMUP} warm-up, node ${process.version}`);
  const results = [
    await bench('A4 PDF (renderInvoicePdf)', () => renderInvoicePdf(model)),
    // The uploaded logo is decoded and embedded on every render (downloads are rendered on demand).
    await bench('A4 PDF + 400×400 logo', () => renderInvoicePdf(model, { logoPng })),
    await bench('ticket PDF (renderTicketPdf)', () => renderTicketPdf(model)),
    await bench('ESC/POS (buildEscposTicket)', () => buildEscposTicket(model, DEFAULT_PRINTER_SETTINGS)),
  ];
  if (results.some((ok) => !ok)) process.exitCode = 1;
}

void main();
