// Stage IV: individual emission, through the engine's InvoicingService (the same path a sale
// takes: build, sign where electronic, check against the XSD, send, SIAT's 908), for each declared
// sector in turn: a sale with the sector's own fields (its file's samples), or for a note (24, 29)
// a note on an invoice of this run issued for it. Each step's idempotency key carries its sector
// and seq, so a step SIAT already registered but whose row a kill -9 lost replays the same
// document: never a second one for the same step.
import { invoiceTypeFor } from '../../../shared/invoice-types';
import { sectorSampleFields } from '../../../shared/api/invoice-examples';
import { COMPRA_VENTA_SECTOR, CONCILIATION_NOTE_SECTOR } from '../../../shared/sectors';
import type { SaleRequest } from '../../invoicing/sale-input';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord } from '../../store/invoices';
import { isNoteSector, stageKey, STAGES } from '../requirements';
import type { CertifyContext, Stage, StepOutcome } from '../context';

/** How long a step waits for SIAT's verdict before asking SIAT itself (verificacionEstado…). */
const VERDICT_WAIT_MS = 20_000;

/** `certify:<run>:<pv>:emission:<n>` (another sector: `…:emission:s11:<n>`), as the step rows' keys. */
export const emissionKey = (runId: string, posCode: number, seq: number, sector: number | null = null) => `certify:${runId}:${posCode}:${stageKey('emission', sector)}:${seq}`;

/**
 * The activity SIAT lists for the sector (sincronizarListaActividadesDocumentoSector), else the
 * first. Compra-venta keeps the first, as before sectors: a step replayed after a kill sends the
 * same request (its idempotency key would refuse another body).
 */
function activityFor(ctx: CertifyContext, sector: number) {
  const { catalogs } = ctx.engine;
  const activities = catalogs.items(ctx.tenant.id, 'activities');
  if (sector === COMPRA_VENTA_SECTOR) return activities[0];
  const listed = catalogs.items(ctx.tenant.id, 'activity-sectors').find((a) => a.codigo === String(sector) && activities.some((x) => x.codigo === a.actividad));
  return (listed && activities.find((x) => x.codigo === listed.actividad)) ?? activities[0];
}

/** A sale of `sector` built from the synced catalogs (never hard-coded codes SIAT could have changed). */
export function certificationSale(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number = COMPRA_VENTA_SECTOR): SaleRequest {
  const { catalogs } = ctx.engine;
  const type = invoiceTypeFor(sector, ctx.tenant.modalidad);
  if (!type) throw new Error(`El sector ${sector} no tiene tipo de factura en modalidad ${ctx.tenant.modalidad === 1 ? 'electrónica' : 'computarizada'}`);
  const activity = activityFor(ctx, sector);
  if (!activity) throw new Error('No hay actividades sincronizadas: la etapa de catálogos debe ir antes');
  const product = catalogs.items(ctx.tenant.id, 'products', { actividad: activity.codigo })[0];
  if (!product) throw new Error(`No hay productos del SIN sincronizados para la actividad ${activity.codigo}`);
  const units = catalogs.items(ctx.tenant.id, 'unit-measures');
  const unit = units.find((u) => u.codigo === '58') ?? units[0];
  if (!unit) throw new Error('No hay unidades de medida sincronizadas');
  const cash = catalogs.items(ctx.tenant.id, 'payment-methods').find((p) => p.codigo === '1');
  if (!cash) throw new Error('El catálogo de métodos de pago no tiene el código 1 (efectivo)');
  return {
    invoiceType: type.name,
    posId: pos.id,
    clientDocumentType: 1,
    clientDocumentNumber: String(4_000_000 + pos.code * 100_000 + seq),
    clientBusinessName: `PRUEBA AUTORIZACION ${seq + 1}`,
    clientCode: `CERT${pos.code}-${seq + 1}`,
    paymentMethodCode: Number(cash.codigo),
    // The sector's own fields, as its file's samples give them (shared/sectors/).
    ...sectorSampleFields(sector, 'header'),
    details: [
      {
        activityEconomic: activity.codigo,
        codeProductSin: product.codigo,
        codeProduct: `CERT-${product.codigo}`,
        description: product.descripcion || 'PRUEBA DE AUTORIZACION',
        quantity: 1,
        unitMeasure: Number(unit.codigo),
        // Whole bolivianos, varied per step: no floating-point arithmetic anywhere.
        priceUnit: 10 + (seq % 90),
        ...sectorSampleFields(sector, 'line'),
      },
    ],
  };
}

/** The invoice sector a note's original is of: the first declared invoice sector, else compra-venta. */
const originalSector = (ctx: CertifyContext) => ctx.sectors.find((s) => !isNoteSector(s)) ?? COMPRA_VENTA_SECTOR;

/**
 * A note (credit-debit or conciliation) for step `saleSeq`: first its original, an invoice issued
 * online for it under `<key>:original` (replayed, never issued twice), then the note on it
 * returning (or conciliating) its one line.
 */
async function noteRequest(ctx: CertifyContext, pos: PointOfSale, saleSeq: number, sector: number, idempotencyKey: string): Promise<SaleRequest> {
  const { invoicing } = ctx.engine;
  const issued = await invoicing.issue(ctx.tenant, pos, certificationSale(ctx, pos, saleSeq, originalSector(ctx)), { idempotencyKey: `${idempotencyKey}:original`, usuario: 'certify', waitMs: VERDICT_WAIT_MS });
  let original = issued.invoice;
  if (original.state === 'PENDING') original = await invoicing.submitter.submitAfterCheck(ctx.tenant, pos, original);
  if (original.state !== 'VALIDATED') {
    const m = original.siatMessages[0];
    throw new Error(`La factura original de la nota no fue validada (${original.state}${m ? `: SIAT ${m.codigo} ${m.descripcion}` : ''})`);
  }
  const line = original.details[0]!;
  const type = invoiceTypeFor(sector, ctx.tenant.modalidad)!;
  const conciliation = sector === CONCILIATION_NOTE_SECTOR;
  return {
    invoiceType: type.name,
    posId: pos.id,
    originalInvoiceId: original.id,
    // A conciliation lowers the line by one boliviano; a credit-debit note takes the line back.
    details: [conciliation ? { codeProduct: line.codeProduct, finalAmount: (line.subTotal - 100) / 100 } : { codeProduct: line.codeProduct, quantity: line.quantity / 100, returnProduct: true }],
  } as unknown as SaleRequest;
}

/** One document of `sector` issued online and SIAT's verdict on it (stages IV and VIII). */
export async function emitOne(ctx: CertifyContext, pos: PointOfSale, saleSeq: number, idempotencyKey: string, sector: number = COMPRA_VENTA_SECTOR): Promise<{ inv: InvoiceRecord; outcome: StepOutcome }> {
  const { invoicing } = ctx.engine;
  const request = isNoteSector(sector) ? await noteRequest(ctx, pos, saleSeq, sector, idempotencyKey) : certificationSale(ctx, pos, saleSeq, sector);
  const issued = await invoicing.issue(ctx.tenant, pos, request, { idempotencyKey, usuario: 'certify', waitMs: VERDICT_WAIT_MS });
  let inv = issued.invoice;
  // No verdict in time (or a replay of a step killed mid-way): SIAT is asked before any resend.
  if (inv.state === 'PENDING') inv = await invoicing.submitter.submitAfterCheck(ctx.tenant, pos, inv);
  const first = inv.siatMessages[0];
  return {
    inv,
    outcome: {
      ok: inv.state === 'VALIDATED',
      siatCode: inv.siatCode ?? first?.codigo ?? null,
      // SIAT said nothing (the document went out of line, or no verdict came): the step says where it stayed.
      siatText: inv.siatDescription ?? first?.descripcion ?? (inv.state === 'VALIDATED' ? null : unansweredText(inv)),
      ref: inv.cuf,
      invoiceId: inv.id,
    },
  };
}

/** Why a document SIAT never answered is not validated, in the run's words. */
export function unansweredText(inv: Pick<InvoiceRecord, 'number' | 'state'>): string {
  if (inv.state === 'CONTINGENCY') return `la factura ${inv.number} se emitió fuera de línea (contingencia): SIAT no respondió a tiempo`;
  return `la factura ${inv.number} quedó en estado ${inv.state} sin respuesta de SIAT`;
}

export const emissionStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'emission')!,
  async step(ctx, pos, seq, sector): Promise<StepOutcome> {
    return (await emitOne(ctx, pos, seq, emissionKey(ctx.run.id, pos.code, seq, sector), sector ?? COMPRA_VENTA_SECTOR)).outcome;
  },
};
