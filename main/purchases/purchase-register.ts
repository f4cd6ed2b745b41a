// The purchase register's use cases (issue 14): register a supplier invoice (typed, scanned or
// imported), delete it in SIAT, confirm what suppliers reported, and ask SIAT what it holds.
// Every purchase is checked field by field, then its registroCompra against the official XSD,
// then for duplicates, before it is stored READY for the purchases' own queue (package-sender.ts).
import type { PurchaseRecord, PurchaseRepository, PurchaseSource, PurchaseQueryRecord } from '../store/purchases';
import { DuplicatePurchaseError } from '../store/purchases';
import type { TenantRepository, Tenant } from '../store/tenants';
import { formatSiatDateTime } from '../siat/datetime';
import { packPackage } from '../invoicing/archive';
import { checkPurchase, type FieldIssue, type PurchaseFields } from './purchase-input';
import { periodOf, type PurchaseData } from './purchase-model';
import { buildConfirmacionCompraXml, buildRegistroCompraXml } from './registro-xml';
import { validatePurchaseXml } from './registro-xsd';
import { parseInvoiceQr, type ScannedQr } from './purchase-qr';
import type { ImportPlan } from './import-job';
import { readConsultaArchivo, type ReadArchivo } from './consulta-archivo';
import { callCompras, COMPRAS_OPERATION_WORDS, type ComprasAnswer, type ComprasOperation, type SiatComprasDeps } from './siat-compras';
import type { PurchaseSender } from './package-sender';
import { PurchaseError } from './purchase-error';
import { storeInLots, type LotLimits } from '../heavy-work/lots';
import { ACT_ROLE } from '../../shared/till-roles';


/** Purchases of an import per durable commit (storeImport): never under 25, whose one fsync costs less than their rows. */
const IMPORT_LOTS: LotLimits = { max: 250, min: 25, ms: 10 };

export interface ImportVerdict {
  row: number;
  ok: boolean;
  purchaseId?: string;
  shoppingInvoiceId?: number;
  problems: FieldIssue[];
}

export interface RegisterDeps extends SiatComprasDeps {
  purchases: PurchaseRepository;
  tenants: TenantRepository;
  sender: PurchaseSender;
  codesNow: (tenantId: string) => Date;
  /** Reads consultaCompras's archivo off the engine's thread (engine/siat-answer-worker.ts); without it, inline. */
  readArchivo?: (tenantId: string, bytes: Buffer | null) => Promise<ReadArchivo>;
}

export interface RemoveOptions {
  /** The doer may delete a purchase SIAT registered (anulacionCompra): a supervisor, an approved cajero, an API key. */
  mayAnnulInSiat: boolean;
  /** Writes the act record (who deleted it, who approved) inside the deletion's commit. */
  record?: (purchaseId: string) => void;
}

export class PurchaseRegister {
  constructor(private readonly d: RegisterDeps) {}

  /** Checks fields, XSD and duplicates; returns the problems instead of storing. */
  private async prepare(tenantId: string, fields: PurchaseFields): Promise<{ problems: FieldIssue[] } | { duplicate: PurchaseRecord } | { data: PurchaseData }> {
    const checked = checkPurchase(fields);
    if (!checked.ok) return { problems: checked.problems };
    const data = checked.value;
    const [xsd] = await validatePurchaseXml([buildRegistroCompraXml(data, 1)]);
    if (!xsd!.valid) return { problems: xsd!.errors.map((e) => ({ field: 'registroCompra', rule: 'xsd', message: e })) };
    const dup = this.d.purchases.findDuplicate(tenantId, data);
    if (dup) return { duplicate: dup };
    return { data };
  }

  async create(tenantId: string, fields: PurchaseFields, source: PurchaseSource = 'MANUAL'): Promise<PurchaseRecord> {
    const r = await this.prepare(tenantId, fields);
    if ('problems' in r) {
      const xsd = r.problems.some((p) => p.rule === 'xsd');
      throw new PurchaseError(xsd ? 'XSD' : 'INVALID', xsd ? 'La compra no cumple el esquema oficial registroCompra.xsd' : 'Datos de la compra inválidos', r.problems);
    }
    if ('duplicate' in r) throw new DuplicatePurchaseError(r.duplicate);
    const record = this.store(tenantId, r.data, source);
    void this.d.sender.kick(tenantId);
    return record;
  }

  private store(tenantId: string, data: PurchaseData, source: PurchaseSource): PurchaseRecord {
    const { gestion, periodo } = periodOf(data.fechaEmision);
    // The stored XML carries the register's N° (capped by the XSD's 9999); packages renumber 1..500.
    return this.d.purchases.insert({ tenantId, gestion, periodo, data, source, xml: (nro) => buildRegistroCompraXml(data, Math.min(nro, 9999)) });
  }

  /** What a scanned QR gives, for the form to fill in (nothing is stored). */
  scan(text: string): ScannedQr {
    try {
      return parseInvoiceQr(text);
    } catch (e) {
      throw new PurchaseError('QR', (e as Error).message, [{ field: 'qr', rule: 'format', message: (e as Error).message }]);
    }
  }

  /**
   * Stores an import already read and checked on a worker thread (import-job.ts): every row gets
   * a verdict; a bad row never stops the good ones. Only the duplicate checks and the inserts run
   * here, on the engine's thread.
   */
  async storeImport(tenantId: string, plan: ImportPlan): Promise<{ verdicts: ImportVerdict[]; created: number; refused: number }> {
    const verdicts: ImportVerdict[] = plan.refused.map((r) => ({ row: r.row, ok: false, problems: r.problems }));
    // Stored in lots, each one durable commit, the engine's thread given back between them
    // (heavy-work/lots.ts): a 20,000-row import held every till 8 s when each row was its own
    // commit, all in one go. A crash between lots keeps what was committed; importing the file
    // again gives those rows their duplicate verdict and stores the rest.
    const { rows, data } = plan.ready;
    await storeInLots(rows.length, IMPORT_LOTS, (fn) => this.d.purchases.inOneCommit(fn), (at) => {
      const row = rows[at]!;
      try {
        const p = this.store(tenantId, JSON.parse(data[at]!) as PurchaseData, 'IMPORT');
        verdicts.push({ row, ok: true, purchaseId: p.id, shoppingInvoiceId: p.seq, problems: [] });
      } catch (e) {
        if (!(e instanceof DuplicatePurchaseError)) throw e;
        verdicts.push({ row, ok: false, problems: [{ field: 'authorizationCode', rule: 'unique', message: e.message }] });
      }
    });
    verdicts.sort((a, b) => a.row - b.row);
    const created = verdicts.filter((v) => v.ok).length;
    if (created > 0) void this.d.sender.kick(tenantId);
    return { verdicts, created, refused: verdicts.length - created };
  }

  private tenant(tenantId: string): Tenant {
    const t = this.d.tenants.byId(tenantId);
    if (!t) throw new PurchaseError('NOT_FOUND', 'Contribuyente no encontrado');
    return t;
  }

  /**
   * Deletes a purchase. One never sent is withdrawn locally; one SIAT holds goes through
   * anulacionCompra and SIAT's answer is kept verbatim (seed 001: 2217 ELIMINADO). Deleting one
   * SIAT holds needs `mayAnnulInSiat` (a supervisor, or one's approval: decision 0094): checked
   * here again, as the purchase may have been accepted since the request's act was weighed.
   * `record` writes the act's record in the transaction that marks the purchase deleted.
   */
  async remove(tenantId: string, id: string, opts: RemoveOptions): Promise<PurchaseRecord> {
    const p = this.d.purchases.byId(tenantId, id);
    if (!p) throw new PurchaseError('NOT_FOUND', `Compra ${id} no encontrada`);
    if (p.state === 'DELETED') throw new PurchaseError('NOT_DELETABLE', 'La compra ya fue eliminada');
    if (p.state === 'SENT') throw new PurchaseError('NOT_DELETABLE', 'La compra está en un paquete que SIAT todavía valida: espere su respuesta y vuelva a intentar');
    // Packed and on its way (a BUILT package whose purchases are being marked SENT): the package's
    // archive already holds it, so SIAT would register it anyway.
    if (p.state === 'READY' && this.d.purchases.inBuiltPackage(tenantId, id)) {
      throw new PurchaseError('NOT_DELETABLE', 'La compra está en un paquete que se está enviando a SIAT: espere su respuesta y vuelva a intentar');
    }
    if (p.state === 'READY' || p.state === 'REJECTED') {
      return this.markDeleted(tenantId, id, { code: null, description: 'ELIMINADA EN KIPU (SIAT no la registró)', messages: [] }, opts.record);
    }
    if (!opts.mayAnnulInSiat) {
      const needed = ACT_ROLE['purchase-delete'];
      throw new PurchaseError('APPROVAL_REQUIRED', `SIAT acaba de registrar la compra N° ${p.nro}: para eliminarla hace falta el rol «${needed}». Pida a un ${needed} que lo apruebe aquí mismo con su usuario y su PIN.`, [], null, needed);
    }
    const res = await callCompras(this.d, this.tenant(tenantId), 'anulacionCompra', {
      codAutorizacion: p.data.codigoAutorizacion,
      nitProveedor: Number(p.data.nitEmisor),
      nroDuiDim: p.data.numeroDuiDim,
      nroFactura: p.data.numeroFactura,
    });
    if (!res.transaccion) throw refused('anulacionCompra', res);
    const first = res.messages[0];
    return this.markDeleted(tenantId, id, { code: first?.codigo ?? res.codigoEstado, description: first?.descripcion ?? res.codigoDescripcion, messages: res.messages }, opts.record);
  }

  /** The purchase marked deleted and, in the same commit, who did it. */
  private markDeleted(tenantId: string, id: string, siat: Parameters<PurchaseRepository['markDeleted']>[2], record: ((purchaseId: string) => void) | undefined): PurchaseRecord {
    return this.d.purchases.inOneCommit(() => {
      const done = this.d.purchases.markDeleted(tenantId, id, siat)!;
      record?.(id);
      return done;
    });
  }

  /** confirmacionCompras for purchases suppliers reported (what consultaCompras returned). */
  async confirm(tenantId: string, items: { issuerNit: string; authorizationCode: string; invoiceNumber: string; purchaseType: number }[]): Promise<ComprasAnswer & { confirmed: number }> {
    const xmls = items.map((it, i) => buildConfirmacionCompraXml({ nitEmisor: it.issuerNit, codigoAutorizacion: it.authorizationCode, numeroFactura: it.invoiceNumber, tipoCompra: it.purchaseType }, i + 1));
    const xsd = await validatePurchaseXml(xmls, 'confirmacionCompra');
    const problems = xsd.flatMap((v, i) => (v.valid ? [] : v.errors.map((e) => ({ field: `items[${i}]`, rule: 'xsd', message: e }))));
    if (problems.length > 0) throw new PurchaseError('XSD', 'La confirmación no cumple el esquema oficial confirmacionCompra.xsd', problems);
    const now = this.d.codesNow(tenantId);
    const packed = packPackage(xmls.map((xml, i) => ({ name: `confirmacion_${String(i + 1).padStart(3, '0')}.xml`, xml })));
    const res = await callCompras(this.d, this.tenant(tenantId), 'confirmacionCompras', {
      archivo: packed.archivo,
      cantidadFacturas: xmls.length,
      fechaEnvio: formatSiatDateTime(now),
      gestion: Number(formatSiatDateTime(now).slice(0, 4)),
      hashArchivo: packed.hashArchivo,
      periodo: Number(formatSiatDateTime(now).slice(5, 7)),
    });
    if (!res.transaccion) throw refused('confirmacionCompras', res);
    const confirmed = this.d.purchases.markConfirmed(tenantId, items.map((it) => ({ nitEmisor: it.issuerNit, codigoAutorizacion: it.authorizationCode, numeroFactura: it.invoiceNumber })));
    return { ...res, confirmed };
  }

  /** consultaCompras: the archivo is kept as received and read as far as possible. */
  async query(tenantId: string, fecha: Date): Promise<PurchaseQueryRecord> {
    const res = await callCompras(this.d, this.tenant(tenantId), 'consultaCompras', { fecha: formatSiatDateTime(fecha) });
    const bytes = res.archivo ? Buffer.from(res.archivo, 'base64') : null;
    // A month of a large buyer's purchases: seconds of parsing, off the engine's thread when it can (issue 25).
    const read = this.d.readArchivo ? await this.d.readArchivo(tenantId, bytes) : readConsultaArchivo(bytes);
    return this.d.purchases.insertQuery(tenantId, { fecha: formatSiatDateTime(fecha), archivo: bytes, format: read.format, parsed: read.rows, messages: res.messages });
  }
}

function refused(operation: ComprasOperation, res: ComprasAnswer): PurchaseError {
  const text = res.messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || `estado ${res.codigoEstado ?? '—'}`;
  return new PurchaseError('SIAT_REFUSED', `SIAT rechazó ${COMPRAS_OPERATION_WORDS[operation]}: ${text}`, [], { code: res.messages[0]?.codigo ?? res.codigoEstado, messages: res.messages });
}
