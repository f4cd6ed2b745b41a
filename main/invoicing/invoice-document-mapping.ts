// The pure mapping between a sale and SIAT's document model of its sector (CONTRACT.md §3.3,
// §9): a validated sale → the values of the layout's elements, and a stored invoice → the sale
// it was issued from (the offline re-issue rebuilds the very same document with a new CUF).
// No I/O, no clock.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord } from '../store/invoices';
import type { CufdRecord } from '../store/cuis-cufd';
import type { CompraVentaDocument } from './xml/compra-venta';
import type { SectorDocument, XmlValue } from './xml/sector-xml';
import type { Sale } from './sale-input';
import { sectorFields } from '../../shared/sector-fields';
import { NOTE } from './credit-debit-note-data';
import { CONCILIATION } from './conciliation-note-data';

/** What the document takes besides the sale: numbering, codes and the texts chosen at issue. */
export interface DocumentFacts {
  number: number;
  cuf: string;
  cufd: Pick<CufdRecord, 'codigo' | 'direccion'>;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', Bolivia time: the CUF was built from it. */
  fechaEmision: string;
  leyenda: string;
  exceptionCode: number | null;
  usuario: string;
  /** Transcribed manual invoices only (CAFC, CONTRACT §5.3). */
  cafc?: string | null;
}

/**
 * The values of every element a sector may have, by XML name: sector 1's, the sector's own
 * fields (shared/sector-fields.ts) and, for a credit-debit note, the original invoice's facts.
 * The layout picks and orders what its sector has (xml/sector-xml.ts).
 */
export function sectorDocument(sector: number, tenant: Tenant, pos: PointOfSale, sale: Sale, x: DocumentFacts): SectorDocument {
  const cabecera: Record<string, XmlValue> = {
    nitEmisor: tenant.nit,
    razonSocialEmisor: tenant.razonSocial,
    municipio: tenant.municipio || 'La Paz',
    telefono: tenant.telefono,
    numeroFactura: x.number,
    cuf: x.cuf,
    cufd: x.cufd.codigo,
    codigoSucursal: pos.branchCode,
    // The CUFD's address is the padrón's: invoices must repeat it (SIAT 1007/2014).
    direccion: x.cufd.direccion || tenant.direccion,
    codigoPuntoVenta: pos.code,
    fechaEmision: x.fechaEmision,
    nombreRazonSocial: sale.clientName,
    codigoTipoDocumentoIdentidad: sale.clientDocType,
    numeroDocumento: sale.clientDocNumber,
    complemento: sale.clientComplement,
    codigoCliente: sale.clientCode,
    codigoMetodoPago: sale.paymentMethod,
    numeroTarjeta: sale.cardNumberMasked,
    montoTotal: sale.totals.montoTotal,
    montoTotalSujetoIva: sale.totals.montoTotalSujetoIva,
    codigoMoneda: sale.currency,
    tipoCambio: sale.exchangeRate,
    montoTotalMoneda: sale.totals.montoTotalMoneda,
    montoGiftCard: sale.giftCard > 0 ? sale.giftCard : null,
    descuentoAdicional: sale.additionalDiscount > 0 ? sale.additionalDiscount : null,
    codigoExcepcion: x.exceptionCode,
    cafc: x.cafc ?? null,
    leyenda: x.leyenda,
    usuario: x.usuario,
    // Export: the goods' value before national and international costs (CONTRACT §9.2).
    montoDetalle: sale.totals.sumSubTotals,
  };
  const fields = sectorFields(sector);
  const data = sale.sectorData ?? {};
  for (const f of fields?.header ?? []) cabecera[f.xml] = data[f.key] ?? null;
  if (sector === NOTE.SECTOR) {
    // The note has its own number; numeroFactura is the original invoice's (CONTRACT §9.3).
    cabecera.numeroNotaCreditoDebito = x.number;
    cabecera.numeroFactura = data[NOTE.ORIGINAL_NUMBER] ?? null;
    cabecera.numeroAutorizacionCuf = data[NOTE.ORIGINAL_CUF] ?? null;
    cabecera.fechaEmisionFactura = data[NOTE.ORIGINAL_DATE] ?? null;
    cabecera.montoTotalOriginal = data[NOTE.AMOUNT_ORIGINAL] ?? null;
    cabecera.montoTotalDevuelto = data[NOTE.AMOUNT_RETURNED] ?? null;
    const descuento = Number(data[NOTE.AMOUNT_DISCOUNT] ?? 0);
    cabecera.montoDescuentoCreditoDebito = descuento > 0 ? descuento : null;
    cabecera.montoEfectivoCreditoDebito = data[NOTE.AMOUNT_CASH] ?? null;
  }
  if (sector === CONCILIATION.SECTOR) {
    // Its own number; the original invoice's number, CUF and date (codigoControl: Kipu's
    // originals have a CUF, so it is nil); the amounts of the adjustment (conciliation-note.ts).
    cabecera.numeroNotaConciliacion = x.number;
    cabecera.numeroFactura = data[CONCILIATION.ORIGINAL_NUMBER] ?? null;
    cabecera.numeroAutorizacionCuf = data[CONCILIATION.ORIGINAL_CUF] ?? null;
    cabecera.codigoControl = null;
    cabecera.fechaEmisionFactura = data[CONCILIATION.ORIGINAL_DATE] ?? null;
    cabecera.montoTotalOriginal = data[CONCILIATION.AMOUNT_ORIGINAL] ?? null;
    cabecera.montoTotalConciliado = data[CONCILIATION.AMOUNT_CONCILIATED] ?? null;
    cabecera.creditoFiscalIva = data[CONCILIATION.IVA_CREDIT] ?? null;
    cabecera.debitoFiscalIva = data[CONCILIATION.IVA_DEBIT] ?? null;
  }
  return {
    cabecera,
    detalle: sale.lines.map((l) => {
      const d: Record<string, XmlValue> = {
        actividadEconomica: l.activityEconomic,
        codigoProductoSin: Number(l.codeProductSin),
        codigoProducto: l.codeProduct,
        descripcion: l.description,
        cantidad: l.quantity,
        unidadMedida: l.unitMeasure,
        precioUnitario: l.priceUnit,
        montoDescuento: l.amountDiscount > 0 ? l.amountDiscount : null,
        subTotal: l.subTotal,
        numeroSerie: null,
        numeroImei: null,
        codigoDetalleTransaccion: l.transaction ?? null,
        // A conciliated line (sector 29): the amounts it keeps in its sectorFields.
        montoOriginal: l.sectorFields?.[CONCILIATION.LINE_ORIGINAL] ?? null,
        montoFinal: l.sectorFields?.[CONCILIATION.LINE_FINAL] ?? null,
        montoConciliado: l.sectorFields?.[CONCILIATION.LINE_CONCILIATED] ?? null,
      };
      for (const f of fields?.line ?? []) d[f.xml] = l.sectorFields?.[f.key] ?? null;
      return d;
    }),
  };
}

/** Sector 1's typed document (tests and benchmarks build compra-venta documents from it). */
export function compraVentaDocument(tenant: Tenant, pos: PointOfSale, sale: Sale, x: DocumentFacts): CompraVentaDocument {
  return sectorDocument(1, tenant, pos, sale, x) as unknown as CompraVentaDocument;
}

/** The sale a stored invoice was issued from: amounts as stored, never recomputed. */
export function saleOfInvoice(inv: InvoiceRecord, exceptionCode: number | null): Sale {
  return {
    clientDocType: inv.clientDocType,
    clientDocNumber: inv.clientDocNumber,
    clientComplement: inv.clientComplement,
    clientName: inv.clientName,
    clientCode: inv.clientCode,
    clientEmail: inv.clientEmail,
    paymentMethod: inv.paymentMethod,
    cardNumberMasked: inv.cardNumber,
    giftCard: inv.giftCard,
    additionalDiscount: inv.additionalDiscount,
    currency: inv.currency,
    exchangeRate: inv.exchangeRate,
    exceptionCode,
    lines: inv.details,
    totals: { ok: true, lines: inv.details.map((d) => ({ subTotal: d.subTotal })), sumSubTotals: inv.subtotal, montoTotal: inv.total, montoTotalSujetoIva: inv.totalSubjectIva, montoTotalMoneda: inv.totalCurrency },
    sectorData: inv.sectorData,
  };
}
