// Seed 001 "Sector invoices": POST /api/v1/invoice/{electronic|computarized}/{sector} and
// …/{sector}/anulation, with the seed's own field names. The six sectors, their SIAT codes and
// labels, the request and response schemas (built per sector from shared/sector-fields.ts) and
// the OpenAPI examples. `posId` is SIAT's codigoPuntoVenta inside `branchId`, as on the other
// routes of this style (shared/api/sector-invoice.ts).
import Type, { type Static, type TSchema } from 'typebox';
import { sectorFields, type SectorField } from '../sector-fields';
import { MAX_INVOICE_NUMBER, MAX_ROW_ID } from './limits';
import { sectorSampleFields } from './invoice-examples';
import { invoiceType } from '../invoice-types';

/** The path's modality (seed 001 spells it `computarized`) → SIAT codigoModalidad. */
export const SECTOR_MODALITIES = { electronic: 1, computarized: 2 } as const;
export type SectorModality = keyof typeof SECTOR_MODALITIES;

export interface SectorRoute {
  /** The path segment (seed 001's `<sector>`). */
  segment: 'rate' | 'hospital' | 'saleBon' | 'debit' | 'telecom' | 'education';
  /** SIAT codigoDocumentoSector (official catalog, decision 0005): the invoiceTypes' sector file's. */
  sector: number;
  /** seed 001's message label on success. */
  emitted: string;
  cancelled: string;
  /** The invoiceType each modality issues (shared/invoice-types.ts). */
  invoiceTypes: Record<SectorModality, string>;
  /** How seed 001's sample of the route differs from the common one (the OpenAPI example). */
  sample: { description: string; unitMeasure: number; typeInvoice: boolean; lineOmits: readonly string[] };
}

const SERVICE_SAMPLE: SectorRoute['sample'] = { description: 'Servicio', unitMeasure: 58, typeInvoice: true, lineOmits: [] };

function route(segment: SectorRoute['segment'], emitted: string, cancelled: string, electronic: string, computarized: string, sample: SectorRoute['sample'] = SERVICE_SAMPLE): SectorRoute {
  const type = invoiceType(electronic);
  if (!type || invoiceType(computarized)?.sector !== type.sector) throw new Error(`sector route ${segment}: ${electronic} and ${computarized} are not one sector's invoiceTypes`);
  return { segment, sector: type.sector, emitted, cancelled, invoiceTypes: { electronic, computarized }, sample };
}

// seed 001 "Sector invoices": rate answers COMPLETED_RATE; saleBon and debit answer COMPLETED on
// emission and COMPLETED_SALE_BON / COMPLETED_DEBIT on cancellation; the rest COMPLETED.
export const SECTOR_ROUTES: readonly SectorRoute[] = [
  // seed 001's zero-rate sample sends no typeInvoice.
  route('rate', 'COMPLETED_RATE', 'COMPLETED_RATE', 'ELECTRONIC_DUTY_FREE', 'COMPUTERIZED_DUTY_FREE', { description: 'Libro de texto', unitMeasure: 57, typeInvoice: false, lineOmits: [] }),
  // SIAT has one sector (17) for hospitals and health services; these routes name it HOSPITAL.
  // Its sample leaves out nroOperatingRoom and specialtyDoctor.
  route('hospital', 'COMPLETED', 'COMPLETED', 'ELECTRONIC_HOSPITAL', 'COMPUTERIZED_HOSPITAL', { ...SERVICE_SAMPLE, lineOmits: ['nroOperatingRoom', 'specialtyDoctor'] }),
  route('saleBon', 'COMPLETED', 'COMPLETED_SALE_BON', 'ELECTRONIC_SALE_BONUS', 'COMPUTERIZED_SALE_BONUS', { ...SERVICE_SAMPLE, description: 'Arroz 1 kg', unitMeasure: 57 }),
  route('debit', 'COMPLETED', 'COMPLETED_DEBIT', 'NOTE_CREDIT_DEBIT', 'COMPUTERIZED_NOTE_CREDIT_DEBIT'),
  route('telecom', 'COMPLETED', 'COMPLETED', 'ELECTRONIC_TELECOM', 'COMPUTERIZED_TELECOM'),
  route('education', 'COMPLETED', 'COMPLETED', 'ELECTRONIC_SECTOR_EDUCATION', 'COMPUTERIZED_SECTOR_EDUCATION'),
];

export const emissionPath = (modality: SectorModality, segment: SectorRoute['segment']) => `/api/v1/invoice/${modality}/${segment}`;
export const cancellationPath = (modality: SectorModality, segment: SectorRoute['segment']) => `${emissionPath(modality, segment)}/anulation`;

// ---- request ---------------------------------------------------------------------------------

const PosCode = Type.Integer({ minimum: 0, maximum: 9999, description: 'codigoPuntoVenta de SIAT dentro de branchId (0 = el primero de la sucursal)' });
const BranchId = Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: 'branchId (GET /api/v1/branchOffice); por defecto la casa matriz' });
const Money = (description: string) => Type.Number({ minimum: 0, description: `${description} (hasta 2 decimales)` });
const nullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));
const InvoiceNumber = Type.Integer({ minimum: 1, maximum: MAX_INVOICE_NUMBER, description: 'Número de la factura' });
const InvoiceCode = Type.String({ minLength: 1, maxLength: 32, description: 'Código corto de la factura (invoiceCode de la respuesta de emisión; 8 caracteres)' });
const UserPos = Type.String({ minLength: 1, maxLength: 100, description: 'Usuario que emite (va al XML como usuario)' });

/** A sector field as a request property: required ones (without a default) must come, non-null. */
function fieldSchema(f: SectorField): TSchema {
  const description = `${f.label} (${f.xml} en el XML de SIAT)`;
  const base =
    f.kind === 'string'
      ? f.integerToo
        ? // The length is checked by the engine (main/invoicing/sectors/sector-input.ts, 422 as for
          // any text field): inside a union, the schema's error would read as a type error (400).
          Type.Union([Type.String({ minLength: f.required ? 1 : 0 }), Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })], {
            description: `${description}; texto (hasta ${f.maxLength} caracteres) o número entero (un entero de más de 15 dígitos, como texto)`,
          })
        : Type.String({ minLength: f.required ? 1 : 0, maxLength: f.maxLength, description })
      : f.kind === 'integer'
        ? Type.Integer({ minimum: f.minimum, maximum: f.maximum, description })
        : f.kind === 'amount'
          ? Money(description)
          : Type.String({ maxLength: 23, description: `${description}; aaaa-mm-ddThh:mm:ss, hora de Bolivia` });
  return f.required && f.default === undefined ? base : nullable(base);
}
const fieldProps = (sector: number, part: 'header' | 'line') => Object.fromEntries((sectorFields(sector)?.[part] ?? []).map((f) => [f.key, fieldSchema(f)]));

function emissionLine(sector: number) {
  return Type.Object(
    {
      activityEconomic: Type.String({ minLength: 1, maxLength: 10, description: 'Actividad económica registrada para el NIT' }),
      unitMeasure: Type.Integer({ minimum: 1, maximum: 200, description: 'Unidad de medida (catálogo 17; 58 = servicio, cantidad 1)' }),
      codeProductSin: Type.Union([Type.String({ minLength: 1, maxLength: 8 }), Type.Integer({ minimum: 1, maximum: 99_999_999 })], { description: 'Código de producto SIN (catálogo 1)' }),
      codeProduct: Type.String({ minLength: 1, maxLength: 50, description: 'Código propio del producto o servicio' }),
      description: Type.String({ minLength: 1, maxLength: 500 }),
      qty: Type.Number({ exclusiveMinimum: 0, description: 'Cantidad (hasta 2 decimales; 1 para un servicio)' }),
      priceUnit: Type.Number({ exclusiveMinimum: 0, description: 'Precio unitario (hasta 2 decimales)' }),
      amountDiscount: nullable(Money('Descuento de la línea')),
      ...fieldProps(sector, 'line'),
    },
    { additionalProperties: false },
  );
}

/** The emission body of a sector (not the credit-debit note): seed 001 "Invoice header" + "Invoice line" + the sector's fields. */
export function emissionBody(route: SectorRoute, modality: SectorModality) {
  return Type.Object(
    {
      posId: PosCode,
      branchId: Type.Optional(BranchId),
      clientReasonSocial: Type.String({ minLength: 1, maxLength: 500, description: 'Razón social o nombre del cliente' }),
      clientDocumentType: Type.Integer({ minimum: 1, maximum: 5, description: 'Tipo de documento (catálogo 9): 1 CI, 2 CEX, 3 PAS, 4 OD, 5 NIT' }),
      clientNroDocument: Type.String({ minLength: 1, maxLength: 20, description: 'Número de documento del cliente' }),
      clientCode: Type.String({ minLength: 1, maxLength: 100, description: 'Código único del cliente en el sistema del contribuyente' }),
      paramPaymentMethod: Type.Integer({ minimum: 1, maximum: 308, description: 'Método de pago (catálogo 13: 1 efectivo, 2 tarjeta)' }),
      userPos: UserPos,
      typeInvoice: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'tipoFacturaDocumento: 1 con derecho a crédito fiscal, 2 sin derecho, 3 documento de ajuste; opcional, y si viene debe ser el del sector' })),
      paramCurrency: Type.Integer({ minimum: 1, maximum: 154, description: 'Moneda (catálogo 14; 1 = boliviano)' }),
      exchangeRate: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Tipo de cambio (de Kipu, no de la semilla): obligatorio cuando paramCurrency no es 1' })),
      clientComplement: nullable(Type.String({ maxLength: 5, description: 'Complemento del CI' })),
      clientCity: Type.String({ minLength: 1, maxLength: 100, description: 'Ciudad del cliente (se valida; SIAT no la recibe y no se guarda)' }),
      exceptionCode: nullable(Type.Integer({ minimum: 0, maximum: 1, description: '1 = emitir aunque SIAT diga que el NIT no es válido' })),
      numberCard: nullable(Type.Union([Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }), Type.String({ maxLength: 25 })], { description: 'Número de tarjeta: obligatorio con pago con tarjeta' })),
      giftCard: nullable(Money('Monto pagado con gift card')),
      clientEmail: Type.String({ format: 'email', maxLength: 200, description: 'Correo del cliente' }),
      additionalDiscount: nullable(Money('Descuento adicional')),
      clientPhone: nullable(Type.String({ maxLength: 30, description: 'Teléfono del cliente (aparece en las muestras de la semilla; no se guarda)' })),
      ...fieldProps(route.sector, 'header'),
      detailInvoice: Type.Array(emissionLine(route.sector), { minItems: 1, maxItems: 500 }),
    },
    { additionalProperties: false, 'x-examples': { [route.invoiceTypes[modality]]: { summary: `Muestra de ${route.segment}`, value: emissionExample(route) } } },
  );
}
export type EmissionRequest = Static<ReturnType<typeof emissionBody>>;

const NoteLine = Type.Object(
  {
    detailId: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'detailId de la línea en la factura original (1 = la primera)' })),
    activityEconomic: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
    codeProductSin: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 8 }), Type.Integer({ minimum: 1, maximum: 99_999_999 })])),
    codeProduct: Type.String({ minLength: 1, maxLength: 50, description: 'Código propio del producto, como en la factura original' }),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    qty: Type.Number({ exclusiveMinimum: 0, description: 'Cantidad devuelta (hasta 2 decimales)' }),
    priceUnit: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Si viene, debe ser el precio de la factura original' })),
    amountDiscount: nullable(Money('Descuento (se toma de la factura original, en proporción a lo devuelto)')),
    unitMeasure: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    returnProduct: Type.Boolean({ description: 'true = producto devuelto (codigoDetalleTransaccion 2); false = línea de la original, que se repite de todas formas' }),
  },
  { additionalProperties: false },
);

/** The credit-debit note's body (seed 001 "Credit-debit note"). */
export function noteBody(modality: SectorModality) {
  return Type.Object(
    {
      posId: PosCode,
      branchId: Type.Optional(BranchId),
      invoiceNumber: { ...InvoiceNumber, description: 'Número de la factura original, en el mismo punto de venta' },
      invoiceCode: { ...InvoiceCode, description: 'Código corto de la factura original' },
      userPos: UserPos,
      paramRefundMethod: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: 308,
          description: 'Cómo se devuelve el dinero (catálogo 13, un solo método: 1 efectivo, 2 tarjeta …). Si se omite, el de la factura original; de un pago mixto, efectivo si lo hubo',
        }),
      ),
      detailInvoice: Type.Array(NoteLine, { minItems: 1, maxItems: 500 }),
    },
    { additionalProperties: false, 'x-examples': { [modality === 'electronic' ? 'NOTE_CREDIT_DEBIT' : 'COMPUTERIZED_NOTE_CREDIT_DEBIT']: { summary: 'Devolución de una línea', value: NOTE_EXAMPLE } } },
  );
}
export type NoteRequest = Static<ReturnType<typeof noteBody>>;

/** Cancellation (seed 001 "Cancellation request and result"). */
export const CancellationBody = Type.Object(
  {
    posId: PosCode,
    branchId: Type.Optional(BranchId),
    invoiceCode: InvoiceCode,
    codeMotive: Type.Integer({ minimum: 1, maximum: 4, description: 'Motivo (catálogo 7 de SIAT): 1 factura mal emitida, 2 nota de crédito-débito mal emitida, 3 datos de emisión incorrectos, 4 factura o nota devuelta' }),
    invoiceNumber: InvoiceNumber,
  },
  { additionalProperties: false, 'x-examples': { anulacion: { summary: 'Anulación por datos incorrectos', value: { posId: 0, invoiceCode: '7QK2M9XA', codeMotive: 3, invoiceNumber: 12 } } } },
);
export type CancellationRequest = Static<typeof CancellationBody>;

// ---- response --------------------------------------------------------------------------------

const Int = Type.Integer();
const Num = Type.Number();
const Str = Type.String();
const orNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A sector field as a response member: as stored, null when absent. */
function responseField(f: SectorField): TSchema {
  if (f.integerToo) return orNull(Type.Union([Int, Str]));
  return orNull(f.kind === 'integer' ? Int : f.kind === 'amount' ? Num : Str);
}
const responseFields = (sector: number, part: 'header' | 'line') => Object.fromEntries((sectorFields(sector)?.[part] ?? []).map((f) => [f.key, responseField(f)]));

const lineResponseProps = (sector: number) => ({
  activityEconomic: Str,
  unitMeasure: Int,
  codeProductSin: Str,
  codeProduct: Str,
  description: Str,
  qty: Num,
  priceUnit: Num,
  amountDiscount: orNull(Num),
  subTotal: Type.Number({ description: 'cantidad × precio unitario − descuento' }),
  detailId: Type.Integer({ description: 'Número de la línea en la factura (1 = la primera)' }),
  // The seed types them integer: a digits-only value is answered as a number, any other as text.
  numberSerial: orNull(Type.Union([Int, Str])),
  numberImei: orNull(Type.Union([Int, Str])),
  ...responseFields(sector, 'line'),
});

const siatProps = {
  siatCodeState: orNull(Type.Integer({ description: 'Código de estado de SIAT: 908 validada; null mientras SIAT no respondió (emitida fuera de línea)' })),
  siatCodeReception: orNull(Type.String({ description: 'Código de recepción de SIAT' })),
  siatDescriptionStatus: orNull(Type.String({ description: 'Descripción del estado según SIAT (VALIDADA …), o qué espera la factura' })),
};

/** The emission answer (seed 001: response header + detailInvoice), for a sector other than the note. */
export function emissionResult(sector: number) {
  return Type.Object({
    nitEmissor: Type.Integer({ description: 'NIT del emisor' }),
    cuf: Str,
    invoiceNumber: Int,
    invoiceCode: Type.String({ description: 'Código corto de la factura: con posId e invoiceNumber la recupera (GET /api/v1/invoice/xml|json|pdf) y la anula' }),
    qrCode: Type.String({ description: 'URL de la página de SIAT para el QR de la factura' }),
    invoiceUrl: Type.String({ description: 'URL pública del PDF de la factura' }),
    dateEmission: Type.String({ description: 'fechaEmision con milisegundos, hora de Bolivia (como en el XML)' }),
    amountTotal: Num,
    amountTotalDiscount: Type.Number({ description: 'Descuento adicional' }),
    amountTotalCurrency: Num,
    userCashier: Str,
    ...siatProps,
    countItems: Int,
    invoiceXml: Type.String({ description: 'El XML enviado a SIAT (firmado en modalidad electrónica)' }),
    posId: Int,
    branchId: Int,
    clientReasonSocial: Str,
    clientDocumentType: Int,
    clientNroDocument: Str,
    clientCode: Str,
    paramPaymentMethod: Int,
    userPos: Str,
    typeInvoice: Int,
    paramCurrency: Int,
    clientComplement: orNull(Str),
    clientCity: Str,
    exceptionCode: orNull(Int),
    numberCard: orNull(Type.String({ description: 'Número de tarjeta enmascarado como lo recibe SIAT' })),
    giftCard: Num,
    ...responseFields(sector, 'header'),
    detailInvoice: Type.Array(Type.Object(lineResponseProps(sector))),
  });
}

/** The credit-debit note's answer (seed 001 "Credit-debit note", response). */
export const NoteResultSchema = Type.Object({
  nitEmissor: Int,
  cuf: Str,
  invoiceNumber: Type.Integer({ description: 'Número de la nota' }),
  invoiceCode: Type.String({ description: 'Código corto de la nota (para recuperarla y anularla)' }),
  originalInvoiceNumber: Type.Integer({ description: 'Número de la factura original (de Kipu, eco de la solicitud)' }),
  originalInvoiceCode: Type.String({ description: 'Código corto de la factura original (de Kipu, eco de la solicitud)' }),
  paramRefundMethod: Type.Optional(Type.Integer({ description: 'Cómo se devolvió el dinero (catálogo 13; de Kipu)' })),
  qrCode: Str,
  qrCodeDownload: Type.String({ description: 'El QR de la nota en PNG, codificado en base64' }),
  dateEmission: Str,
  userCashier: Str,
  invoiceXml: Str,
  amountTotalDiscount: orNull(Num),
  ...siatProps,
  countItems: Int,
  amountTotalOriginal: Type.Number({ description: 'Total de la factura original (montoTotalOriginal)' }),
  amountTotalReturn: Type.Number({ description: 'Total devuelto (montoTotalDevuelto)' }),
  amountLiteralReturn: Type.String({ description: 'Total devuelto en letras' }),
  amountDiscountCreditDebit: orNull(Num),
  amountCashCreditDebit: Type.Number({ description: '13 % del total devuelto (montoEfectivoCreditoDebito)' }),
  invoiceUrl: Str,
  detailInvoice: Type.Array(Type.Object({ ...lineResponseProps(24), codeDetailTransaction: Type.Integer({ description: '1 línea de la factura original, 2 monto devuelto' }) })),
});

export const CancellationResultSchema = Type.Object({
  invoiceNumber: Int,
  cuf: Str,
  siatCodeState: Type.Integer({ description: '905 ANULACION CONFIRMADA' }),
  siatDescriptionStatus: Str,
  qrCode: Str,
  invoiceCode: Str,
});

// ---- examples --------------------------------------------------------------------------------

/** seed 001's sample shape: the header, one line, the sector's fields, as the route's sample differs. */
function emissionExample(route: SectorRoute): Record<string, unknown> {
  const header = sectorSampleFields(route.sector, 'header');
  const line = sectorSampleFields(route.sector, 'line');
  for (const key of route.sample.lineOmits) delete line[key];
  return {
    posId: 0,
    clientReasonSocial: 'Juan Pérez',
    clientDocumentType: 1,
    clientNroDocument: '5115889',
    clientCode: 'C-1',
    paramPaymentMethod: 1,
    userPos: 'cajero1',
    ...(route.sample.typeInvoice ? { typeInvoice: 1 } : {}),
    paramCurrency: 1,
    clientCity: 'La Paz',
    clientEmail: 'cliente@example.com',
    clientPhone: '70012345',
    ...header,
    detailInvoice: [
      {
        activityEconomic: '471110',
        unitMeasure: route.sample.unitMeasure,
        codeProductSin: '99100',
        codeProduct: 'P-001',
        description: route.sample.description,
        qty: 1,
        priceUnit: 100,
        amountDiscount: 0,
        ...line,
      },
    ],
  };
}

const NOTE_EXAMPLE = {
  posId: 0,
  invoiceNumber: 12,
  invoiceCode: '7QK2M9XA',
  userPos: 'cajero1',
  detailInvoice: [{ detailId: 1, activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P-001', description: 'Arroz 1 kg', qty: 1, priceUnit: 100, unitMeasure: 57, returnProduct: true }],
};
