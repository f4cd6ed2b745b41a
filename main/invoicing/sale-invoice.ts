// One sale of any sector, as the three ways of issuing it share it — the till's sale
// (issue-invoice.ts), a massive batch (massive/issue-items.ts) and a transcribed CAFC booklet
// (contingency/cafc-transcription.ts): what sealing takes (the CUF's fields and the document) and
// the row that is stored. Pure: they differ only in the emission type, the number's origin, the
// user and the state, which come in.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { CufdRecord } from '../store/cuis-cufd';
import type { InvoiceState, NewInvoice } from '../store/invoices';
import type { InvoiceTypeDef } from '../../shared/invoice-types';
import type { Sale } from './sale-input';
import type { XmlSigner } from './signing';
import type { SealInput } from './seal';
import { sectorLayout } from './sectors/layouts';
import { sectorDocument } from './invoice-document-mapping';
import { amountInWords } from './amount-in-words';
import { NOTE } from './credit-debit-note-data';
import { CONCILIATION } from './conciliation-note-data';

export interface SaleFacts {
  tenant: Tenant;
  pos: PointOfSale;
  type: InvoiceTypeDef;
  sale: Sale;
  cufd: Pick<CufdRecord, 'codigo' | 'codigoControl' | 'direccion'>;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', Bolivia time: written in the XML and the CUF alike. */
  fechaEmision: string;
  /** 1 online, 2 offline (also CAFC), 3 massive. */
  codigoEmision: 1 | 2 | 3;
  leyenda: string;
  exceptionCode: number | null;
  usuario: string;
  /** Transcribed manual invoices only. */
  cafc?: string | null;
}

/** What seal() takes for this sale numbered `number`. */
export function saleSealInput(f: SaleFacts, number: number, signer: XmlSigner | null): SealInput {
  const { tenant, pos, type } = f;
  return {
    fields: {
      nit: tenant.nit,
      fechaEmision: f.fechaEmision,
      codigoSucursal: pos.branchCode,
      modalidad: type.modalidad,
      tipoEmision: f.codigoEmision,
      tipoFacturaDocumento: type.tipoFactura,
      codigoDocumentoSector: type.sector,
      numeroFactura: number,
      codigoPuntoVenta: pos.code,
    },
    layout: sectorLayout(type.sector)!,
    codigoControl: f.cufd.codigoControl,
    document: (cuf) =>
      sectorDocument(type.sector, tenant, pos, f.sale, { number, cuf, cufd: f.cufd, fechaEmision: f.fechaEmision, leyenda: f.leyenda, exceptionCode: f.exceptionCode, usuario: f.usuario, cafc: f.cafc ?? null }),
    signer: type.modalidad === 1 ? signer : null,
  };
}

export interface StoredAs {
  id: string;
  number: number;
  sealed: { cuf: string; xml: string; hashArchivo: string };
  state: InvoiceState;
  eventId: string | null;
  createdAt: string;
  idempotencyKey?: string | null;
  requestHash?: string | null;
}

/** The invoice row of this sale once sealed. */
export function saleInvoiceRow(f: SaleFacts, s: StoredAs): NewInvoice {
  const { tenant, pos, type, sale } = f;
  return {
    id: s.id,
    tenantId: tenant.id,
    posId: pos.id,
    branchCode: pos.branchCode,
    posCode: pos.code,
    invoiceType: type.name,
    sector: type.sector,
    modalidad: type.modalidad,
    tipoFactura: type.tipoFactura,
    codigoEmision: f.codigoEmision,
    number: s.number,
    cuf: s.sealed.cuf,
    cufd: f.cufd.codigo,
    fechaEmision: f.fechaEmision,
    clientDocType: sale.clientDocType,
    clientDocNumber: sale.clientDocNumber,
    clientComplement: sale.clientComplement,
    clientName: sale.clientName,
    clientCode: sale.clientCode,
    clientEmail: sale.clientEmail,
    paymentMethod: sale.paymentMethod,
    cardNumber: sale.cardNumberMasked,
    currency: sale.currency,
    exchangeRate: sale.exchangeRate,
    subtotal: sale.totals.sumSubTotals,
    additionalDiscount: sale.additionalDiscount,
    giftCard: sale.giftCard,
    total: sale.totals.montoTotal,
    totalSubjectIva: sale.totals.montoTotalSujetoIva,
    totalCurrency: sale.totals.montoTotalMoneda,
    exceptionCode: f.exceptionCode,
    literal: amountInWords(sale.totals.montoTotal),
    leyenda: f.leyenda,
    usuario: f.usuario,
    details: sale.lines.map((l) => ({ ...l })),
    sectorData: sale.sectorData,
    originalInvoiceId: type.sector === NOTE.SECTOR || type.sector === CONCILIATION.SECTOR ? String(sale.sectorData?.[NOTE.ORIGINAL_ID]) : null,
    xml: s.sealed.xml,
    hash: s.sealed.hashArchivo,
    idempotencyKey: s.idempotencyKey ?? null,
    requestHash: s.requestHash ?? null,
    state: s.state,
    needsReconcile: false,
    eventId: s.eventId,
    createdAt: s.createdAt,
    ...(f.cafc ? { cafc: f.cafc } : {}),
  };
}
