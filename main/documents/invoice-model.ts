// Stored invoice → document model: the one mapping every printed form (A4 PDF, 80 mm ticket,
// ESC/POS) goes through. Pure: the caller passes the tenant and the synced unit catalog in.
import type { InvoiceRecord, SectorValues } from '../store/invoices';
import type { Tenant } from '../store/tenants';
import { sectorFields, type SectorField } from '../../shared/sector-fields';
import { formatAmountEs, formatBs } from '../../shared/money';
import { paymentMethodName, paymentSplitText, type PaidPart, type PaymentMethodEntry } from '../../shared/payment-methods';
import { NOTE } from '../invoicing/credit-debit-note-data';
import { buildQrUrl, formatFechaEmision, type DocumentField, type DocumentNote, type InvoiceDocumentModel } from './model';

/** The part of a catalog entry the mapping reads (CatalogItem from catalog-sync fits). */
export interface UnitMeasureEntry {
  codigo: string;
  descripcion: string;
}

export type DocumentTenant = Pick<Tenant, 'nit' | 'razonSocial' | 'municipio' | 'direccion' | 'telefono' | 'ambiente' | 'training'>;

/** A stored sector value as printed: amounts in es-BO, date-times as dd/mm/aaaa HH:MM. */
function formatField(f: SectorField, v: string | number): string {
  if (f.kind === 'amount' && typeof v === 'number') return formatAmountEs(v);
  if (f.kind === 'dateTime') return formatFechaEmision(String(v));
  return String(v);
}

/**
 * The sector's fields that carry a value, labelled from shared/sector-fields.ts. A value equal to
 * the field's default (nroOperatingRoom 0 = "no operating room") says nothing and is left out.
 */
function documentFields(fields: readonly SectorField[], values: SectorValues | null | undefined): DocumentField[] {
  if (!values) return [];
  const out: DocumentField[] = [];
  for (const f of fields) {
    const v = values[f.key];
    if (v === null || v === undefined || v === '' || v === f.default) continue;
    out.push({ label: f.label, value: formatField(f, v) });
  }
  return out;
}

function noteOf(inv: InvoiceRecord): DocumentNote | undefined {
  const d = inv.sectorData;
  if (inv.sector !== NOTE.SECTOR || !d) return undefined;
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : Number(d[k] ?? 0));
  return {
    originalNumber: num(NOTE.ORIGINAL_NUMBER),
    originalCuf: String(d[NOTE.ORIGINAL_CUF] ?? ''),
    originalDate: String(d[NOTE.ORIGINAL_DATE] ?? ''),
    amountOriginal: num(NOTE.AMOUNT_ORIGINAL),
    amountReturned: num(NOTE.AMOUNT_RETURNED),
    amountCash: num(NOTE.AMOUNT_CASH),
  };
}

/** What the printed forms say of the payment: the synced catalog and the invoice's stored split (amounts in cents). */
export interface DocumentPayment {
  methods: readonly PaymentMethodEntry[];
  parts: readonly PaidPart[];
}

/** The method's SIAT name and, for a split, its parts; nothing on a note or without the catalog at hand. */
function paymentOf(inv: InvoiceRecord, pay: DocumentPayment | undefined): Pick<InvoiceDocumentModel, 'metodoPago' | 'pagos'> {
  if (!pay || inv.sector === NOTE.SECTOR) return {};
  const parts = pay.parts.filter((p) => p.amount > 0);
  return {
    metodoPago: paymentMethodName(inv.paymentMethod, pay.methods),
    ...(parts.length > 1 ? { pagos: paymentSplitText(parts, inv.cardNumber, formatBs) } : {}),
  };
}

/**
 * Builds the document model of a stored invoice.
 * - unit descriptions come from the tenant's synchronized 'unit-measures' catalog; a code the
 *   catalog does not hold (catalog not synced yet) prints as "UNIDAD <code>" rather than failing,
 *   because a customer's copy must always be printable;
 * - offline = codigoEmision 2 (issued fuera de línea: different representation sentence);
 * - CANCELLED prints the ANULADA mark (model.stateMark);
 * - the QR points at SIAT's page of the tenant's environment (ambiente 1 producción, 2 piloto);
 * - the payment method prints by SIAT's name from the 'payment-methods' catalog, with the parts
 *   of a split sale; left out when `payment` is not given (Kipu Central has no catalog).
 */
export function toInvoiceDocumentModel(
  inv: InvoiceRecord,
  tenant: DocumentTenant,
  unitMeasures: readonly UnitMeasureEntry[] = [],
  payment?: DocumentPayment,
): InvoiceDocumentModel {
  const units = new Map(unitMeasures.map((u) => [String(u.codigo), u.descripcion]));
  const fields = sectorFields(inv.sector);
  const note = noteOf(inv);
  return {
    issuer: {
      nit: tenant.nit,
      razonSocial: tenant.razonSocial,
      municipio: tenant.municipio,
      telefono: tenant.telefono,
      direccion: tenant.direccion,
      codigoSucursal: inv.branchCode,
      codigoPuntoVenta: inv.posCode,
    },
    numeroFactura: inv.number,
    sector: inv.sector,
    tipoFactura: inv.tipoFactura,
    sectorFields: documentFields(fields?.header ?? [], inv.sectorData),
    ...(note ? { note } : {}),
    ...paymentOf(inv, payment),
    cuf: inv.cuf,
    fechaEmision: inv.fechaEmision,
    modalidad: inv.modalidad,
    offline: inv.codigoEmision === 2,
    training: tenant.training,
    client: {
      nombre: inv.clientName,
      documentType: inv.clientDocType,
      documentNumber: inv.clientDocNumber,
      complemento: inv.clientComplement,
      codigoCliente: inv.clientCode,
    },
    lines: inv.details.map((d) => ({
      codigoProducto: d.codeProduct,
      descripcion: d.description,
      cantidad: d.quantity,
      unidadMedida: units.get(String(d.unitMeasure)) ?? `UNIDAD ${d.unitMeasure}`,
      precioUnitario: d.priceUnit,
      descuento: d.amountDiscount,
      subTotal: d.subTotal,
      sectorFields: documentFields(fields?.line ?? [], d.sectorFields),
      ...(d.transaction ? { transaction: d.transaction } : {}),
    })),
    subTotal: inv.subtotal,
    descuentoAdicional: inv.additionalDiscount,
    montoTotal: inv.total,
    montoGiftCard: inv.giftCard,
    // montoTotalSujetoIva = montoTotal − montoGiftCard (CONTRACT §3.7): what the customer pays
    // in money and the base of the tax credit.
    montoAPagar: inv.totalSubjectIva,
    importeBaseCreditoFiscal: inv.totalSubjectIva,
    literal: inv.literal,
    leyenda: inv.leyenda,
    qrUrl: buildQrUrl({ ambiente: tenant.ambiente, nit: tenant.nit, cuf: inv.cuf, numero: inv.number }),
    state: inv.state === 'CANCELLED' ? 'ANULADA' : inv.state,
  };
}

/** File name stem shared by every download of an invoice: "factura-<numero>-<cuf>". */
export function invoiceFileStem(inv: Pick<InvoiceRecord, 'number' | 'cuf'>): string {
  return `factura-${inv.number}-${inv.cuf}`;
}
