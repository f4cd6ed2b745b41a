// The API names a field by its path in the request ("items[5].details[0].quantity"); a
// shopkeeper reads "Factura 6, línea 1, cantidad". Paths are turned into Spanish here, once, for
// every error the till shows (describeError); the API keeps its machine names.
import type { FieldProblem } from '../../../shared/api-types';
import { allSectorFields } from '../../../shared/sector-fields';

/** A list in a request and what one of its elements is called (1-based on screen). */
const ELEMENT_OF: Record<string, string> = {
  items: 'factura',
  invoices: 'factura',
  details: 'línea',
  detailInvoice: 'línea',
  payments: 'pago',
  costsDetail: 'gasto',
  purchases: 'compra',
};

/** The request fields the till sends or an API answer names, as the till's forms call them. */
const FIELD_LABELS: Record<string, string> = {
  // sale, note, CAFC invoice
  posId: 'punto de venta',
  invoiceType: 'tipo de documento',
  clientDocumentType: 'tipo de documento del cliente',
  clientDocumentNumber: 'documento del cliente',
  clientComplement: 'complemento',
  clientBusinessName: 'nombre o razón social',
  clientCode: 'código del cliente',
  clientEmail: 'correo del cliente',
  paymentMethodCode: 'método de pago',
  cardNumber: 'número de tarjeta',
  giftCardAmount: 'tarjeta de regalo (gift card)',
  additionalDiscount: 'descuento adicional',
  currencyCode: 'moneda',
  exchangeRate: 'tipo de cambio',
  exceptionCode: 'código de excepción',
  originalInvoiceId: 'factura original',
  activityEconomic: 'actividad económica',
  codeProductSin: 'producto SIN',
  codeProduct: 'código del producto',
  description: 'descripción',
  quantity: 'cantidad',
  unitMeasure: 'unidad de medida',
  priceUnit: 'precio unitario',
  unitPrice: 'precio unitario',
  amountDiscount: 'descuento',
  returnProduct: 'devolución',
  method: 'medio de pago',
  amount: 'monto',
  tendered: 'monto recibido',
  details: 'líneas',
  payments: 'pagos',
  invoiceNumber: 'número de factura',
  emissionDate: 'fecha de emisión',
  cafc: 'CAFC',
  eventMotive: 'motivo del evento',
  eventStart: 'inicio del evento',
  eventEnd: 'fin del evento',
  motivo: 'motivo de anulación',
  codigoMotivo: 'motivo',
  // products
  code: 'código',
  barcode: 'código de barras',
  // cash
  openingFloat: 'fondo inicial',
  reason: 'motivo',
  denominations: 'billetes y monedas',
  counted: 'monto contado',
  // purchases
  issuerNit: 'NIT del proveedor',
  issuerBusinessName: 'razón social del proveedor',
  authorizationCode: 'código de autorización',
  controlCode: 'código de control',
  duiDimNumber: 'N.º de DUI/DIM',
  // The words of Compras' own fields (purchases/purchase-form.ts).
  totalPurchaseAmount: 'importe total',
  rates: 'tasas',
  otherNotSubjectToCredit: 'no sujeto a crédito fiscal',
  zeroRateAmount: 'tasa cero',
  purchaseType: 'tipo de compra',
  iceAmount: 'ICE',
  iehdAmount: 'IEHD',
  ipjAmount: 'IPJ',
  exemptAmounts: 'importes exentos',
  discount: 'descuento',
  file: 'archivo',
  qr: 'QR',
  // settings
  email: 'correo',
  host: 'servidor',
  port: 'puerto',
  secure: 'conexión segura',
  user: 'usuario',
  password: 'contraseña',
  from: 'remitente',
  nit: 'NIT',
  name: 'nombre',
  // the store's people (Configuración › Personas)
  login: 'usuario',
  pin: 'PIN',
  role: 'rol',
  id: 'factura',
};

/** Sector fields carry their own labels (shared/sector-fields.ts): the same words as the sale's form. */
const SECTOR_LABELS: Record<string, string> = Object.fromEntries(
  [...allSectorFields('header'), ...allSectorFields('line')].map((f) => [f.key, f.label.charAt(0).toLowerCase() + f.label.slice(1)]),
);

const SEGMENT = /^([A-Za-z_$][\w$]*)(?:\[(\d+)\])?$/;

/**
 * "items[5].details[0].quantity" → "factura 6, línea 1, cantidad"; "clientEmail" → "correo del
 * cliente". A name the till does not know is said as it is (never the whole path).
 */
export function fieldLabel(path: string): string {
  const parts: string[] = [];
  const segments = path.split('.').filter(Boolean);
  segments.forEach((segment, i) => {
    const m = SEGMENT.exec(segment);
    if (!m) return;
    const [, name, index] = m as unknown as [string, string, string | undefined];
    if (index !== undefined) {
      parts.push(`${ELEMENT_OF[name] ?? FIELD_LABELS[name] ?? name} ${Number(index) + 1}`);
      return;
    }
    // An inner object ("sectorFields", "counted") names nothing the person typed: only its leaf.
    if (i < segments.length - 1 && !FIELD_LABELS[name]) return;
    parts.push(FIELD_LABELS[name] ?? SECTOR_LABELS[name] ?? name);
  });
  return parts.join(', ');
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One line of a field problem: "Línea 6, cantidad: debe ser mayor a 0". A message that is a
 * sentence of its own (it starts with a capital: "Línea 6: la cantidad…", "Correo no válido") is
 * shown as is; a message that repeats its path ("amount: …") loses it.
 */
export function describeField(problem: Pick<FieldProblem, 'field' | 'message'>): string {
  let message = problem.message.trim();
  if (problem.field && message.startsWith(`${problem.field}:`)) message = message.slice(problem.field.length + 1).trim();
  if (/^[A-ZÁÉÍÓÚÑ¿¡]/.test(message) || !problem.field) return message;
  const label = fieldLabel(problem.field);
  return label ? `${capitalized(label)}: ${message}` : capitalized(message);
}

/** Whether an error's detail spells out field paths ("details[5].quantity: …", "campo x: …"). */
export function detailNamesFields(detail: string, fields: readonly Pick<FieldProblem, 'field' | 'message'>[]): boolean {
  return fields.some((f) => f.field !== '' && (detail.includes(`${f.field}:`) || detail.includes(f.message)));
}
