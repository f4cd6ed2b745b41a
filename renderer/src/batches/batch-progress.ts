// What the Lotes screen shows of a batch, as plain functions: its progress out of the counts per
// state the engine sends (QUEUED = accepted, not issued yet; PENDING/CONTINGENCY = issued, SIAT's
// verdict still to come; VALIDATED/REJECTED/CANCELLED = settled; REFUSED = Kipu's own check).
import type { FieldProblem } from '../../../shared/api-types';
import { invoiceStateLabel } from '../format/labels';

export type BatchState = 'ISSUING' | 'SENDING' | 'VALIDATING' | 'COMPLETED';

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  ISSUING: 'Emitiendo',
  SENDING: 'Enviando a SIAT',
  VALIDATING: 'Esperando a SIAT',
  COMPLETED: 'Completado',
};

export function batchStateLabel(s: string): string {
  return (BATCH_STATE_LABELS as Record<string, string>)[s] ?? s;
}

/** An item's state: an invoice state, or QUEUED / REFUSED, which only batches have. */
export function itemStateLabel(s: string): string {
  if (s === 'QUEUED') return 'En cola';
  if (s === 'REFUSED') return 'Rechazado por Kipu';
  return invoiceStateLabel(s);
}

/** The counts the screen shows, in this order. */
export const SHOWN_COUNTS = ['VALIDATED', 'REJECTED', 'REFUSED', 'QUEUED'] as const;

export interface BatchProgress {
  /** Items with a final answer: validated, rejected or cancelled by SIAT, or refused by Kipu. */
  settled: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
}

const SETTLED = ['VALIDATED', 'REJECTED', 'CANCELLED', 'REFUSED'];

export function batchProgress(counts: Record<string, number>, total: number): BatchProgress {
  const settled = SETTLED.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const percent = total > 0 ? Math.floor((Math.min(settled, total) * 100) / total) : 100;
  return { settled, total, percent };
}

/** A batch still moves while it is not COMPLETED: the screen keeps refreshing it. */
export function isActive(b: { state: string }): boolean {
  return b.state !== 'COMPLETED';
}

/** One problem of a refused item as the engine named it ("items[1].nameStudent: es obligatorio"). */
export function problemText(p: FieldProblem): string {
  return p.field ? `${p.field}: ${p.message}` : p.message;
}
