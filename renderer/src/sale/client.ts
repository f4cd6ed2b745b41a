// The invoice's client: document, name, NIT check state, and SIAT's exception for an
// invalid NIT (codigoExcepcion 1).
import { DOCUMENT_TYPE } from '../../../shared/api-types';
import { isSpecialNit, specialNitName } from '../../../shared/siat-codes';
import { formatBs, type Cents } from '../../../shared/money';

export type NitStatus = 'unchecked' | 'checking' | 'valid' | 'invalid' | 'unverifiable';

export interface Client {
  documentType: number;
  documentNumber: string;
  complement: string;
  businessName: string;
  email: string;
  nitStatus: NitStatus;
  nitMessage: string;
  /** Cashier chose to issue with exceptionCode 1 despite an invalid / unverifiable NIT. */
  exception: boolean;
}

export const DOCUMENT_TYPE_LABELS: Record<number, string> = {
  [DOCUMENT_TYPE.CI]: 'CI – Cédula',
  [DOCUMENT_TYPE.CEX]: 'CEX – Extranjero',
  [DOCUMENT_TYPE.PAS]: 'PAS – Pasaporte',
  [DOCUMENT_TYPE.OD]: 'OD – Otro',
  [DOCUMENT_TYPE.NIT]: 'NIT',
};

/**
 * The quick client (F5) for a buyer who gives no document: the SIN's special code 99002
 * "CONTROL TRIBUTARIO" as NIT with codigoExcepcion 1, never document 0 "S/N". The SIN's
 * inspection wants a document number on every sale whatever the amount (CERTIFICATION.md,
 * inspection item 1); the engine still accepts document 0 from API callers up to Bs 3.000 (SIAT
 * 1010). The till keeps its own limit: above Bs 3.000 the buyer is identified.
 */
export const QUICK_CLIENT_LIMIT: Cents = 300000;

export const QUICK_CLIENT_NUMBER = '99002';

export const QUICK_CLIENT: Client = {
  documentType: DOCUMENT_TYPE.NIT,
  documentNumber: QUICK_CLIENT_NUMBER,
  complement: '',
  businessName: specialNitName(QUICK_CLIENT_NUMBER)!,
  email: '',
  nitStatus: 'unchecked',
  nitMessage: '',
  // A special code goes with SIAT's exception (the engine sets it too).
  exception: true,
};

export const EMPTY_CLIENT: Client = { ...QUICK_CLIENT, documentType: DOCUMENT_TYPE.CI, documentNumber: '', businessName: '', exception: false };

export function isQuickClient(c: Pick<Client, 'documentType' | 'documentNumber' | 'businessName'>): boolean {
  return (
    isSpecialNit(c.documentType, c.documentNumber) &&
    c.documentNumber.trim() === QUICK_CLIENT_NUMBER &&
    c.businessName.trim().toUpperCase() === QUICK_CLIENT.businessName
  );
}

/** clientCode: the document (and complement) identifies the client in the till. */
export function clientCode(c: Client): string {
  const n = c.documentNumber.trim();
  const comp = c.complement.trim();
  return comp ? `${n}-${comp}` : n;
}

// Dot-separated labels after the @: one way to match each string (a `[^\s@]+\.[^\s@]+` domain
// backtracks quadratically on a long run of dots).
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function validateClient(c: Client, total: Cents): string[] {
  const errors: string[] = [];
  const number = c.documentNumber.trim();
  if (!number) errors.push('Ingrese el documento del cliente (F4) o elija Sin documento – 99002 (F5).');
  if (!c.businessName.trim()) errors.push('Ingrese el nombre o razón social del cliente.');
  if (isQuickClient(c) && total > QUICK_CLIENT_LIMIT)
    errors.push(`Para ventas mayores a ${formatBs(QUICK_CLIENT_LIMIT)} se requiere el documento del cliente.`);
  if (c.documentType === DOCUMENT_TYPE.NIT && number && !/^\d{5,20}$/.test(number))
    errors.push('El NIT debe tener solo dígitos.');
  if (c.documentType === DOCUMENT_TYPE.CI && number && !/^\d{1,12}$/.test(number)) errors.push('El CI debe tener solo dígitos.');
  if (c.complement && c.documentType !== DOCUMENT_TYPE.CI) errors.push('El complemento solo corresponde a la cédula de identidad.');
  if (c.email.trim() && !EMAIL.test(c.email.trim())) errors.push('El correo electrónico no es válido.');
  // Only SIAT's "invalid" stops the sale: a NIT not yet checked (or that SIAT could not check) is
  // issued at once and the engine settles it — the till never waits for SIAT (issue #13).
  if (c.documentType === DOCUMENT_TYPE.NIT && c.nitStatus === 'invalid' && !c.exception)
    errors.push('El NIT no es válido según el SIAT. Corríjalo o marque "Emitir con NIT inválido".');
  return errors;
}

/** The NIT is worth checking now, while the cashier goes on (online, NIT document, not yet checked, no exception chosen). */
export function needsNitCheck(c: Client, online: boolean): boolean {
  // The SIN's special codes (99001–99003) are nobody's NIT: SIAT is never asked about them.
  if (isSpecialNit(c.documentType, c.documentNumber)) return false;
  return online && c.documentType === DOCUMENT_TYPE.NIT && c.nitStatus === 'unchecked' && !c.exception;
}
