// The pure mapping between a sale and SIAT's compra-venta document model (CONTRACT.md §3.3):
// a validated sale → the document, and a stored invoice → the sale it was issued from (the
// offline re-issue rebuilds the very same document with a new CUF). No I/O, no clock.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord } from '../store/invoices';
import type { CufdRecord } from '../store/codes';
import type { CompraVentaDocument } from './xml/compra-venta';
import type { Sale } from './sale-input';

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
}

export function compraVentaDocument(tenant: Tenant, pos: PointOfSale, sale: Sale, x: DocumentFacts): CompraVentaDocument {
  return {
    cabecera: {
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
      cafc: null,
      leyenda: x.leyenda,
      usuario: x.usuario,
    },
    detalle: sale.lines.map((l) => ({
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
    })),
  };
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
  };
}
