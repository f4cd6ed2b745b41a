// Runs of `npm run admin -- certify` (issue 29, migration 0027) and every step they finished.
// A step's row is the only proof it was done: the runner resumes at the next seq after the last
// row of a stage and point of sale.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';

export interface CertificationRun {
  id: string;
  tenantId: string;
  startedAt: string;
  scale: number;
  options: Record<string, unknown>;
  finishedAt: string | null;
  stoppedAt: string | null;
  stoppedReason: string | null;
}

export interface CertificationStep {
  stage: string;
  posCode: number;
  seq: number;
  ok: boolean;
  siatCode: number | null;
  siatText: string | null;
  ref: string | null;
  invoiceId: string | null;
  at: string;
}

interface RunRow {
  id: string;
  tenant_id: string;
  started_at: string;
  scale: number;
  options_json: string;
  finished_at: string | null;
  stopped_at: string | null;
  stopped_reason: string | null;
}

const toRun = (r: RunRow): CertificationRun => ({
  id: r.id,
  tenantId: r.tenant_id,
  startedAt: r.started_at,
  scale: r.scale,
  options: JSON.parse(r.options_json) as Record<string, unknown>,
  finishedAt: r.finished_at,
  stoppedAt: r.stopped_at,
  stoppedReason: r.stopped_reason,
});

export class CertificationRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** The tenant's latest run not yet finished (the one `certify` resumes), else null. */
  openRun(tenantId: string): CertificationRun | null {
    const r = prepared(this.db, 'SELECT * FROM certification_runs WHERE tenant_id = ? AND finished_at IS NULL ORDER BY started_at DESC, rowid DESC LIMIT 1').get(tenantId) as RunRow | undefined;
    return r ? toRun(r) : null;
  }

  byId(id: string): CertificationRun | null {
    const r = prepared(this.db, 'SELECT * FROM certification_runs WHERE id = ?').get(id) as RunRow | undefined;
    return r ? toRun(r) : null;
  }

  start(tenantId: string, scale: number, options: Record<string, unknown>): CertificationRun {
    const id = randomUUID();
    prepared(this.db, 'INSERT INTO certification_runs (id, tenant_id, started_at, scale, options_json) VALUES (?, ?, ?, ?, ?)').run(
      id,
      tenantId,
      this.now().toISOString(),
      scale,
      JSON.stringify(options),
    );
    return this.byId(id)!;
  }

  /** A systemic error stopped the run (it stays open: the next `certify` resumes it). */
  stop(id: string, reason: string): void {
    prepared(this.db, 'UPDATE certification_runs SET stopped_at = ?, stopped_reason = ? WHERE id = ?').run(this.now().toISOString(), reason, id);
  }

  finish(id: string): void {
    prepared(this.db, 'UPDATE certification_runs SET finished_at = ?, stopped_at = NULL, stopped_reason = NULL WHERE id = ?').run(this.now().toISOString(), id);
  }

  record(runId: string, step: Omit<CertificationStep, 'at'>): CertificationStep {
    const at = this.now().toISOString();
    prepared(this.db, 'INSERT INTO certification_steps (run_id, stage, pos_code, seq, ok, siat_code, siat_text, ref, invoice_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      runId,
      step.stage,
      step.posCode,
      step.seq,
      step.ok ? 1 : 0,
      step.siatCode,
      step.siatText,
      step.ref,
      step.invoiceId,
      at,
    );
    return { ...step, at };
  }

  steps(runId: string, stage: string, posCode: number): CertificationStep[] {
    const rows = prepared(this.db, 'SELECT * FROM certification_steps WHERE run_id = ? AND stage = ? AND pos_code = ? ORDER BY seq').all(runId, stage, posCode) as {
      stage: string;
      pos_code: number;
      seq: number;
      ok: number;
      siat_code: number | null;
      siat_text: string | null;
      ref: string | null;
      invoice_id: string | null;
      at: string;
    }[];
    return rows.map((r) => ({ stage: r.stage, posCode: r.pos_code, seq: r.seq, ok: r.ok === 1, siatCode: r.siat_code, siatText: r.siat_text, ref: r.ref, invoiceId: r.invoice_id, at: r.at }));
  }
}
