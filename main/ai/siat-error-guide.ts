// What a SIAT status or message code means for the cashier and the manager, and what to do next in
// Kipu. The codes are those of CONTRACT.md §6; SIAT's own text comes from main/siat/messages.ts
// (the one source of those texts), the explanations and steps are ours, in Spanish (es-BO), in the
// table of siat-guide/ (service-codes.ts, document-codes.ts; their shared wording in steps.ts),
// told in the words of what was being done (a sale, a purchase, a note, an annulment:
// siat-guide/operations.ts). Never a route path or an API field: a cashier reads it.
// Deterministic: a table, not a model. Pure.
// Runs in: engine.
import { SIAT_MESSAGES } from '../siat/messages';
import { P, lowerFirst, type Guidance } from './siat-guide/steps';
import { SERVICE_CODES } from './siat-guide/service-codes';
import { DOCUMENT_CODES } from './siat-guide/document-codes';
import { DOCUMENT_OF, inOperation, ownGuidance, stepFor, type SiatGuideOperation } from './siat-guide/operations';

export interface ErrorResolution {
  codigo: number;
  /** SIAT's text for the code; for a code outside the table, the message the caller sent. */
  descripcionSiat: string;
  explicacion: string;
  pasos: string[];
  /** True when the code is in Kipu's table (CONTRACT §6). */
  conocido: boolean;
}

/**
 * One entry per code of CONTRACT §6 except the warnings 2003, 2004 and 2006–2019, which repeat an
 * error code (CONTRACT §6: "2003 = 1010; 2004 = 1011; 2006 = 1012; 2007–2012 = 1013 … 1018;
 * 2013 = 1005; 2014 = 1007; 2015–2019 = 1019–1023") and are derived from it below.
 */
const GUIDE: Readonly<Record<number, Guidance>> = { ...SERVICE_CODES, ...DOCUMENT_CODES };

/** CONTRACT §6: the warnings that repeat an error code, and which one. */
export const WARNING_OF: Readonly<Record<number, number>> = Object.freeze({
  2003: 1010,
  2004: 1011,
  2006: 1012,
  2007: 1013,
  2008: 1014,
  2009: 1015,
  2010: 1016,
  2011: 1017,
  2012: 1018,
  2013: 1005,
  2014: 1007,
  2015: 1019,
  2016: 1020,
  2017: 1021,
  2018: 1022,
  2019: 1023,
});

/**
 * The guidance for a code of the table, in the words of `operation` (a sale by default); null for
 * a code SIAT may add later.
 */
export function guidanceFor(code: number, operation: SiatGuideOperation = 'venta'): Guidance | null {
  const own = ownGuidance(code, operation);
  if (own) return own;
  const sale = GUIDE[code];
  if (sale) return inOperation(code, sale, operation);
  const base = WARNING_OF[code];
  const of = base !== undefined ? guidanceFor(base, operation) : null;
  if (!of) return null;
  // A warning (CONTRACT §6: "invoice stays valid"): same cause as the error, nothing to undo.
  const words = DOCUMENT_OF[operation];
  const again = stepFor(P.nuevaFactura, operation);
  return {
    explicacion: `ADVERTENCIA: ${words.valid}. Es el aviso del código ${base}: ${lowerFirst(of.explicacion)}`,
    pasos: [
      stepFor(P.valida, operation),
      ...of.pasos.filter((p) => p !== again).map((p) => `${words.next}: ${lowerFirst(p)}`),
    ],
  };
}

/** Codes the table explains: every code of main/siat/messages.ts (CONTRACT §6). */
export function knownCodes(): number[] {
  return Object.keys(SIAT_MESSAGES).map(Number).filter((c) => guidanceFor(c) !== null);
}

export interface ResolveInput {
  codigoError: number;
  mensajeError?: string | null;
  contexto?: string | null;
  /** What was being done: the explanation and the steps speak of that document (a sale by default). */
  operacion?: SiatGuideOperation | undefined;
}

/**
 * Explains a SIAT code. Known (CONTRACT §6): SIAT's own text and our explanation. Unknown: the
 * caller's message echoed (or SIAT's text from the tenant's synced message catalog, when it has
 * the code), a generic next step, and `conocido: false` — never an invented meaning.
 */
export function resolveSiatError(input: ResolveInput, syncedMessage: (code: number) => string | null = () => null): ErrorResolution {
  const codigo = input.codigoError;
  const operation = input.operacion ?? 'venta';
  const guidance = guidanceFor(codigo, operation);
  const siatText = SIAT_MESSAGES[codigo];
  if (guidance && siatText !== undefined) {
    return { codigo, descripcionSiat: siatText, explicacion: guidance.explicacion, pasos: [...guidance.pasos], conocido: true };
  }

  const mensaje = input.mensajeError?.trim() ?? '';
  const contexto = input.contexto?.trim() ?? '';
  const catalogText = syncedMessage(codigo);
  const descripcionSiat = mensaje || catalogText || `CODIGO ${codigo}`;
  const parts = [`Kipu no tiene el código ${codigo} en su tabla de códigos de SIAT, así que no puede explicarlo con certeza.`];
  if (catalogText) parts.push(`El catálogo de mensajes sincronizado de SIAT lo describe así: «${catalogText}».`);
  if (mensaje) parts.push(`SIAT respondió: «${mensaje}».`);
  if (contexto) parts.push(`Se intentaba: ${contexto}.`);
  const pasos = [
    'Lea el mensaje de SIAT: suele nombrar el dato que objeta (NIT, CUFD, fecha, monto…).',
    `Si el mensaje empieza con «ADVERTENCIA», ${DOCUMENT_OF[operation].valid}: no ${operation === 'compra' ? 'la elimine' : 'la anule'}.`,
    `${P.sincronizar} El catálogo de mensajes de SIAT puede traer el texto de este código.`,
    'Si no queda claro qué corregir, repórtelo a soporte de Kipu con el código, el mensaje, lo que estaba haciendo y la hora.',
  ];
  return { codigo, descripcionSiat, explicacion: parts.join(' '), pasos, conocido: false };
}
