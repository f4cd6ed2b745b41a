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
  /** Every run of the tenant, newest first (go-live reads the pilot tokens' fingerprints from their options). */
  runs(tenantId: string): CertificationRun[] {
    return (prepared(this.db, 'SELECT * FROM certification_runs WHERE tenant_id = ? ORDER BY started_at DESC, rowid DESC').all(tenantId) as RunRow[]).map(toRun);
  }

  /** The tenant's newest run, finished or not (the manager's "Autorización SIN" screen), else null. */
  latestRun(tenantId: string): CertificationRun | null {
    const r = prepared(this.db, 'SELECT * FROM certification_runs WHERE tenant_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1').get(tenantId) as RunRow | undefined;
    return r ? toRun(r) : null;
  }

  /** Successful and failed steps of a run per stage and point of sale. */
  counts(runId: string): { stage: string; posCode: number; done: number; failed: number }[] {
    return prepared(this.db, 'SELECT stage, pos_code posCode, SUM(ok) done, SUM(1 - ok) failed FROM certification_steps WHERE run_id = ? GROUP BY stage, pos_code').all(runId) as {
      stage: string;
      posCode: number;
      done: number;
      failed: number;
    }[];
  }

  /** Phase III: what the tenant issued on the pilot outside certify's runs (read only). */
  pilotActivity(tenantId: string): PilotActivity {
    const own = `tenant_id = ? AND (idempotency_key IS NULL OR idempotency_key NOT LIKE 'certify:%')`;
    return {
      validadas: prepared(this.db, `SELECT sector, COUNT(*) n FROM invoices WHERE ${own} AND state = 'VALIDATED' GROUP BY sector ORDER BY sector`).all(tenantId) as { sector: number; n: number }[],
      anuladas: (prepared(this.db, `SELECT COUNT(*) n FROM invoices WHERE ${own} AND state = 'CANCELLED'`).get(tenantId) as { n: number }).n,
      eventosCerrados: (prepared(this.db, `SELECT COUNT(*) n FROM contingency_events WHERE tenant_id = ? AND state = 'CLOSED' AND descripcion NOT LIKE '%certify %'`).get(tenantId) as { n: number }).n,
    };
  }

  /**
   * What the inspection self-check reads from the tenant's invoices and events (main/certify/
   * self-check): issued documents that break a checklist item, at most `limit` of each, newest
   * first. Read only.
   */
  inspectionFindings(tenantId: string, limit = 5): InspectionFindings {
    const rows = (where: string) =>
      prepared(this.db, `SELECT number, cuf, fecha_emision fecha, client_doc_number doc, total, payment_method pago, card_number tarjeta FROM invoices WHERE tenant_id = ? AND state <> 'REJECTED' AND ${where} ORDER BY created_at DESC LIMIT ?`).all(
        tenantId,
        limit,
      ) as FoundInvoice[];
    return {
      // Nominativity: no document ("0", "S/N", blank), or a special code (99001–99003) without the exception.
      sinDocumento: rows(`(TRIM(client_doc_number) IN ('0', '', 'S/N', 'SN') OR CAST(client_doc_number AS INTEGER) = 0)`),
      especialSinExcepcion: rows(`client_doc_number IN ('99001', '99002', '99003') AND (exception_code IS NULL OR exception_code <> 1)`),
      // Amount 0 without a gift card covering it (sector 1's own rule: gift_card is what paid it).
      montoCeroSinGift: rows('total = 0 AND gift_card = 0'),
      // A card number stored or sent unmasked: 16 digits whose middle is not the zeros.
      tarjetaSinEnmascarar: rows(`card_number IS NOT NULL AND card_number <> '' AND (LENGTH(card_number) <> 16 OR SUBSTR(card_number, 5, 8) <> '00000000')`),
      sinLeyenda: rows(`(leyenda IS NULL OR TRIM(leyenda) = '')`),
      leyendasRecientes: (
        prepared(this.db, `SELECT DISTINCT leyenda FROM (SELECT leyenda FROM invoices WHERE tenant_id = ? ORDER BY created_at DESC LIMIT 50)`).all(tenantId) as { leyenda: string }[]
      ).map((r) => r.leyenda),
      facturasRecientes: (prepared(this.db, `SELECT COUNT(*) n FROM (SELECT 1 FROM invoices WHERE tenant_id = ? ORDER BY created_at DESC LIMIT 50)`).get(tenantId) as { n: number }).n,
      // Events and their packages not sent yet: the 48 h (offline) and 72 h (CAFC) terms run from the end.
      eventosPendientes: prepared(
        this.db,
        `SELECT e.id, e.codigo_motivo motivo, e.descripcion, e.fecha_fin fin, e.cafc, e.manual, (SELECT COUNT(*) FROM invoices i WHERE i.event_id = e.id AND i.state = 'CONTINGENCY') porEnviar
         FROM contingency_events e WHERE e.tenant_id = ? AND e.state <> 'CLOSED' AND e.fecha_fin IS NOT NULL ORDER BY e.fecha_fin`,
      ).all(tenantId) as PendingEvent[],
      ultimoEventoAutomatico: (
        prepared(this.db, `SELECT fecha_inicio inicio, fecha_fin fin, codigo_motivo motivo FROM contingency_events WHERE tenant_id = ? AND manual = 0 AND cafc IS NULL ORDER BY created_at DESC LIMIT 1`).get(tenantId) as
          | { inicio: string; fin: string | null; motivo: number }
          | undefined
      ) ?? null,
    };
  }
}

/** What a client taxpayer did on the pilot itself (Phase III), certify's own documents left out. */
export interface PilotActivity {
  /** Documents SIAT validated, per document sector. */
  validadas: { sector: number; n: number }[];
  anuladas: number;
  /** Offline or manual (CAFC) events closed: registered and their packages sent. */
  eventosCerrados: number;
}

export interface FoundInvoice {
  number: number;
  cuf: string;
  fecha: string;
  doc: string;
  total: number;
  pago: number;
  tarjeta: string | null;
}

export interface PendingEvent {
  id: string;
  motivo: number;
  descripcion: string;
  /** Bolivia time, 'yyyy-MM-ddTHH:mm:ss.SSS'. */
  fin: string;
  cafc: string | null;
  manual: number;
  porEnviar: number;
}

export interface InspectionFindings {
  sinDocumento: FoundInvoice[];
  especialSinExcepcion: FoundInvoice[];
  montoCeroSinGift: FoundInvoice[];
  tarjetaSinEnmascarar: FoundInvoice[];
  sinLeyenda: FoundInvoice[];
  leyendasRecientes: string[];
  facturasRecientes: number;
  eventosPendientes: PendingEvent[];
  ultimoEventoAutomatico: { inicio: string; fin: string | null; motivo: number } | null;
}
