// Manual invoices under CAFC (issue 17; CONTRACT §5.3, §5.4). With no power, no computer or a
// broken system (significant events 5, 6, 7) the store wrote paper invoices from a CAFC booklet.
// When the till is back the manager transcribes them: each one becomes an offline document
// (codigoEmision 2, the booklet's number and the written date, <cafc> filled, the CUFD in force
// when the event began as cufdEvento), stored with an already-ended event of that motive and CAFC.
// The contingency recovery (recovery/runner.ts) then does what it does for any event: a new
// CUFD → registroEventoSignificativo → the package (recepcionPaqueteFactura with `cafc`) →
// validation → each invoice VALIDATED or REJECTED with SIAT's messages (1045 CAFC, 1046 date,
// 1047 number …). No copy of that machinery lives here.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord, InvoiceRepository } from '../store/invoices';
import type { ContingencyEvent, ContingencyRepository } from '../store/contingency-events';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { SignerProvider } from '../invoicing/signer-provider';
import type { EventBus } from '../events/event-bus';
import type { SaleRequest } from '../invoicing/sale-input';
import { validateSale } from '../invoicing/sale-input';
import { catalogLookup } from '../invoicing/catalog-lookup';
import { sectorLayout } from '../invoicing/sectors/layouts';
import { seal } from '../invoicing/seal';
import { saleInvoiceRow, saleSealInput, type SaleFacts } from '../invoicing/sale-invoice';
import { IssueError } from '../invoicing/issue-error';
import { invoiceEventData } from '../invoicing/invoice-event-data';
import { uuidv7 } from '../store/uuid7';
import { invoiceType, invoiceTypeFor } from '../../shared/invoice-types';
import { fromBoliviaIso, toBoliviaIso } from '../../shared/time';
import { TIPO_DOCUMENTO_IDENTIDAD } from '../siat/code-catalog';
import { NOTE } from '../invoicing/credit-debit-note-data';
import { HOUR_MS, PACKAGE_MAX_INVOICES } from './limits';
import { MOTIVE_TEXT } from './contingency-service';
import type { CafcTranscriptionRequest, ManualInvoice } from '../../shared/api/cafc';
import type { FieldProblem } from '../../shared/api/envelope';

/** CONTRACT §5.4: manual CAFC invoices are transcribed and sent at most 72 h after recovery. */
export const CAFC_TRANSCRIPTION_LIMIT_MS = 72 * HOUR_MS;

export interface CafcDeps {
  store: Pick<Store, 'transaction'>;
  invoices: InvoiceRepository;
  repo: ContingencyRepository;
  codes: CodesService;
  catalogs: CatalogService;
  signers: SignerProvider;
  bus: EventBus;
  /** Starts the recovery of the point of sale's RECOVERING events (recovery/runner.ts kick). */
  recover: (tenantId: string, posId: string) => void;
  now?: () => Date;
}

/** 'yyyy-MM-ddTHH:mm[:ss[.SSS]]' → SIAT's 'yyyy-MM-ddTHH:mm:ss.SSS'. */
function siatForm(text: string): string {
  const [date, time] = text.split('T') as [string, string];
  const [hm, frac] = [time.slice(0, 5), time.slice(5)];
  const ss = frac.startsWith(':') ? frac.slice(1, 3) : '00';
  const ms = frac.includes('.') ? frac.slice(frac.indexOf('.') + 1).padEnd(3, '0') : '000';
  return `${date}T${hm}:${ss}.${ms}`;
}

const ddmmyyyyhhmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;

/** When the 72 h to transcribe and send an event's invoices end (Bolivia time). */
export function cafcSendBefore(eventEnd: string): string {
  return toBoliviaIso(new Date(fromBoliviaIso(eventEnd)!.getTime() + CAFC_TRANSCRIPTION_LIMIT_MS));
}

export class CafcTranscription {
  constructor(private readonly deps: CafcDeps) {}

  /**
   * Stores the event and its transcribed invoices in one transaction, then starts the recovery.
   * Everything SIAT would refuse for reasons Kipu can see is a 422 naming the field first: the
   * motive, the range, the 72 h limit, each invoice's date inside the event (SIAT 1040), a booklet
   * number given twice or already transcribed, the sale's own rules.
   */
  transcribe(tenant: Tenant, pos: PointOfSale, req: CafcTranscriptionRequest, usuario: string, opts: { maxInvoices?: number } = {}): { event: ContingencyEvent; invoices: InvoiceRecord[] } {
    const { deps } = this;
    const problems: FieldProblem[] = [];
    const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
    const inicio = siatForm(req.eventStart);
    const fin = siatForm(req.eventEnd);
    const startAt = fromBoliviaIso(inicio);
    const endAt = fromBoliviaIso(fin);
    if (!startAt) add('eventStart', 'DATE', 'fecha y hora inexistentes');
    if (!endAt) add('eventEnd', 'DATE', 'fecha y hora inexistentes');
    if (problems.length) throw this.invalid(problems);
    const siatNow = deps.codes.siatNow(tenant.id);
    if (endAt!.getTime() <= startAt!.getTime()) add('eventEnd', 'SIAT_974', 'el fin del evento debe ser posterior a su inicio');
    if (endAt!.getTime() > siatNow.getTime()) add('eventEnd', 'FUTURE', 'el evento aún no terminó: transcriba cuando el sistema haya vuelto');
    if (problems.length) throw this.invalid(problems);
    // CONTRACT §5.4: transcription and sending within 72 h of the recovery (the event's end).
    if (siatNow.getTime() > endAt!.getTime() + CAFC_TRANSCRIPTION_LIMIT_MS) {
      throw new IssueError(
        'CAFC_TERM_OVER',
        `Fuera de plazo: SIAT admite las facturas manuales (CAFC) hasta 72 horas después del fin del evento; el evento terminó el ${ddmmyyyyhhmm(fin)} y el plazo venció el ${ddmmyyyyhhmm(cafcSendBefore(fin))}. Consulte con el SIN cómo regularizarlas.`,
        [{ field: 'eventEnd', rule: 'CAFC_72H', message: `plazo vencido el ${ddmmyyyyhhmm(cafcSendBefore(fin))}` }],
      );
    }
    // The CUFD in force when the event began is the event's (CONTRACT §5.3).
    const cufd = deps.codes.cufdAt(tenant.id, pos.id, startAt!);
    if (!cufd) {
      throw this.invalid([{ field: 'eventStart', rule: 'NO_CUFD', message: `el punto de venta no tenía un CUFD vigente el ${ddmmyyyyhhmm(inicio)}; SIAT exige el CUFD vigente al inicio del evento` }]);
    }

    const lookup = catalogLookup(deps.catalogs, tenant.id);
    const seen = new Set<number>();
    const prepared: { item: ManualInvoice; fecha: string; type: NonNullable<ReturnType<typeof invoiceType>>; sale: Extract<ReturnType<typeof validateSale>, { sale: unknown }>['sale'] }[] = [];
    req.invoices.forEach((item, i) => {
      const at = `invoices[${i}]`;
      const type = item.invoiceType ? invoiceType(item.invoiceType) : invoiceTypeFor(1, tenant.modalidad as 1 | 2);
      const layout = type ? sectorLayout(type.sector) : undefined;
      if (!type || !layout || !layout.detalle || type.sector === NOTE.SECTOR) {
        add(`${at}.invoiceType`, 'enum', 'tipo de factura sin formato manual en Kipu (una factura de sector con detalle)');
        return;
      }
      if (seen.has(item.invoiceNumber)) add(`${at}.invoiceNumber`, 'DUPLICATE', `el número ${item.invoiceNumber} está dos veces`);
      seen.add(item.invoiceNumber);
      const fecha = siatForm(item.emissionDate);
      if (!fromBoliviaIso(fecha)) add(`${at}.emissionDate`, 'DATE', 'fecha y hora inexistentes');
      else if (fecha < inicio || fecha > fin) add(`${at}.emissionDate`, 'SIAT_1040', `fuera del evento (${ddmmyyyyhhmm(inicio)} a ${ddmmyyyyhhmm(fin)})`);
      const v = validateSale({ ...item, posId: pos.id, invoiceType: type.name } as unknown as SaleRequest, lookup, layout);
      if ('problems' in v) {
        for (const p of v.problems) add(`${at}.${p.field}`, p.rule, p.message);
        return;
      }
      prepared.push({ item, fecha, type, sale: v.sale });
    });
    if (problems.length) throw this.invalid(problems);
    for (const sector of new Set(prepared.map((p) => p.type.sector))) {
      const numbers = prepared.filter((p) => p.type.sector === sector).map((p) => p.item.invoiceNumber);
      const taken = deps.repo.cafcNumbersTaken(tenant.id, pos.id, sector, req.cafc, numbers);
      for (const n of taken) add(`invoices[${req.invoices.findIndex((x) => x.invoiceNumber === n)}].invoiceNumber`, 'ALREADY_TRANSCRIBED', `la factura ${n} del CAFC ${req.cafc} ya fue transcrita`);
    }
    if (new Set(prepared.map((p) => `${p.type.sector}|${p.type.modalidad}`)).size > 1) add('invoices', 'ONE_PACKAGE', 'un CAFC va en un paquete de un solo tipo de factura (CONTRACT §3.6)');
    // The till's screen sends one booklet's pages (one package, SIAT 954). certify's events 5–7
    // carry a package of exactly 500 and a smaller one (issue 29): the recovery cuts the event's
    // invoices into packages of 500 (build-packages.ts), as for any event.
    const maxInvoices = opts.maxInvoices ?? PACKAGE_MAX_INVOICES;
    if (prepared.length > maxInvoices) add('invoices', 'SIAT_954', `como máximo ${maxInvoices}`);
    if (problems.length) throw this.invalid(problems);

    const at = (deps.now ?? (() => new Date()))().toISOString();
    const signer = prepared.some((p) => p.type.modalidad === 1) ? deps.signers.forTenant(tenant) : null;
    const eventId = randomUUID();
    const result = deps.store.transaction(() => {
      const event = deps.repo.openEnded({
        id: eventId,
        tenantId: tenant.id,
        posId: pos.id,
        codigoMotivo: req.eventMotive,
        descripcion: req.description ?? MOTIVE_TEXT[req.eventMotive]!,
        manual: true,
        fechaInicio: inicio,
        fechaFin: fin,
        cufdEvento: cufd.codigo,
        cafc: req.cafc,
      });
      const stored = prepared.map(({ item, fecha, type, sale }) => {
        const legends = deps.catalogs.items(tenant.id, 'legends', { actividad: sale.lines[0]!.activityEconomic });
        const leyenda = legends[item.invoiceNumber % Math.max(1, legends.length)]?.descripcion ?? 'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.';
        // Offline with a NIT client SIAT cannot verify: codigoExcepcion 1 (CONTRACT §3.7).
        const exceptionCode = sale.clientDocType === TIPO_DOCUMENTO_IDENTIDAD.NIT ? 1 : sale.exceptionCode;
        const facts: SaleFacts = { tenant, pos, type, sale, cufd, fechaEmision: fecha, codigoEmision: 2, leyenda, exceptionCode, usuario, cafc: req.cafc };
        const sealed = seal(saleSealInput(facts, item.invoiceNumber, signer));
        return deps.invoices.insert(saleInvoiceRow(facts, { id: uuidv7(), number: item.invoiceNumber, sealed, state: 'CONTINGENCY', eventId: event.id, createdAt: at }));
      });
      return { event, invoices: stored };
    });
    for (const inv of result.invoices) deps.bus.publish({ type: 'invoice.contingency', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
    deps.recover(tenant.id, pos.id);
    return result;
  }

  private invalid(problems: FieldProblem[]): IssueError {
    return new IssueError('VALIDATION_FAILED', problems.map((p) => `${p.field}: ${p.message}`).join('; '), problems);
  }
}
