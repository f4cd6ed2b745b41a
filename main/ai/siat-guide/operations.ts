// The SIAT error guide in the words of what was being done (issue 24, walk of set 12): the table
// of service-codes.ts and document-codes.ts speaks of a sale; a purchase refused with 987 is about
// the supplier's NIT and is registered again in Compras, a credit-debit note is issued again from
// its original invoice, an annulment is asked again in Facturas. Here: the steps that read
// otherwise per operation (by the sale's wording in steps.ts), and the codes whose whole meaning
// changes. Spanish (es-BO), what the cashier and the manager read. Pure.
// Runs in: engine.
import type { SiatGuideOperation } from '../../../shared/api/ai';
import { P, type Guidance } from './steps';

export type { SiatGuideOperation };

/** What the operation's document is called, and its plural for "the next ones". */
export const DOCUMENT_OF: Readonly<Record<SiatGuideOperation, { doc: string; next: string; valid: string }>> = {
  venta: { doc: 'la factura', next: 'Para las próximas ventas', valid: 'la factura sigue siendo válida' },
  compra: { doc: 'la compra', next: 'Para las próximas compras', valid: 'la compra quedó registrada en SIAT' },
  nota: { doc: 'la nota', next: 'Para las próximas notas', valid: 'la nota sigue siendo válida' },
  anulacion: { doc: 'la factura', next: 'Para las próximas anulaciones', valid: 'la factura sigue siendo válida' },
};

const PURCHASE_AGAIN =
  'Corrija el dato: en Compras elimine la compra rechazada y regístrela de nuevo con los datos de la factura del proveedor. SIAT no registró la compra rechazada.';
const PURCHASE_MESSAGES = 'En Compras lea todos los códigos y mensajes de SIAT de la compra: el motivo concreto suele estar en otro código de la misma respuesta.';
const PURCHASE_STATE = 'En Compras vea el estado de la compra en la lista: Kipu la envía y la consulta con SIAT por sí solo.';
const NOTE_AGAIN =
  'Corrija el dato y emita la nota de nuevo desde su factura original (Facturas → «Devolución…»). La nota rechazada no tiene validez fiscal y no hace falta anularla.';
const NOTE_MESSAGES = 'En Facturas abra la nota y lea todos los códigos y mensajes de SIAT que trae: el motivo concreto suele estar en otro código de la misma respuesta.';

/** The sale's shared steps as another operation reads them (absent: the same words). */
const STEP_FOR: Readonly<Record<Exclude<SiatGuideOperation, 'venta'>, ReadonlyMap<string, string>>> = {
  compra: new Map([
    [P.nuevaFactura, PURCHASE_AGAIN],
    [P.verMensajes, PURCHASE_MESSAGES],
    [P.estadoFactura, PURCHASE_STATE],
    [P.estadoConexion, 'Kipu vuelve a enviar las compras por sí solo cuando SIAT responde; su estado se ve en la lista de Compras.'],
    [P.seguirVendiendo, 'Kipu guarda la compra y la vuelve a enviar por sí solo cuando SIAT responde; su estado se ve en la lista de Compras.'],
    [P.valida, 'No elimine ni vuelva a registrar la compra: SIAT la registró.'],
  ]),
  nota: new Map([
    [P.nuevaFactura, NOTE_AGAIN],
    [P.verMensajes, NOTE_MESSAGES],
    [P.valida, 'No anule ni vuelva a emitir la nota: es válida.'],
  ]),
  anulacion: new Map([
    [P.nuevaFactura, 'La factura sigue vigente mientras SIAT no confirme la anulación: corrija lo que indica SIAT y vuelva a pedirla en Facturas («Anular…»).'],
    [P.verMensajes, 'En Facturas abra la factura y lea todos los códigos y mensajes de SIAT de la anulación: el motivo concreto suele estar en otro código.'],
    [P.seguirVendiendo, 'La factura sigue vigente: vuelva a pedir la anulación en Facturas cuando SIAT responda.'],
  ]),
};

const SUPPLIER_NIT_STEPS = [
  'Compare el NIT de la compra con el de la factura del proveedor (impreso en la factura y en su código QR).',
  'Si se escribió mal: en Compras elimine la compra rechazada y regístrela de nuevo con el NIT correcto (el lector de QR lo copia de la factura).',
  'Si la factura trae ese mismo NIT, pida al proveedor que lo aclare y consulte con su contador si esa compra da crédito fiscal.',
];

const NOTE_CLIENT_STEPS = [
  'La nota lleva el documento del cliente de su factura original: no se cambia al devolver.',
  NOTE_MESSAGES,
  P.contador,
];

/** Codes whose explanation is another for this operation: the NIT is the supplier's in a purchase. */
const OWN: Readonly<Record<Exclude<SiatGuideOperation, 'venta'>, Readonly<Record<number, Guidance>>>> = {
  compra: {
    902: {
      explicacion: 'SIAT rechazó el registro de la compra: no la tiene en su Registro de Compras. El motivo viene en los otros códigos que SIAT devolvió junto con este.',
      pasos: [PURCHASE_MESSAGES, PURCHASE_AGAIN],
    },
    904: {
      explicacion: 'SIAT recibió la compra con observaciones. Kipu la deja Rechazada y guarda las observaciones de SIAT tal como llegaron.',
      pasos: [PURCHASE_MESSAGES, PURCHASE_AGAIN],
    },
    952: {
      explicacion: 'SIAT ya tiene registrada una compra con ese código de autorización: normalmente ya había llegado (por ejemplo, en un reintento). No se perdió nada.',
      pasos: ['No la registre de nuevo.', PURCHASE_STATE],
    },
    987: { explicacion: 'El NIT del proveedor de la compra está inactivo en el padrón del SIN.', pasos: SUPPLIER_NIT_STEPS },
    994: { explicacion: 'El NIT del proveedor de la compra no existe en el padrón del SIN; quizá se escribió mal al registrarla.', pasos: SUPPLIER_NIT_STEPS },
    1000: {
      explicacion: 'SIAT ya tiene esta compra (se envió antes, por ejemplo en un reintento). No se perdió nada y no está duplicada.',
      pasos: ['No la registre de nuevo.', PURCHASE_STATE],
    },
    1005: {
      explicacion: 'El NIT del proveedor es el del propio contribuyente: una empresa no puede registrar una compra a sí misma.',
      pasos: SUPPLIER_NIT_STEPS,
    },
    1036: {
      explicacion: 'SIAT objetó la razón social del proveedor.',
      pasos: ['Escriba la razón social tal como figura en la factura del proveedor.', PURCHASE_AGAIN],
    },
    1037: { explicacion: 'El NIT del proveedor no es un NIT válido para SIAT (mal escrito, inexistente o inactivo).', pasos: SUPPLIER_NIT_STEPS },
    2005: {
      explicacion: 'ADVERTENCIA: el NIT del proveedor no figura como válido en SIAT. La compra quedó registrada.',
      pasos: [
        'No elimine ni vuelva a registrar la compra: SIAT la registró.',
        'Compare el NIT con la factura del proveedor y, si es el de la factura, consulte con su contador si esa compra da crédito fiscal.',
      ],
    },
  },
  nota: {
    987: { explicacion: 'El NIT del cliente (el de la factura original, que la nota repite) está inactivo en el padrón del SIN.', pasos: NOTE_CLIENT_STEPS },
    994: { explicacion: 'El NIT del cliente (el de la factura original, que la nota repite) no existe en el padrón del SIN.', pasos: NOTE_CLIENT_STEPS },
    1037: { explicacion: 'El NIT del cliente (el de la factura original, que la nota repite) no es un NIT válido para SIAT.', pasos: NOTE_CLIENT_STEPS },
    902: {
      explicacion: 'SIAT rechazó la nota de crédito-débito: no tiene validez fiscal. El motivo viene en los otros códigos que SIAT devolvió junto con este.',
      pasos: [NOTE_MESSAGES, NOTE_AGAIN],
    },
  },
  anulacion: {},
};

/** The guidance of a code of the sale's table as `operation` reads it. */
export function inOperation(code: number, sale: Guidance, operation: SiatGuideOperation): Guidance {
  if (operation === 'venta') return sale;
  const own = OWN[operation][code];
  if (own) return { explicacion: own.explicacion, pasos: [...own.pasos] };
  return { explicacion: sale.explicacion, pasos: sale.pasos.map((p) => stepFor(p, operation)) };
}

/** One of the sale's steps as `operation` reads it. */
export function stepFor(step: string, operation: SiatGuideOperation): string {
  return operation === 'venta' ? step : (STEP_FOR[operation].get(step) ?? step);
}

/** The operation's own words for a code, when it has some (a warning is then not derived from its error). */
export function ownGuidance(code: number, operation: SiatGuideOperation): Guidance | null {
  return operation === 'venta' ? null : (OWN[operation][code] ?? null);
}
