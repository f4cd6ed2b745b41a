// Contingency events, their packages and the recovery's reads of the event's invoices, scoped by tenant.
import type { Db } from './db';
import { prepared } from './statements';

export type EventState = 'ACTIVE' | 'RECOVERING' | 'CLOSED';

export interface ContingencyEvent {
  id: string;
  tenantId: string;
  posId: string;
  codigoMotivo: number;
  descripcion: string;
  manual: boolean;
  fechaInicio: string;
  fechaFin: string | null;
  cufdEvento: string;
  /** Events 5–7: the CAFC of the booklet whose manual invoices the event carries (CONTRACT §5.3). */
  cafc: string | null;
  cufdRegistro: string | null;
  codigoEventoSiat: number | null;
  state: EventState;
  step: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export type PackageState = 'BUILT' | 'SENT' | 'VALIDATED' | 'OBSERVED' | 'REJECTED';

export interface ContingencyPackage {
  id: string;
  eventId: string;
  seq: number;
  cufdEvento: string;
  invoiceIds: string[];
  invoiceCount: number;
  archive: Buffer;
  hash: string;
  state: PackageState;
  codigoRecepcion: string | null;
  siatCode: number | null;
  siatMessages: unknown[];
}

export interface UnpackagedInvoice {
  id: string;
  number: number;
  cufd: string;
  sector: number;
  modalidad: number;
  tipoFactura: number;
  xml: string;
}

export interface PackageKind {
  sector: number;
  modalidad: number;
  tipoFactura: number;
}

type Row = Record<string, unknown>;

const toEvent = (r: Row): ContingencyEvent => ({
  id: r.id as string,
  tenantId: r.tenant_id as string,
  posId: r.pos_id as string,
  codigoMotivo: r.codigo_motivo as number,
  descripcion: r.descripcion as string,
  manual: r.manual === 1,
  fechaInicio: r.fecha_inicio as string,
  fechaFin: (r.fecha_fin as string | null) ?? null,
  cufdEvento: r.cufd_evento as string,
  cafc: (r.cafc as string | null) ?? null,
  cufdRegistro: (r.cufd_registro as string | null) ?? null,
  codigoEventoSiat: (r.codigo_evento_siat as number | null) ?? null,
  state: r.state as EventState,
  step: (r.step as string | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  createdAt: r.created_at as string,
  updatedAt: r.updated_at as string,
});

const toPackage = (r: Row): ContingencyPackage => ({
  id: r.id as string,
  eventId: r.event_id as string,
  seq: r.seq as number,
  cufdEvento: r.cufd_evento as string,
  invoiceIds: JSON.parse(r.invoice_ids as string) as string[],
  invoiceCount: r.invoice_count as number,
  archive: r.archive as Buffer,
  hash: r.hash as string,
  state: r.state as PackageState,
  codigoRecepcion: (r.codigo_recepcion as string | null) ?? null,
  siatCode: (r.siat_code as number | null) ?? null,
  siatMessages: r.siat_messages ? (JSON.parse(r.siat_messages as string) as unknown[]) : [],
});

export class ContingencyRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * An event of manual CAFC invoices (motives 5–7, CONTRACT §5.3): it happened while the till was
   * off, so it is stored already ended (RECOVERING, step ENDED) with its range and CAFC; the
   * recovery registers it and sends its package like any other.
   */
  openEnded(e: Omit<ContingencyEvent, 'createdAt' | 'updatedAt' | 'state' | 'step' | 'lastError' | 'cufdRegistro' | 'codigoEventoSiat'>): ContingencyEvent {
    const at = this.now().toISOString();
    prepared(
      this.db,
      `INSERT INTO contingency_events (id, tenant_id, pos_id, codigo_motivo, descripcion, manual, fecha_inicio, fecha_fin, cufd_evento, cafc, state, step, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'RECOVERING', 'ENDED', ?, ?)`,
    ).run(e.id, e.tenantId, e.posId, e.codigoMotivo, e.descripcion, e.manual ? 1 : 0, e.fechaInicio, e.fechaFin, e.cufdEvento, e.cafc, at, at);
    return this.byId(e.tenantId, e.id)!;
  }

  /** A tenant's CAFC events (newest first), optionally of one point of sale. */
  cafcEvents(tenantId: string, posId: string | null, limit = 50): ContingencyEvent[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM contingency_events WHERE tenant_id = ? AND cafc IS NOT NULL AND (? IS NULL OR pos_id = ?) ORDER BY created_at DESC LIMIT ?`,
    ).all(tenantId, posId, posId, limit) as Row[];
    return rows.map(toEvent);
  }

  /** Booklet numbers of this CAFC already transcribed for the point of sale and sector. */
  cafcNumbersTaken(tenantId: string, posId: string, sector: number, cafc: string, numbers: number[]): number[] {
    if (numbers.length === 0) return [];
    const rows = prepared(
      this.db,
      `SELECT number FROM invoices WHERE tenant_id = ? AND pos_id = ? AND sector = ? AND cafc = ? AND number IN (SELECT value FROM json_each(?)) ORDER BY number`,
    ).all(tenantId, posId, sector, cafc, JSON.stringify(numbers)) as { number: number }[];
    return rows.map((r) => r.number);
  }

  /** The highest booklet number of this CAFC transcribed for the point of sale, else null (certify numbers on from it). */
  cafcLastNumber(tenantId: string, posId: string, cafc: string): number | null {
    const r = prepared(this.db, 'SELECT MAX(number) n FROM invoices WHERE tenant_id = ? AND pos_id = ? AND cafc = ?').get(tenantId, posId, cafc) as { n: number | null };
    return r.n;
  }

  /** The invoices of an event (CAFC screen), by number. */
  eventInvoices(tenantId: string, eventId: string): { id: string; number: number; fechaEmision: string; total: number; state: string; siatMessages: string | null }[] {
    return prepared(
      this.db,
      `SELECT id, number, fecha_emision fechaEmision, total, state, siat_messages siatMessages FROM invoices WHERE tenant_id = ? AND event_id = ? ORDER BY number`,
    ).all(tenantId, eventId) as { id: string; number: number; fechaEmision: string; total: number; state: string; siatMessages: string | null }[];
  }

  open(e: Omit<ContingencyEvent, 'createdAt' | 'updatedAt' | 'state' | 'step' | 'lastError' | 'fechaFin' | 'cufdRegistro' | 'codigoEventoSiat' | 'cafc'>): ContingencyEvent {
    const at = this.now().toISOString();
    prepared(this.db, 
        `INSERT INTO contingency_events (id, tenant_id, pos_id, codigo_motivo, descripcion, manual, fecha_inicio, cufd_evento, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, ?)`,
      )
      .run(e.id, e.tenantId, e.posId, e.codigoMotivo, e.descripcion, e.manual ? 1 : 0, e.fechaInicio, e.cufdEvento, at, at);
    return this.byId(e.tenantId, e.id)!;
  }

  byId(tenantId: string, id: string): ContingencyEvent | null {
    const r = prepared(this.db, 'SELECT * FROM contingency_events WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? toEvent(r) : null;
  }

  /** The ACTIVE event of a point of sale (sales are issued offline while it lasts). */
  activeFor(tenantId: string, posId: string): ContingencyEvent | null {
    const r = prepared(this.db, `SELECT * FROM contingency_events WHERE tenant_id = ? AND pos_id = ? AND state = 'ACTIVE'`).get(tenantId, posId) as Row | undefined;
    return r ? toEvent(r) : null;
  }

  /** Events not yet closed (ACTIVE or RECOVERING) of a point of sale, oldest first. */
  unclosedFor(tenantId: string, posId: string): ContingencyEvent[] {
    return (
      prepared(this.db, `SELECT * FROM contingency_events WHERE tenant_id = ? AND pos_id = ? AND state <> 'CLOSED' ORDER BY created_at`).all(tenantId, posId) as Row[]
    ).map(toEvent);
  }

  /** How many events of a point of sale, or of every point of sale of a branch, are not CLOSED yet. */
  unclosedCount(scope: { tenantId: string } & ({ posId: string } | { branchId: number })): number {
    const r =
      'posId' in scope
        ? prepared(this.db, `SELECT COUNT(*) n FROM contingency_events WHERE tenant_id = ? AND pos_id = ? AND state <> 'CLOSED'`).get(scope.tenantId, scope.posId)
        : prepared(
            this.db,
            `SELECT COUNT(*) n FROM contingency_events WHERE tenant_id = ? AND pos_id IN (SELECT id FROM points_of_sale WHERE branch_id = ?) AND state <> 'CLOSED'`,
          ).get(scope.tenantId, scope.branchId);
    return (r as { n: number }).n;
  }

  allOpen(): ContingencyEvent[] {
    return (prepared(this.db, `SELECT * FROM contingency_events WHERE state <> 'CLOSED' ORDER BY created_at`).all() as Row[]).map(toEvent);
  }

  /** Events of a point of sale that began on a given Bolivian date (yyyy-MM-dd). */
  onDate(tenantId: string, posId: string, date: string): ContingencyEvent[] {
    return (
      prepared(this.db, `SELECT * FROM contingency_events WHERE tenant_id = ? AND pos_id = ? AND substr(fecha_inicio, 1, 10) = ? ORDER BY fecha_inicio`)
        .all(tenantId, posId, date) as Row[]
    ).map(toEvent);
  }

  update(id: string, patch: Partial<Pick<ContingencyEvent, 'state' | 'step' | 'lastError' | 'fechaInicio' | 'fechaFin' | 'cufdRegistro' | 'codigoEventoSiat'>>): void {
    const cols: [keyof typeof patch, string][] = [
      ['state', 'state'],
      ['fechaInicio', 'fecha_inicio'],
      ['step', 'step'],
      ['lastError', 'last_error'],
      ['fechaFin', 'fecha_fin'],
      ['cufdRegistro', 'cufd_registro'],
      ['codigoEventoSiat', 'codigo_evento_siat'],
    ];
    const sets = ['updated_at = ?'];
    const args: unknown[] = [this.now().toISOString()];
    for (const [k, c] of cols) {
      if (patch[k] !== undefined) {
        sets.push(`${c} = ?`);
        args.push(patch[k]);
      }
    }
    prepared(this.db, `UPDATE contingency_events SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
  }

  /** Every ACTIVE event (the monitor probes SIAT for the automatic ones). */
  allActive(): ContingencyEvent[] {
    return (prepared(this.db, `SELECT * FROM contingency_events WHERE state = 'ACTIVE' ORDER BY created_at`).all() as Row[]).map(toEvent);
  }

  /** Events being recovered, oldest first (resumed at engine start). */
  allRecovering(): ContingencyEvent[] {
    return (prepared(this.db, `SELECT * FROM contingency_events WHERE state = 'RECOVERING' ORDER BY created_at`).all() as Row[]).map(toEvent);
  }

  /**
   * Stores built packages and ties their invoices to them, in one transaction: after a crash an
   * invoice is either in exactly one persisted package or in none (CONTRACT §3.6).
   */
  addPackages(list: { id: string; eventId: string; tenantId: string; seq: number; cufdEvento: string; invoiceIds: string[]; archive: Buffer; hash: string }[]): void {
    const tie = prepared(this.db, 'UPDATE invoices SET package_id = ? WHERE id = ? AND package_id IS NULL');
    this.db
      .transaction(() => {
        for (const p of list) {
          this.addPackage(p);
          for (const id of p.invoiceIds) tie.run(p.id, id);
        }
      })
      .immediate();
  }

  nextPackageSeq(eventId: string): number {
    return ((prepared(this.db, 'SELECT MAX(seq) m FROM contingency_packages WHERE event_id = ?').get(eventId) as { m: number | null }).m ?? 0) + 1;
  }

  addPackage(p: { id: string; eventId: string; tenantId: string; seq: number; cufdEvento: string; invoiceIds: string[]; archive: Buffer; hash: string }): void {
    const at = this.now().toISOString();
    prepared(this.db, 
        `INSERT INTO contingency_packages (id, event_id, tenant_id, seq, cufd_evento, invoice_ids, invoice_count, archive, hash, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'BUILT', ?, ?)`,
      )
      .run(p.id, p.eventId, p.tenantId, p.seq, p.cufdEvento, JSON.stringify(p.invoiceIds), p.invoiceIds.length, p.archive, p.hash, at, at);
  }

  packages(eventId: string): ContingencyPackage[] {
    return (prepared(this.db, 'SELECT * FROM contingency_packages WHERE event_id = ? ORDER BY seq').all(eventId) as Row[]).map(toPackage);
  }

  updatePackage(id: string, patch: { state: PackageState; codigoRecepcion?: string | null; siatCode?: number | null; siatMessages?: unknown[] }): void {
    prepared(this.db, 
        `UPDATE contingency_packages SET state = ?, codigo_recepcion = COALESCE(?, codigo_recepcion), siat_code = COALESCE(?, siat_code),
           siat_messages = COALESCE(?, siat_messages), updated_at = ? WHERE id = ?`,
      )
      .run(patch.state, patch.codigoRecepcion ?? null, patch.siatCode ?? null, patch.siatMessages ? JSON.stringify(patch.siatMessages) : null, this.now().toISOString(), id);
  }

  // ---- recovery (contingency/recovery/) ------------------------------------------------

  /** How many of the event's invoices are in each state. */
  invoiceStateCounts(eventId: string): Partial<Record<string, number>> {
    const rows = prepared(this.db, `SELECT state, COUNT(*) n FROM invoices WHERE event_id = ? GROUP BY state`).all(eventId) as { state: string; n: number }[];
    return Object.fromEntries(rows.map((c) => [c.state, c.n]));
  }

  /** Invoices sent online whose outcome is unknown, tied to the event, by number (CONTRACT §5.1.5). */
  invoicesToReconcile(eventId: string): string[] {
    return (
      prepared(this.db, `SELECT id FROM invoices WHERE event_id = ? AND state = 'PENDING' AND needs_reconcile = 1 ORDER BY number`).all(eventId) as { id: string }[]
    ).map((r) => r.id);
  }

  /** First and last fechaEmision of the event's offline invoices (codigoEmision 2). */
  offlineEmissionRange(eventId: string): { first: string | null; last: string | null } {
    const r = prepared(this.db, `SELECT MIN(fecha_emision) lo, MAX(fecha_emision) hi FROM invoices WHERE event_id = ? AND codigo_emision = 2`).get(eventId) as {
      lo: string | null;
      hi: string | null;
    };
    return { first: r.lo, last: r.hi };
  }

  /** The event's offline invoices not in a package yet, by sector and number. */
  unpackagedInvoices(eventId: string): UnpackagedInvoice[] {
    return (
      prepared(
        this.db,
        `SELECT id, number, cufd, sector, modalidad, tipo_factura, xml FROM invoices
         WHERE event_id = ? AND state = 'CONTINGENCY' AND package_id IS NULL ORDER BY sector, number`,
      ).all(eventId) as { id: string; number: number; cufd: string; sector: number; modalidad: number; tipo_factura: number; xml: string }[]
    ).map((r) => ({ id: r.id, number: r.number, cufd: r.cufd, sector: r.sector, modalidad: r.modalidad, tipoFactura: r.tipo_factura, xml: r.xml }));
  }

  /** Sector, modality and invoice type of a package (all its invoices share them). */
  packageKind(p: ContingencyPackage): PackageKind {
    const r = prepared(this.db, 'SELECT sector, modalidad, tipo_factura FROM invoices WHERE id = ?').get(p.invoiceIds[0]) as {
      sector: number;
      modalidad: number;
      tipo_factura: number;
    };
    return { sector: r.sector, modalidad: r.modalidad, tipoFactura: r.tipo_factura };
  }

  /** Invoices of the point of sale's RECOVERING events, and how many of them already went to SIAT. */
  flushProgress(tenantId: string, posId: string): { sent: number; total: number } {
    const f = prepared(
      this.db,
      `SELECT COUNT(*) total,
            SUM(CASE WHEN i.state IN ('VALIDATED', 'REJECTED', 'CANCELLED') OR p.state <> 'BUILT' THEN 1 ELSE 0 END) sent
       FROM invoices i JOIN contingency_events e ON e.id = i.event_id
       LEFT JOIN contingency_packages p ON p.id = i.package_id
      WHERE e.tenant_id = ? AND e.pos_id = ? AND e.state = 'RECOVERING'`,
    ).get(tenantId, posId) as { total: number; sent: number | null };
    return { sent: f.sent ?? 0, total: f.total };
  }
}
