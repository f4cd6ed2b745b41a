// Seed 001's words for what the sector routes (routes/sector-emission.ts) answer: the engine's
// field names renamed to the seed's in a failure (details[2].quantity → detailInvoice[2].qty), the
// modality check answered as SIAT does (937), a stored invoice's lines and sector values and its
// SIAT state as the seed's response fields, and a rejection as SIAT said it.
import type { Tenant } from '../store/tenants';
import type { InvoiceLine, InvoiceRecord, SectorValues } from '../store/invoices';
import { siatMessage } from '../siat/messages';
import { fromHundredths } from '../../shared/money';
import { sectorFields, type SectorField } from '../../shared/sector-fields';
import { emissionPath, type SectorModality, type SectorRoute } from '../../shared/api/sector-emission';
import { ApiError, type FieldProblem } from './errors';
import { asApiError } from './domain-errors';

/** The engine's request names (POST /api/v1/invoices, the lifecycle) → seed 001's. */
const SEED_NAMES: Readonly<Record<string, string>> = {
  clientBusinessName: 'clientReasonSocial',
  clientDocumentNumber: 'clientNroDocument',
  paymentMethodCode: 'paramPaymentMethod',
  refundMethodCode: 'paramRefundMethod',
  cardNumber: 'numberCard',
  giftCardAmount: 'giftCard',
  currencyCode: 'paramCurrency',
  originalInvoiceId: 'invoiceNumber',
  motivo: 'codeMotive',
};

/** A problem's field as the seed's client sent it: details[2].quantity → detailInvoice[2].qty. */
function seedFieldName(field: string): string {
  const m = /^details(\[\d+\])?(?:\.(.+))?$/.exec(field);
  if (m) return `detailInvoice${m[1] ?? ''}${m[2] ? `.${m[2] === 'quantity' ? 'qty' : m[2]}` : ''}`;
  return SEED_NAMES[field] ?? field;
}

export const invalid = (field: string, rule: string, message: string) => new ApiError(422, 'VALIDATION_FAILED', `${field}: ${message}`, { fields: [{ field, rule, message }] });
export const modalityWord = (m: 1 | 2) => (m === 1 ? 'electrónica' : 'computarizada');
export const modalitySegment = (m: 1 | 2): SectorModality => (m === 1 ? 'electronic' : 'computarized');

/**
 * A failure of issuing or cancelling in the seed's terms: fields renamed, and the engine's own
 * modality check answered as SIAT answers it (937, its text verbatim).
 */
export function seedError(err: unknown, tenant: Tenant, route: SectorRoute): unknown {
  const api = asApiError(err);
  if (!(api instanceof ApiError)) return api;
  const fields = api.extra.fields;
  if (fields?.some((f) => f.rule === 'SIAT_937')) {
    return new ApiError(
      422,
      'SIAT_REJECTED',
      `El NIT ${tenant.nit} está habilitado en modalidad ${modalityWord(tenant.modalidad)}: use ${emissionPath(modalitySegment(tenant.modalidad), route.segment)}`,
      { siatCode: 937, siatMessages: [{ codigo: 937, descripcion: siatMessage(937) }] },
    );
  }
  if (api.code === 'NOT_CANCELLABLE') return new ApiError(api.status, api.code, api.detail, { fields: [{ field: 'invoiceNumber', rule: 'NOT_CANCELLABLE', message: api.detail }] });
  if (!fields) return api;
  return new ApiError(api.status, api.code, api.detail, { ...api.extra, fields: fields.map((f): FieldProblem => ({ ...f, field: seedFieldName(f.field) })) });
}

const textOrNull = (v: string | number | null | undefined) => (v === undefined || v === null ? null : String(v));
/** seed 001 types numberSerial and numberImei as integers: digits-only values (no leading 0) as a number, others as stored. */
const integerOrText = (v: string | number | null | undefined): string | number | null => {
  const t = textOrNull(v);
  return t !== null && /^(0|[1-9]\d*)$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t;
};

/** A stored sector value as the API shows it: amounts back from cents, null when absent. */
function valueOut(f: SectorField, v: string | number | null | undefined): string | number | null {
  if (v === undefined || v === null) return null;
  if (f.integerToo) return integerOrText(v);
  return f.kind === 'amount' && typeof v === 'number' ? fromHundredths(v) : v;
}
export const sectorValuesOut = (fields: readonly SectorField[], values: SectorValues | null | undefined) => Object.fromEntries(fields.map((f) => [f.key, valueOut(f, values?.[f.key])]));

/** A stored line in seed 001's terms ("Invoice line", response), with the sector's line fields. */
export function lineOut(d: InvoiceLine, i: number, sector: number) {
  const sf = d.sectorFields;
  return {
    activityEconomic: d.activityEconomic,
    unitMeasure: d.unitMeasure,
    codeProductSin: d.codeProductSin,
    codeProduct: d.codeProduct,
    description: d.description,
    qty: fromHundredths(d.quantity),
    priceUnit: fromHundredths(d.priceUnit),
    // seed 001: "null when none".
    amountDiscount: d.amountDiscount > 0 ? fromHundredths(d.amountDiscount) : null,
    subTotal: fromHundredths(d.subTotal),
    detailId: i + 1,
    numberSerial: integerOrText(sf?.numberSerial),
    numberImei: integerOrText(sf?.numberImei),
    ...sectorValuesOut(sectorFields(sector)?.line ?? [], sf),
  };
}

/** siatDescriptionStatus: SIAT's words when it answered; otherwise what the invoice waits for. */
export function siatStatus(inv: InvoiceRecord) {
  const waiting =
    inv.state === 'CONTINGENCY'
      ? 'EMITIDA FUERA DE LÍNEA: SIAT no respondió; se enviará en paquete al reconectar'
      : inv.state === 'PENDING'
        ? 'PENDIENTE: SIAT no confirmó la recepción; se verificará antes de reenviarla'
        : null;
  return { siatCodeState: inv.siatCode, siatCodeReception: inv.siatReceptionCode, siatDescriptionStatus: inv.siatDescription ?? waiting };
}

/** SIAT refused the invoice: its number is used and the row stays (REJECTED); the answer is SIAT's, verbatim. */
export function refuseRejected(inv: InvoiceRecord): void {
  if (inv.state !== 'REJECTED') return;
  const codes = inv.siatMessages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ');
  throw new ApiError(
    422,
    'SIAT_REJECTED',
    `SIAT rechazó la factura N.º ${inv.number} (${inv.siatCode ?? ''} ${inv.siatDescription ?? ''})${codes ? `: ${codes}` : ''}; queda registrada como RECHAZADA`,
    { ...(inv.siatCode !== null ? { siatCode: inv.siatCode } : {}), siatMessages: inv.siatMessages },
  );
}
