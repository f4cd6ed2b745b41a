// The purchase register (migrations 0014, 0019): purchases, the packages that carry them to SIAT and
// the consultaCompras answers. Every query is scoped by tenant; rows are never deleted.
import type { Db } from './db';
import { prepared } from './statements';
import { uuidv7 } from './uuid7';
import type { PurchaseAmounts, PurchaseData } from '../purchases/purchase-model';
import { DomainError, fieldProblem } from '../errors/domain-error';

export type PurchaseState = 'READY' | 'SENT' | 'ACCEPTED' | 'REJECTED' | 'DELETED';

/**
 * The purchases the Libro de Compras and the month's crédito fiscal count (SQL, on `purchases`):
 * not deleted, and not refused by SIAT — a purchase SIAT would not register gives no crédito
 * fiscal, as a rejected sale is in no Libro de Ventas (decision 0023). Those still on their way
 * to SIAT count.
 */
export const IN_BOOK = "state NOT IN ('DELETED', 'REJECTED')";
export type PurchaseSource = 'MANUAL' | 'QR' | 'IMPORT' | 'SIAT';

export interface SiatMessageRow {
  codigo: number;
  descripcion: string;
  numeroArchivo?: number;
  [k: string]: unknown;
}

export interface PurchaseRecord {
  id: string;
  /** shoppingInvoiceId (seed 001): the tenant's own count, from 1 (decision 0044). */
  seq: number;
  tenantId: string;
  gestion: number;
  periodo: number;
  nro: number;
  data: PurchaseData;
  source: PurchaseSource;
  xml: string;
  state: PurchaseState;
  confirmed: boolean;
  packageId: string | null;
  siatCode: number | null;
  siatDescription: string | null;
  siatReceptionCode: string | null;
  siatMessages: SiatMessageRow[];
  createdAt: string;
  updatedAt: string;
}

export interface NewPurchase {
  tenantId: string;
  gestion: number;
  periodo: number;
  data: PurchaseData;
  source: PurchaseSource;
  /** Built with the `nro` the repository assigns (it is passed in). */
  xml: (nro: number) => string;
}

export interface PurchasePackage {
  id: string;
  tenantId: string;
  kind: 'RECEPCION' | 'CONFIRMACION';
  gestion: number;
  periodo: number;
  archive: Buffer;
  hash: string;
  purchaseCount: number;
  purchaseIds: string[];
  state: 'BUILT' | 'SENT' | 'DONE';
  codigoRecepcion: string | null;
  siatCode: number | null;
  siatDescription: string | null;
  siatMessages: SiatMessageRow[];
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

/** SIAT's verdict on a purchase package. */
export interface PackageVerdict {
  siatCode: number;
  siatDescription: string | null;
  codigoRecepcion: string | null;
  messages: SiatMessageRow[];
}

export interface PurchaseFilter {
  gestion?: number | undefined;
  periodo?: number | undefined;
  invoiceNumber?: string | undefined;
  cuf?: string | undefined;
  state?: PurchaseState | undefined;
}

export interface PurchaseQueryRecord {
  id: string;
  fecha: string;
  archivo: Buffer | null;
  format: string;
  parsed: Record<string, unknown>[];
  messages: SiatMessageRow[];
  receivedAt: string;
}

/** The same supplier, authorization code and number (and DUI/DIM) is already registered. */
export class DuplicatePurchaseError extends DomainError<'DUPLICATE'> {
  readonly domain = 'purchaseDuplicate';
  override name = 'DuplicatePurchaseError';
  constructor(readonly existing: PurchaseRecord) {
    const message =
      `La compra ya está registrada: proveedor ${existing.data.nitEmisor}, autorización ${existing.data.codigoAutorizacion}, ` +
      `factura ${existing.data.numeroFactura}: es la compra N° ${existing.seq} de ${String(existing.periodo).padStart(2, '0')}/${existing.gestion}.`;
    super('DUPLICATE', message, { fields: fieldProblem('authorizationCode', 'unique', message) });
  }
}

type Row = Record<string, unknown>;

const json = <T>(text: unknown, fallback: T): T => (typeof text === 'string' && text !== '' ? (JSON.parse(text) as T) : fallback);

function purchaseOf(r: Row): PurchaseRecord {
  const amounts: PurchaseAmounts = {
    total: r.monto_total as number,
    ice: r.importe_ice as number,
    iehd: r.importe_iehd as number,
    ipj: r.importe_ipj as number,
    tasas: r.tasas as number,
    otroNoSujeto: r.otro_no_sujeto as number,
    exentos: r.importes_exentos as number,
    tasaCero: r.importe_tasa_cero as number,
    descuento: r.descuento as number,
    giftCard: r.gift_card as number,
  };
  return {
    id: r.id as string,
    seq: r.seq as number,
    tenantId: r.tenant_id as string,
    gestion: r.gestion as number,
    periodo: r.periodo as number,
    nro: r.nro as number,
    data: {
      nitEmisor: r.nit_emisor as string,
      razonSocialEmisor: r.razon_social_emisor as string,
      codigoAutorizacion: r.codigo_autorizacion as string,
      numeroFactura: r.numero_factura as string,
      numeroDuiDim: r.numero_dui_dim as string,
      fechaEmision: r.fecha_emision as string,
      amounts,
      rcv: { subtotal: r.subtotal as number, base: r.base_cf as number, credito: r.credito_fiscal as number },
      tipoCompra: r.tipo_compra as number,
      codigoControl: r.codigo_control as string,
    },
    source: r.source as PurchaseSource,
    xml: r.xml as string,
    state: r.state as PurchaseState,
    confirmed: r.confirmed === 1,
    packageId: (r.package_id as string | null) ?? null,
    siatCode: (r.siat_code as number | null) ?? null,
    siatDescription: (r.siat_description as string | null) ?? null,
    siatReceptionCode: (r.siat_reception_code as string | null) ?? null,
    siatMessages: json(r.siat_messages, [] as SiatMessageRow[]),
    createdAt: r.created_at as string,
    updatedAt: r.updated_at as string,
  };
}

function packageOf(r: Row): PurchasePackage {
  return {
    id: r.id as string,
    tenantId: r.tenant_id as string,
    kind: r.kind as PurchasePackage['kind'],
    gestion: r.gestion as number,
    periodo: r.periodo as number,
    archive: r.archive as Buffer,
    hash: r.hash as string,
    purchaseCount: r.purchase_count as number,
    purchaseIds: json(r.purchase_ids, [] as string[]),
    state: r.state as PurchasePackage['state'],
    codigoRecepcion: (r.codigo_recepcion as string | null) ?? null,
    siatCode: (r.siat_code as number | null) ?? null,
    siatDescription: (r.siat_description as string | null) ?? null,
    siatMessages: json(r.siat_messages, [] as SiatMessageRow[]),
    attempts: r.attempts as number,
    lastError: (r.last_error as string | null) ?? null,
    createdAt: r.created_at as string,
  };
}

export class PurchaseRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private stamp(): string {
    return this.now().toISOString();
  }

  byId(tenantId: string, id: string): PurchaseRecord | null {
    const r = prepared(this.db, 'SELECT * FROM purchases WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? purchaseOf(r) : null;
  }

  bySeq(tenantId: string, seq: number): PurchaseRecord | null {
    const r = prepared(this.db, 'SELECT * FROM purchases WHERE tenant_id = ? AND seq = ?').get(tenantId, seq) as Row | undefined;
    return r ? purchaseOf(r) : null;
  }

  findDuplicate(tenantId: string, d: Pick<PurchaseData, 'nitEmisor' | 'codigoAutorizacion' | 'numeroFactura' | 'numeroDuiDim'>): PurchaseRecord | null {
    const r = prepared(
      this.db,
      'SELECT * FROM purchases WHERE tenant_id = ? AND nit_emisor = ? AND codigo_autorizacion = ? AND numero_factura = ? AND numero_dui_dim = ?',
    ).get(tenantId, d.nitEmisor, d.codigoAutorizacion, d.numeroFactura, d.numeroDuiDim) as Row | undefined;
    return r ? purchaseOf(r) : null;
  }

  /**
   * Runs `fn` (several inserts) in one IMMEDIATE transaction: one durable commit for the lot
   * instead of one per purchase (an import of 20,000 rows made 20,000 fsyncs). Each insert inside
   * is a savepoint, so a duplicate undoes only its own row.
   */
  inOneCommit<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /**
   * Inserts in one IMMEDIATE transaction: seq and nro are allocated there, both the tenant's own
   * (the write lock makes MAX + 1 safe); a duplicate throws.
   */
  insert(p: NewPurchase): PurchaseRecord {
    return this.db
      .transaction((): PurchaseRecord => {
        const dup = this.findDuplicate(p.tenantId, p.data);
        if (dup) throw new DuplicatePurchaseError(dup);
        // Per tenant (decision 0044): an installation-wide count told each tenant how many purchases the others registered.
        const seq = ((prepared(this.db, 'SELECT MAX(seq) AS m FROM purchases WHERE tenant_id = ?').get(p.tenantId) as { m: number | null }).m ?? 0) + 1;
        const nro =
          ((prepared(this.db, 'SELECT MAX(nro) AS m FROM purchases WHERE tenant_id = ? AND gestion = ? AND periodo = ?').get(p.tenantId, p.gestion, p.periodo) as { m: number | null }).m ?? 0) + 1;
        const id = uuidv7(this.now().getTime());
        const at = this.stamp();
        const d = p.data;
        const a = d.amounts;
        prepared(
          this.db,
          `INSERT INTO purchases (id, seq, tenant_id, gestion, periodo, nro, nit_emisor, razon_social_emisor, codigo_autorizacion,
             numero_factura, numero_dui_dim, fecha_emision, monto_total, importe_ice, importe_iehd, importe_ipj, tasas, otro_no_sujeto,
             importes_exentos, importe_tasa_cero, subtotal, descuento, gift_card, base_cf, credito_fiscal, tipo_compra, codigo_control,
             source, xml, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'READY', ?, ?)`,
        ).run(
          id, seq, p.tenantId, p.gestion, p.periodo, nro, d.nitEmisor, d.razonSocialEmisor, d.codigoAutorizacion,
          d.numeroFactura, d.numeroDuiDim, d.fechaEmision, a.total, a.ice, a.iehd, a.ipj, a.tasas, a.otroNoSujeto,
          a.exentos, a.tasaCero, d.rcv.subtotal, a.descuento, a.giftCard, d.rcv.base, d.rcv.credito, d.tipoCompra, d.codigoControl,
          p.source, p.xml(nro), at, at,
        );
        return this.byId(p.tenantId, id)!;
      })
      .immediate();
  }

  list(tenantId: string, f: PurchaseFilter, offset: number, limit: number): { items: PurchaseRecord[]; total: number } {
    const where = ['tenant_id = ?'];
    const args: unknown[] = [tenantId];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      args.push(value);
    };
    if (f.gestion !== undefined) add('gestion = ?', f.gestion);
    if (f.periodo !== undefined) add('periodo = ?', f.periodo);
    if (f.invoiceNumber !== undefined) add('numero_factura = ?', f.invoiceNumber);
    if (f.cuf !== undefined) add('codigo_autorizacion = ?', f.cuf);
    if (f.state !== undefined) add('state = ?', f.state);
    const w = where.join(' AND ');
    const total = (prepared(this.db, `SELECT COUNT(*) AS n FROM purchases WHERE ${w}`).get(...args) as { n: number }).n;
    const rows = prepared(this.db, `SELECT * FROM purchases WHERE ${w} ORDER BY gestion DESC, periodo DESC, nro DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as Row[];
    return { items: rows.map(purchaseOf), total };
  }

  /** The month's purchases in register order (N°), one row at a time (the book streams). */
  *month(tenantId: string, gestion: number, periodo: number): Generator<PurchaseRecord> {
    const rows = prepared(this.db, `SELECT * FROM purchases WHERE tenant_id = ? AND gestion = ? AND periodo = ? AND ${IN_BOOK} ORDER BY nro`).iterate(tenantId, gestion, periodo);
    for (const r of rows) yield purchaseOf(r as Row);
  }

  /** Purchases waiting for a package, oldest first; of one month only when `month` is given. */
  ready(tenantId: string, limit: number, month?: { gestion: number; periodo: number }): PurchaseRecord[] {
    const rows = month
      ? prepared(this.db, `SELECT * FROM purchases WHERE tenant_id = ? AND state = 'READY' AND gestion = ? AND periodo = ? ORDER BY seq LIMIT ?`).all(tenantId, month.gestion, month.periodo, limit)
      : prepared(this.db, `SELECT * FROM purchases WHERE tenant_id = ? AND state = 'READY' ORDER BY seq LIMIT ?`).all(tenantId, limit);
    return (rows as Row[]).map(purchaseOf);
  }

  /** Tenants with purchases or packages still to go to SIAT. */
  tenantsWithWork(): string[] {
    return (
      prepared(
        this.db,
        `SELECT tenant_id FROM purchases WHERE state = 'READY' UNION SELECT tenant_id FROM purchase_packages WHERE state != 'DONE'`,
      ).all() as { tenant_id: string }[]
    ).map((r) => r.tenant_id);
  }

  countByState(tenantId: string): Record<PurchaseState, number> {
    const out: Record<PurchaseState, number> = { READY: 0, SENT: 0, ACCEPTED: 0, REJECTED: 0, DELETED: 0 };
    for (const r of prepared(this.db, 'SELECT state, COUNT(*) AS n FROM purchases WHERE tenant_id = ? GROUP BY state').all(tenantId) as { state: PurchaseState; n: number }[]) out[r.state] = r.n;
    return out;
  }

  /**
   * A package, BUILT. Its purchases are marked SENT in it by markPackaged, in lots of short
   * transactions (PurchaseSender, issue 25): the first lot inserts the package too.
   */
  insertPackage(p: Omit<PurchasePackage, 'id' | 'state' | 'codigoRecepcion' | 'siatCode' | 'siatDescription' | 'siatMessages' | 'attempts' | 'lastError' | 'createdAt'>): string {
    const id = uuidv7(this.now().getTime());
    const at = this.stamp();
    prepared(
      this.db,
      `INSERT INTO purchase_packages (id, tenant_id, kind, gestion, periodo, archive, hash, purchase_count, purchase_ids, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'BUILT', ?, ?)`,
    ).run(id, p.tenantId, p.kind, p.gestion, p.periodo, p.archive, p.hash, p.purchaseCount, JSON.stringify(p.purchaseIds), at, at);
    return id;
  }

  /** Whether every one of these purchases is still READY (a package is inserted only then). */
  allReady(tenantId: string, purchaseIds: string[]): boolean {
    const row = prepared(this.db, `SELECT COUNT(*) AS n FROM purchases WHERE tenant_id = ? AND state = 'READY' AND id IN (SELECT value FROM json_each(?))`).get(tenantId, JSON.stringify(purchaseIds)) as { n: number };
    return row.n === new Set(purchaseIds).size;
  }

  /** Whether a BUILT package (packed, its purchases still being marked SENT) holds this purchase. */
  inBuiltPackage(tenantId: string, purchaseId: string): boolean {
    return (
      prepared(this.db, `SELECT 1 FROM purchase_packages WHERE tenant_id = ? AND state = 'BUILT' AND EXISTS (SELECT 1 FROM json_each(purchase_ids) WHERE value = ?) LIMIT 1`).get(tenantId, purchaseId) !== undefined
    );
  }

  /** One of a package's purchases, SENT in it if still READY: marking it again changes nothing. */
  markPackaged(tenantId: string, packageId: string, purchaseId: string): void {
    prepared(this.db, `UPDATE purchases SET state = 'SENT', package_id = ?, updated_at = ? WHERE tenant_id = ? AND id = ? AND state = 'READY'`).run(packageId, this.stamp(), tenantId, purchaseId);
  }

  packageById(tenantId: string, id: string): PurchasePackage | null {
    const r = prepared(this.db, 'SELECT * FROM purchase_packages WHERE tenant_id = ? AND id = ?').get(tenantId, id) as Row | undefined;
    return r ? packageOf(r) : null;
  }

  openPackages(tenantId: string): PurchasePackage[] {
    return (prepared(this.db, `SELECT * FROM purchase_packages WHERE tenant_id = ? AND state != 'DONE' ORDER BY created_at, id`).all(tenantId) as Row[]).map(packageOf);
  }

  packages(tenantId: string, limit: number): PurchasePackage[] {
    return (prepared(this.db, 'SELECT * FROM purchase_packages WHERE tenant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?').all(tenantId, limit) as Row[]).map(packageOf);
  }

  packageSent(tenantId: string, id: string, codigoRecepcion: string): void {
    prepared(this.db, `UPDATE purchase_packages SET state = 'SENT', codigo_recepcion = ?, siat_code = 901, attempts = attempts + 1, last_error = NULL, updated_at = ? WHERE tenant_id = ? AND id = ?`).run(
      codigoRecepcion,
      this.stamp(),
      tenantId,
      id,
    );
  }

  packageFailedAttempt(tenantId: string, id: string, error: string): void {
    prepared(this.db, 'UPDATE purchase_packages SET attempts = attempts + 1, last_error = ?, updated_at = ? WHERE tenant_id = ? AND id = ?').run(error.slice(0, 500), this.stamp(), tenantId, id);
  }

  /**
   * One purchase's outcome of SIAT's verdict on its package (written again, the same values);
   * the package is closed by closePackage once every outcome is stored. A deleted purchase keeps
   * its state.
   */
  settlePurchase(pkg: PurchasePackage, purchaseId: string, verdict: PackageVerdict, outcome: { state: PurchaseState; confirmed?: boolean; messages: SiatMessageRow[] }): void {
    prepared(
      this.db,
      `UPDATE purchases SET state = ?, confirmed = MAX(confirmed, ?), siat_code = ?, siat_description = ?, siat_reception_code = ?, siat_messages = ?, updated_at = ?
       WHERE tenant_id = ? AND id = ? AND state != 'DELETED'`,
    ).run(
      outcome.state,
      outcome.confirmed ? 1 : 0,
      verdict.siatCode,
      verdict.siatDescription,
      verdict.codigoRecepcion ?? pkg.codigoRecepcion,
      JSON.stringify(outcome.messages),
      this.stamp(),
      pkg.tenantId,
      purchaseId,
    );
  }

  /** SIAT's verdict on a package, DONE: after its purchases' outcomes (settlePurchase). */
  closePackage(tenantId: string, id: string, verdict: PackageVerdict): void {
    prepared(
      this.db,
      `UPDATE purchase_packages SET state = 'DONE', siat_code = ?, siat_description = ?, codigo_recepcion = COALESCE(?, codigo_recepcion), siat_messages = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
    ).run(verdict.siatCode, verdict.siatDescription, verdict.codigoRecepcion, JSON.stringify(verdict.messages), this.stamp(), tenantId, id);
  }

  /** Flags the purchases SIAT confirmed (confirmacionCompras); returns how many are in the register. */
  markConfirmed(tenantId: string, keys: { nitEmisor: string; codigoAutorizacion: string; numeroFactura: string }[]): number {
    const upd = prepared(
      this.db,
      `UPDATE purchases SET confirmed = 1, updated_at = ? WHERE tenant_id = ? AND nit_emisor = ? AND codigo_autorizacion = ? AND numero_factura = ? AND state != 'DELETED'`,
    );
    const at = this.stamp();
    return this.db.transaction(() => keys.reduce((n, k) => n + upd.run(at, tenantId, k.nitEmisor.replace(/^0+/, ''), k.codigoAutorizacion, k.numeroFactura).changes, 0)).immediate();
  }

  /** A purchase deleted (in SIAT, or withdrawn before it was sent): the row stays, its state says so. */
  markDeleted(tenantId: string, id: string, siat: { code: number | null; description: string | null; messages: SiatMessageRow[] }): PurchaseRecord | null {
    prepared(
      this.db,
      `UPDATE purchases SET state = 'DELETED', siat_code = ?, siat_description = ?, siat_messages = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`,
    ).run(siat.code, siat.description, JSON.stringify(siat.messages), this.stamp(), tenantId, id);
    return this.byId(tenantId, id);
  }

  insertQuery(tenantId: string, q: Omit<PurchaseQueryRecord, 'id' | 'receivedAt'>): PurchaseQueryRecord {
    const id = uuidv7(this.now().getTime());
    const at = this.stamp();
    prepared(this.db, 'INSERT INTO purchase_queries (id, tenant_id, fecha, archivo, format, parsed, messages, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      id,
      tenantId,
      q.fecha,
      q.archivo,
      q.format,
      JSON.stringify(q.parsed),
      JSON.stringify(q.messages),
      at,
    );
    return { ...q, id, receivedAt: at };
  }

  queries(tenantId: string, limit: number): PurchaseQueryRecord[] {
    return (prepared(this.db, 'SELECT * FROM purchase_queries WHERE tenant_id = ? ORDER BY received_at DESC, id DESC LIMIT ?').all(tenantId, limit) as Row[]).map((r) => ({
      id: r.id as string,
      fecha: r.fecha as string,
      archivo: (r.archivo as Buffer | null) ?? null,
      format: r.format as string,
      parsed: json(r.parsed, [] as Record<string, unknown>[]),
      messages: json(r.messages, [] as SiatMessageRow[]),
      receivedAt: r.received_at as string,
    }));
  }
}
