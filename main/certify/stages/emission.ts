// Stage IV: individual emission, through the engine's InvoicingService (the same path a sale
// takes: build, sign where electronic, check against the XSD, send, SIAT's 908). Each step's
// idempotency key carries its seq, so a step SIAT already registered but whose row a kill -9
// lost replays the same invoice: never a second one for the same step.
import { invoiceTypeFor } from '../../../shared/invoice-types';
import type { SaleRequest } from '../../invoicing/sale-input';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord } from '../../store/invoices';
import { STAGES } from '../requirements';
import type { CertifyContext, Stage, StepOutcome } from '../context';

/** Sectors whose sale this slice can build (the standard sale); others are refused up front. */
export const EMISSION_SECTORS: readonly number[] = [1];

/** How long a step waits for SIAT's verdict before asking SIAT itself (verificacionEstado…). */
const VERDICT_WAIT_MS = 20_000;

export const emissionKey = (runId: string, posCode: number, seq: number) => `certify:${runId}:${posCode}:emission:${seq}`;

/** A sale built from the synced catalogs (never hard-coded codes SIAT could have changed). */
export function certificationSale(ctx: CertifyContext, pos: PointOfSale, seq: number): SaleRequest {
  const { catalogs } = ctx.engine;
  const sector = ctx.sectors[seq % ctx.sectors.length]!;
  const type = invoiceTypeFor(sector, ctx.tenant.modalidad);
  if (!type) throw new Error(`El sector ${sector} no tiene tipo de factura en modalidad ${ctx.tenant.modalidad === 1 ? 'electrónica' : 'computarizada'}`);
  const activity = catalogs.items(ctx.tenant.id, 'activities')[0];
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
      },
    ],
  };
}

/** One sale issued online and SIAT's verdict on it (stages IV and VIII). */
export async function emitOne(ctx: CertifyContext, pos: PointOfSale, saleSeq: number, idempotencyKey: string): Promise<{ inv: InvoiceRecord; outcome: StepOutcome }> {
  const { invoicing } = ctx.engine;
  const issued = await invoicing.issue(ctx.tenant, pos, certificationSale(ctx, pos, saleSeq), { idempotencyKey, usuario: 'certify', waitMs: VERDICT_WAIT_MS });
  let inv = issued.invoice;
  // No verdict in time (or a replay of a step killed mid-way): SIAT is asked before any resend.
  if (inv.state === 'PENDING') inv = await invoicing.submitAfterCheck(ctx.tenant, pos, inv);
  const first = inv.siatMessages[0];
  return {
    inv,
    outcome: {
      ok: inv.state === 'VALIDATED',
      siatCode: inv.siatCode ?? first?.codigo ?? null,
      siatText: inv.siatDescription ?? first?.descripcion ?? null,
      ref: inv.cuf,
      invoiceId: inv.id,
    },
  };
}

export const emissionStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'emission')!,
  async step(ctx, pos, seq): Promise<StepOutcome> {
    return (await emitOne(ctx, pos, seq, emissionKey(ctx.run.id, pos.code, seq))).outcome;
  },
};
