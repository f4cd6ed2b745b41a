// Stored invoice → document model: the one mapping every printed form (A4 PDF, 80 mm ticket,
// ESC/POS) goes through. Pure: the caller passes the tenant and the synced unit catalog in.
import type { InvoiceRecord, SectorValues } from '../store/invoices';
import type { Tenant } from '../store/tenants';
import { sectorFields, type SectorField } from '../../shared/sector-fields';
import { formatAmountEs, formatBs } from '../../shared/money';
import { cardSuffix, paymentMethodName, paymentSplitText, type PaidPart, type PaymentMethodEntry } from '../../shared/payment-methods';
import { NOTE } from '../invoicing/credit-debit-note-data';
import { CONCILIATION } from '../invoicing/conciliation-note-data';
import { sectorLayout } from '../invoicing/sectors/layouts';
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
function documentFields(fields: readonly SectorField[], values: SectorValues | null | undefined, currency: string | null = null): DocumentField[] {
  if (!values) return [];
  const out: DocumentField[] = [];
  for (const f of fields) {
    const v = values[f.key];
    if (v === null || v === undefined || v === '' || v === f.default) continue;
    // An export's costs and FOB are in its currency: say which when it is not the boliviano.
    const label = currency && f.kind === 'amount' ? `${f.label} (${currency})` : f.label;
    out.push({ label, value: formatField(f, v) });
  }
  return out;
}

function noteOf(inv: InvoiceRecord): DocumentNote | undefined {
  const d = inv.sectorData;
  const conciliation = inv.sector === CONCILIATION.SECTOR;
  if ((inv.sector !== NOTE.SECTOR && !conciliation) || !d) return undefined;
  const num = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : Number(d[k] ?? 0));
  return {
    originalNumber: num(NOTE.ORIGINAL_NUMBER),
    originalCuf: String(d[NOTE.ORIGINAL_CUF] ?? ''),
    originalDate: String(d[NOTE.ORIGINAL_DATE] ?? ''),
    amountOriginal: num(NOTE.AMOUNT_ORIGINAL),
    amountReturned: conciliation ? 0 : num(NOTE.AMOUNT_RETURNED),
    ...(!conciliation && num(NOTE.AMOUNT_DISCOUNT) > 0 ? { amountDiscount: num(NOTE.AMOUNT_DISCOUNT) } : {}),
    amountCash: conciliation ? 0 : num(NOTE.AMOUNT_CASH),
    ...(conciliation ? { conciliation: { amountConciliated: num(CONCILIATION.AMOUNT_CONCILIATED), ivaCredit: num(CONCILIATION.IVA_CREDIT), ivaDebit: num(CONCILIATION.IVA_DEBIT) } } : {}),
  };
}

/** A conciliated line's amounts (conciliation-note.ts), printed under its description. */
function conciliatedFields(v: SectorValues | undefined): DocumentField[] {
  const amount = (k: string) => formatAmountEs(Number(v?.[k] ?? 0));
  return [
    { label: 'Monto original', value: amount(CONCILIATION.LINE_ORIGINAL) },
    { label: 'Monto final', value: amount(CONCILIATION.LINE_FINAL) },
    { label: 'Monto conciliado', value: amount(CONCILIATION.LINE_CONCILIATED) },
  ];
}

/** What the printed forms say of the payment: the synced catalog and the invoice's stored split (amounts in cents). */
export interface DocumentPayment {
  methods: readonly PaymentMethodEntry[];
  parts: readonly PaidPart[];
}

/** The method's SIAT name and, for a split, its parts; nothing on a note or without the catalog at hand. */
function paymentOf(inv: InvoiceRecord, pay: DocumentPayment | undefined): Pick<InvoiceDocumentModel, 'metodoPago' | 'pagos'> {
  if (!pay || inv.sector === NOTE.SECTOR || inv.sector === CONCILIATION.SECTOR) return {};
  const parts = pay.parts.filter((p) => p.amount > 0);
  // A card paid alone is named by its last four digits too, as a split's card part is (the
  // customer matches the ticket with the card slip).
  return {
    metodoPago: paymentMethodName(inv.paymentMethod, pay.methods) + (parts.length <= 1 ? cardSuffix(inv.cardNumber) : ''),
    ...(parts.length > 1 ? { pagos: paymentSplitText(parts, inv.cardNumber, formatBs) } : {}),
  };
}

/**
 * An export whose lines are priced in another currency than the boliviano (decision 0047): the
 * currency by SIAT's catalog description, "MONEDA <code>" when the catalog is not at hand.
 */
function monedaOf(inv: InvoiceRecord, currencies: readonly UnitMeasureEntry[]): InvoiceDocumentModel['moneda'] {
  if (inv.currency === 1 || sectorLayout(inv.sector)?.rules.totals.montoTotal !== 'export') return undefined;
  const nombre = currencies.find((c) => String(c.codigo) === String(inv.currency))?.descripcion ?? `MONEDA ${inv.currency}`;
  return { codigo: inv.currency, nombre, tipoCambio: inv.exchangeRate, montoTotalMoneda: inv.totalCurrency };
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
 *   of a split sale; left out when `payment` is not given (Kipu Central has no catalog);
 * - an export in another currency names it from the 'currencies' catalog (model.moneda).
 */
export function toInvoiceDocumentModel(
  inv: InvoiceRecord,
  tenant: DocumentTenant,
  unitMeasures: readonly UnitMeasureEntry[] = [],
  payment?: DocumentPayment,
  currencies: readonly UnitMeasureEntry[] = [],
): InvoiceDocumentModel {
  const units = new Map(unitMeasures.map((u) => [String(u.codigo), u.descripcion]));
  const fields = sectorFields(inv.sector);
  const note = noteOf(inv);
  const moneda = monedaOf(inv, currencies);
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
    sectorFields: documentFields(fields?.header ?? [], inv.sectorData, moneda?.nombre ?? null),
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
      sectorFields: inv.sector === CONCILIATION.SECTOR && d.transaction === 2 ? conciliatedFields(d.sectorFields) : documentFields(fields?.line ?? [], d.sectorFields),
      ...(d.transaction ? { transaction: d.transaction } : {}),
    })),
    subTotal: inv.subtotal,
    descuentoAdicional: inv.additionalDiscount,
    montoTotal: inv.total,
    // Only where the sector's layout has the field (a lease or a utility bill has no gift card).
    montoGiftCard: (sectorLayout(inv.sector)?.rules.giftCard ?? true) ? inv.giftCard : null,
    // montoTotalSujetoIva = montoTotal − montoGiftCard (CONTRACT §3.7): what the customer pays
    // in money and the base of the tax credit.
    montoAPagar: inv.totalSubjectIva,
    importeBaseCreditoFiscal: inv.totalSubjectIva,
    ...(moneda ? { moneda } : {}),
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
