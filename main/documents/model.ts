// The document model of an issued invoice: the one set of facts every printed form (A4 PDF,
// 80 mm ticket PDF, ESC/POS ticket) is rendered from. Pure: no I/O, no clock.
import { formatAmountEs, type Cents, type Hundredths } from '../../shared/money';
import { sectorFields } from '../../shared/sector-fields';
import { COMPRA_VENTA_SECTOR, CONCILIATION_NOTE_SECTOR, CREDIT_DEBIT_NOTE_SECTOR } from '../../shared/sectors';

export interface InvoiceDocumentLine {
  codigoProducto: string;
  descripcion: string;
  cantidad: Hundredths;
  /** The unit's description from the synchronized catalog (e.g. "UNIDAD (BIENES)"). */
  unidadMedida: string;
  precioUnitario: Cents;
  descuento: Cents;
  subTotal: Cents;
  /** The sector's own line fields, labelled and formatted (shared/sector-fields.ts), in declared order. */
  sectorFields?: readonly DocumentField[];
  /** Credit-debit note: 1 a line of the original invoice, 2 a returned line. */
  transaction?: 1 | 2;
}

/** A labelled, already formatted value the printed forms show as "label: value". */
export interface DocumentField {
  label: string;
  value: string;
}

/** A credit-debit note's reference to its original invoice and its amounts (CONTRACT §9.3). */
export interface DocumentNote {
  originalNumber: number;
  originalCuf: string;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', as the original's fechaEmision. */
  originalDate: string;
  amountOriginal: Cents;
  amountReturned: Cents;
  /** The returned lines' share of the original's additional discount (0: none); amountReturned is after it. */
  amountDiscount?: Cents;
  amountCash: Cents;
  /** A nota de conciliación (sector 29): its amounts instead of the returned ones. */
  conciliation?: { amountConciliated: Cents; ivaCredit: Cents; ivaDebit: Cents };
}

export interface InvoiceDocumentModel {
  issuer: {
    nit: string;
    razonSocial: string;
    municipio: string;
    telefono: string | null;
    direccion: string;
    codigoSucursal: number;
    codigoPuntoVenta: number;
  };
  numeroFactura: number;
  /** SIAT codigoDocumentoSector (1 compra-venta when absent). */
  sector?: number;
  /** SIAT tipoFacturaDocumento: 1 con derecho a crédito fiscal, 2 sin derecho, 3 documento de ajuste. */
  tipoFactura?: number;
  /** The sector's own header fields, labelled and formatted, in declared order (none for compra-venta). */
  sectorFields?: readonly DocumentField[];
  /** Only on a credit-debit note (sector 24) or a nota de conciliación (29). */
  note?: DocumentNote;
  /**
   * SIAT's name of the invoice's codigoMetodoPago, from the synced catalog ("EFECTIVO-TARJETA");
   * absent on a note (its XML has no payment method) and where the catalog is not at hand.
   */
  metodoPago?: string;
  /** A sale paid with several methods, in words: "Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)". */
  pagos?: string;
  cuf: string;
  /**
   * An invoice re-issued offline because SIAT never registered its online send: the first CUF
   * (printed as "REEMPLAZA A LA FACTURA CON CUF": the engine does not know whether a ticket with it
   * was printed, so the label names the invoice, not a ticket the customer may not hold).
   */
  replacesCuf?: string;
  /**
   * A reprint of a ticket the customer already holds: printed as COPIA, so only the first paper
   * reads as the original (and the drawer stays shut, api/routes/printing.ts).
   */
  copy?: boolean;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', Bolivia local time (as in the XML). */
  fechaEmision: string;
  /** 1 electrónica en línea, 2 computarizada en línea (CONTRACT §3.1). */
  modalidad: 1 | 2;
  /** Issued fuera de línea (emission type 2): changes the representation sentence. */
  offline: boolean;
  /** Training mode: prints 'SIN VALOR FISCAL — MODO ENTRENAMIENTO' prominently. */
  training: boolean;
  client: {
    nombre: string;
    /** codigoTipoDocumentoIdentidad 1–5 (CONTRACT §7). */
    documentType: number;
    documentNumber: string;
    complemento: string | null;
    codigoCliente: string;
  };
  lines: InvoiceDocumentLine[];
  subTotal: Cents;
  descuentoAdicional: Cents;
  montoTotal: Cents;
  /** null: the sector's layout has no montoGiftCard (alquiler, servicios básicos…): no line printed. */
  montoGiftCard: Cents | null;
  montoAPagar: Cents;
  importeBaseCreditoFiscal: Cents;
  /**
   * An export (sector 3) in a currency other than the boliviano: its lines, costs, FOB and
   * montoTotalMoneda are in that currency and montoTotal in bolivianos (decision 0047). `nombre` is
   * SIAT's description from the synced 'currencies' catalog ("DOLAR"), "MONEDA <code>" without it.
   * Absent on every other invoice, which prints its amounts as Bs.
   */
  moneda?: { codigo: number; nombre: string; tipoCambio: Hundredths; montoTotalMoneda: Cents };
  /** Amount in words, e.g. "Ciento Veinte 50/100 Bolivianos" (printed after "Son: "). */
  literal: string;
  /** The activity's legend chosen for this invoice (sincronizarListaLeyendasFactura). */
  leyenda: string;
  /** SIAT's QR page for the invoice; see buildQrUrl. */
  qrUrl: string;
  /** Invoice state; 'ANULADA' prints a visible mark. */
  state?: string;
}

// ---------------------------------------------------------------------------------------
// QR (CONTRACT §8)

const QR_HOSTS: Record<1 | 2, string> = {
  1: 'https://siat.impuestos.gob.bo',
  2: 'https://pilotosiat.impuestos.gob.bo',
};

/**
 * `<host>/consulta/QR?nit=…&cuf=…&numero=…&t=…` (CONTRACT §8). ambiente 1 = producción,
 * 2 = pruebas/piloto. t: 1 rollo (SIAT's default when omitted), 2 media hoja.
 */
export function buildQrUrl(input: {
  ambiente: 1 | 2;
  nit: string | number;
  cuf: string;
  numero: string | number;
  t?: 1 | 2;
}): string {
  const q = new URLSearchParams({ nit: String(input.nit), cuf: input.cuf, numero: String(input.numero) });
  if (input.t !== undefined) q.set('t', String(input.t));
  return `${QR_HOSTS[input.ambiente]}/consulta/QR?${q.toString()}`;
}

// ---------------------------------------------------------------------------------------
// Printed wording shared by every renderer (Spanish: it is what the customer reads).

export const DOCUMENT_TITLE = 'FACTURA';
export const DOCUMENT_SUBTITLE = '(Con Derecho a Crédito Fiscal)';
export const NOTE_TITLE = 'NOTA CRÉDITO-DÉBITO';
export const CONCILIATION_TITLE = 'NOTA DE CONCILIACIÓN';
/** tipoFacturaDocumento 2 (tasa cero, exportación, zona franca): the buyer gets no tax credit. */
export const NO_TAX_CREDIT = 'SIN DERECHO A CRÉDITO FISCAL';

export interface DocumentHeading {
  /** "FACTURA" or "NOTA CRÉDITO-DÉBITO". */
  title: string;
  /** The sector's name under the title ("SECTOR EDUCATIVO", "TASA CERO"); null for compra-venta and the note. */
  sector: string | null;
  /** Whether the document gives crédito fiscal; null when the sentence does not apply. */
  subtitle: string | null;
  /** Before the document's number in the header box and the footer. */
  numberLabel: string;
}

/**
 * Title block per sector: the only layout difference between sectors besides their fields and
 * the note's two line groups. The sector's name comes from its sector file (shared/sectors/).
 */
export function documentHeading(model: Pick<InvoiceDocumentModel, 'sector' | 'tipoFactura'>): DocumentHeading {
  const sector = model.sector ?? COMPRA_VENTA_SECTOR;
  if (sector === CREDIT_DEBIT_NOTE_SECTOR) return { title: NOTE_TITLE, sector: null, subtitle: null, numberLabel: 'NOTA N°' };
  if (sector === CONCILIATION_NOTE_SECTOR) return { title: CONCILIATION_TITLE, sector: null, subtitle: null, numberLabel: 'NOTA N°' };
  const subtitle = model.tipoFactura === 2 ? NO_TAX_CREDIT : (model.tipoFactura ?? 1) === 1 ? DOCUMENT_SUBTITLE : null;
  const label = sector === COMPRA_VENTA_SECTOR ? null : (sectorFields(sector)?.label.toLocaleUpperCase('es-BO') ?? null);
  return { title: DOCUMENT_TITLE, sector: label, subtitle, numberLabel: 'FACTURA N°' };
}

/**
 * Rows under the client block: the sector's own header fields, on a note which invoice it
 * corrects (number, CUF and date, SIAT's graphic representation of sector 24), and last how it
 * was paid (SIAT's name of the method, never its bare code, and the parts of a split).
 */
export function headerFieldRows(model: Pick<InvoiceDocumentModel, 'sectorFields' | 'note' | 'metodoPago' | 'pagos'>): DocumentField[] {
  const rows: DocumentField[] = [...(model.sectorFields ?? [])];
  if (model.note) {
    rows.push(
      { label: 'Factura original N°:', value: String(model.note.originalNumber) },
      { label: 'Cód. autorización original:', value: model.note.originalCuf },
      { label: 'Fecha factura original:', value: formatFechaEmision(model.note.originalDate) },
    );
  }
  if (model.metodoPago) rows.push({ label: 'Método de pago', value: model.metodoPago });
  if (model.pagos) rows.push({ label: 'Pagado con', value: model.pagos });
  return rows.map((r) => ({ label: r.label.endsWith(':') ? r.label : `${r.label}:`, value: r.value }));
}

export interface LineGroup {
  /** Printed above the group's lines; null when the document has one group. */
  title: string | null;
  lines: InvoiceDocumentLine[];
}

/** A note shows the original lines and the returned (or conciliated) ones apart; every other document one group. */
export function lineGroups(model: Pick<InvoiceDocumentModel, 'note' | 'lines'>): LineGroup[] {
  if (!model.note) return [{ title: null, lines: model.lines }];
  return [
    { title: 'DETALLE DE LA FACTURA ORIGINAL', lines: model.lines.filter((l) => l.transaction !== 2) },
    { title: model.note.conciliation ? 'DETALLE DE LA CONCILIACIÓN' : 'DETALLE DE LA DEVOLUCIÓN', lines: model.lines.filter((l) => l.transaction === 2) },
  ];
}

/** A line's sector fields as printed lines under its description ("Médico: Ana Rojas"). */
export function lineFieldTexts(line: Pick<InvoiceDocumentLine, 'sectorFields'>): string[] {
  return (line.sectorFields ?? []).map((f) => `${f.label}: ${f.value}`);
}

export interface TotalRow {
  label: string;
  value: string;
  bold: boolean;
}

/**
 * The currency an export's line amounts are in, for the line headings ("PRECIO UNITARIO (DOLAR)",
 * "DETALLE (DOLAR)"); null when they are in bolivianos, whose headings stay unmarked.
 */
export function lineCurrency(m: Pick<InvoiceDocumentModel, 'moneda'>): string | null {
  return m.moneda?.nombre ?? null;
}

/** The ticket's heading over the lines: "DETALLE", or "DETALLE (DOLAR)" for an export in dollars. */
export function detailTitle(m: Pick<InvoiceDocumentModel, 'moneda'>): string {
  const c = lineCurrency(m);
  return c ? `DETALLE (${c})` : 'DETALLE';
}

/**
 * The totals block: the note's amounts (CONTRACT §9.3), an export's in its currency (the lines'
 * sum, montoTotalMoneda, the exchange rate and montoTotal in Bs; an export has no additional
 * discount, gift card nor tax-credit base), or an invoice's totals.
 */
export function totalRows(m: InvoiceDocumentModel): TotalRow[] {
  if (m.moneda) {
    const c = m.moneda.nombre;
    return [
      { label: `SUBTOTAL ${c}`, value: formatAmountEs(m.subTotal), bold: false },
      { label: `TOTAL ${c}`, value: formatAmountEs(m.moneda.montoTotalMoneda), bold: true },
      { label: 'TIPO DE CAMBIO', value: formatAmountEs(m.moneda.tipoCambio), bold: false },
      { label: 'TOTAL Bs', value: formatAmountEs(m.montoTotal), bold: true },
    ];
  }
  if (m.note?.conciliation) {
    const c = m.note.conciliation;
    return [
      { label: 'MONTO TOTAL ORIGINAL Bs', value: formatAmountEs(m.note.amountOriginal), bold: false },
      { label: 'MONTO TOTAL CONCILIADO Bs', value: formatAmountEs(c.amountConciliated), bold: true },
      { label: 'CRÉDITO FISCAL IVA Bs', value: formatAmountEs(c.ivaCredit), bold: true },
      { label: 'DÉBITO FISCAL IVA Bs', value: formatAmountEs(c.ivaDebit), bold: true },
    ];
  }
  if (m.note) {
    const discount = m.note.amountDiscount ?? 0;
    return [
      { label: 'MONTO TOTAL ORIGINAL Bs', value: formatAmountEs(m.note.amountOriginal), bold: false },
      // The returned lines, then their share of the original's additional discount (montoDescuentoCreditoDebito).
      ...(discount > 0
        ? [
            { label: 'SUBTOTAL DEVUELTO Bs', value: formatAmountEs(m.note.amountReturned + discount), bold: false },
            { label: 'DESCUENTO Bs', value: formatAmountEs(discount), bold: false },
          ]
        : []),
      { label: 'MONTO TOTAL DEVUELTO Bs', value: formatAmountEs(m.note.amountReturned), bold: true },
      { label: 'EFECTIVO CRÉDITO-DÉBITO (13 %) Bs', value: formatAmountEs(m.note.amountCash), bold: true },
    ];
  }
  return [
    { label: 'SUBTOTAL Bs', value: formatAmountEs(m.subTotal), bold: false },
    { label: 'DESCUENTO Bs', value: formatAmountEs(m.descuentoAdicional), bold: false },
    { label: 'TOTAL Bs', value: formatAmountEs(m.montoTotal), bold: false },
    ...(m.montoGiftCard === null ? [] : [{ label: 'MONTO GIFT CARD Bs', value: formatAmountEs(m.montoGiftCard), bold: false }]),
    { label: 'MONTO A PAGAR Bs', value: formatAmountEs(m.montoAPagar), bold: true },
    { label: 'IMPORTE BASE CRÉDITO FISCAL Bs', value: formatAmountEs(m.importeBaseCreditoFiscal), bold: true },
  ];
}

/** Fixed first legend of every SIAT graphic representation. */
export const FIXED_LEGEND =
  'ESTA FACTURA CONTRIBUYE AL DESARROLLO DEL PAÍS, EL USO ILÍCITO SERÁ SANCIONADO PENALMENTE DE ACUERDO A LEY';

export const TRAINING_MARK = 'SIN VALOR FISCAL — MODO ENTRENAMIENTO';

/** Over the replaced CUF, right under the document's own (a re-issued invoice, model.replacesCuf). */
export const REPLACES_LABEL = 'REEMPLAZA A LA FACTURA CON CUF';
/** The same in the A4 invoice box, whose label column is as narrow as 'CÓD. AUTORIZACIÓN'. */
export const REPLACES_A4_LABEL = 'REEMPLAZA AL CUF';

const REPRESENTATION_ONLINE =
  '“Este documento es la Representación Gráfica de un Documento Fiscal Digital emitido en una modalidad de facturación en línea”';
const REPRESENTATION_OFFLINE =
  '“Este documento es la Representación Gráfica de un Documento Fiscal Digital emitido fuera de línea, verifique su envío con su proveedor o en la página web www.impuestos.gob.bo”';

/**
 * The representation sentence. Both modalities (electrónica and computarizada) are "en línea"
 * modalities and use the same sentence family; only the offline emission changes it.
 */
export function representationSentence(model: Pick<InvoiceDocumentModel, 'offline'>): string {
  return model.offline ? REPRESENTATION_OFFLINE : REPRESENTATION_ONLINE;
}

/** The client's document as printed: number plus complemento ("1234567-1A"). */
export function clientDocumentText(client: InvoiceDocumentModel['client']): string {
  return client.complemento ? `${client.documentNumber}-${client.complemento}` : client.documentNumber;
}

/** 'casa matriz' for branch 0, otherwise 'Sucursal N° n' (SIAT's representation wording). */
export function branchText(codigoSucursal: number): string {
  return codigoSucursal === 0 ? 'CASA MATRIZ' : `SUCURSAL N° ${codigoSucursal}`;
}

export function pointOfSaleText(codigoPuntoVenta: number): string {
  return `No. Punto de Venta ${codigoPuntoVenta}`;
}

/**
 * 'yyyy-MM-ddTHH:mm:ss.SSS' → 'dd/mm/aaaa HH:MM' (es-BO, STYLE.md 9). The text is already
 * Bolivia local time, so it is rearranged, never passed through Date (which would apply the
 * machine's zone).
 */
export function formatFechaEmision(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(fecha);
  if (!m) return fecha;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}`;
}

/** "Son: …" line; tolerates a literal that already starts with "Son". */
export function literalText(literal: string): string {
  const t = literal.trim();
  return /^son\b/i.test(t) ? t : `Son: ${t}`;
}

/**
 * The mark a state prints across the document, or null. Only annulment is marked: any other
 * state (pending, validated, in contingency) is still a valid invoice for the customer.
 */
export function stateMark(model: Pick<InvoiceDocumentModel, 'state' | 'copy'>): string | null {
  const s = model.state?.trim().toUpperCase();
  if (s === 'ANULADA' || s === 'ANULADO') return 'ANULADA';
  return model.copy ? COPY_MARK : null;
}

/** Over a reprinted ticket (model.copy). */
export const COPY_MARK = 'COPIA';
