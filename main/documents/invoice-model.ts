// Stored invoice → document model: the one mapping every printed form (A4 PDF, 80 mm ticket,
// ESC/POS) goes through. Pure: the caller passes the tenant and the synced unit catalog in.
import type { InvoiceRecord } from '../store/invoices';
import type { Tenant } from '../store/tenants';
import { buildQrUrl, type InvoiceDocumentModel } from './model';

/** The part of a catalog entry the mapping reads (CatalogItem from catalog-sync fits). */
export interface UnitMeasureEntry {
  codigo: string;
  descripcion: string;
}

export type DocumentTenant = Pick<Tenant, 'nit' | 'razonSocial' | 'municipio' | 'direccion' | 'telefono' | 'ambiente' | 'training'>;

/**
 * Builds the document model of a stored invoice.
 * - unit descriptions come from the tenant's synchronized 'unit-measures' catalog; a code the
 *   catalog does not hold (catalog not synced yet) prints as "UNIDAD <code>" rather than failing,
 *   because a customer's copy must always be printable;
 * - offline = codigoEmision 2 (issued fuera de línea: different representation sentence);
 * - CANCELLED prints the ANULADA mark (model.stateMark);
 * - the QR points at SIAT's page of the tenant's environment (ambiente 1 producción, 2 piloto).
 */
export function toInvoiceDocumentModel(
  inv: InvoiceRecord,
  tenant: DocumentTenant,
  unitMeasures: readonly UnitMeasureEntry[] = [],
): InvoiceDocumentModel {
  const units = new Map(unitMeasures.map((u) => [String(u.codigo), u.descripcion]));
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
