// SIAT's code values that both sides need (the till shows and sends them; the engine builds XML
// with them): pure data, no I/O. main/siat/code-catalog.ts re-exports these with the rest of SIAT's
// catalog (sectors, service routing, significant events), so engine code imports them from there.
// Sources: CONTRACT §3.1 (modalidad, emisión, tipo factura), §6 (states), §7 (catalog codes).

/**
 * `codigoModalidad`: 1 electrónica en línea (XML signed), 2 computarizada en línea (not signed).
 * 3 (portal web) only appears in CUFs of documents issued in the SIN portal; never sent by us.
 */
export const MODALIDAD = { ELECTRONICA: 1, COMPUTARIZADA: 2 } as const;
export type Modalidad = (typeof MODALIDAD)[keyof typeof MODALIDAD];

/**
 * `codigoEmision` / tipo de emisión. FUERA_DE_LINEA also covers transcribed CAFC invoices.
 * The synchronized catalog may list a "CONTINGENCIA" type reserved to the SIN: never use it.
 */
export const CODIGO_EMISION = { EN_LINEA: 1, FUERA_DE_LINEA: 2, MASIVA: 3 } as const;

/** `tipoFacturaDocumento`. DOCUMENTO_EQUIVALENTE is used by sector 30 (boleto aéreo) only. */
export const TIPO_FACTURA_DOCUMENTO = {
  CON_DERECHO_CREDITO_FISCAL: 1,
  SIN_DERECHO_CREDITO_FISCAL: 2,
  DOCUMENTO_AJUSTE: 3,
  DOCUMENTO_EQUIVALENTE: 4,
} as const;
export type TipoFacturaDocumento = (typeof TIPO_FACTURA_DOCUMENTO)[keyof typeof TIPO_FACTURA_DOCUMENTO];

/** `codigoEstado` of reception, annulment and reversal answers (CONTRACT §6). */
export const ESTADO = {
  RECEPCION_PENDIENTE: 901,
  RECEPCION_RECHAZADA: 902,
  RECEPCION_PROCESADA: 903,
  RECEPCION_OBSERVADA: 904,
  ANULACION_CONFIRMADA: 905,
  ANULACION_RECHAZADA: 906,
  REVERSION_CONFIRMADA: 907,
  RECEPCION_VALIDADA: 908,
  REVERSION_RECHAZADA: 909,
} as const;

/** `codigoTipoDocumentoIdentidad` (XSD 1–5). */
export const TIPO_DOCUMENTO_IDENTIDAD = { CI: 1, CEX: 2, PAS: 3, OD: 4, NIT: 5 } as const;

/**
 * The SIN's special buyer numbers (CERTIFICATION.md, inspection item 1; CONTRACT §3.7): sent as
 * document type NIT with `codigoExcepcion` 1, never checked with verificarNit (they are nobody's
 * NIT). The name is the one the SIN's pages give each code.
 */
export const NIT_ESPECIAL = {
  '99001': 'CONSULADOS Y EMBAJADAS',
  '99002': 'CONTROL TRIBUTARIO',
  '99003': 'VENTAS MENORES DEL DÍA',
} as const;
export type NitEspecial = keyof typeof NIT_ESPECIAL;

/** A NIT document whose number is one of the SIN's special codes. */
export function isSpecialNit(documentType: number, documentNumber: string): boolean {
  return documentType === TIPO_DOCUMENTO_IDENTIDAD.NIT && specialNitName(documentNumber) !== null;
}

/** The special code's name ("CONTROL TRIBUTARIO"), or null for any other number. */
export function specialNitName(documentNumber: string): string | null {
  const n = documentNumber.trim();
  return Object.hasOwn(NIT_ESPECIAL, n) ? NIT_ESPECIAL[n as NitEspecial] : null;
}

/** `codigoExcepcion` 1: register the invoice even though the NIT is not valid (or a special code). */
export const CODIGO_EXCEPCION_NIT = 1;

/** The few catalog values the point of sale relies on by default (full lists: catalogs, §7). */
export const METODO_PAGO = {
  EFECTIVO: 1,
  TARJETA: 2,
  CHEQUE: 3,
  VALES: 4,
  OTROS: 5,
  PAGO_POSTERIOR: 6,
  TRANSFERENCIA_BANCARIA: 7,
  DEPOSITO_EN_CUENTA: 8,
  TRANSFERENCIA_SWIFT: 9,
  EFECTIVO_TARJETA: 10,
  GIFT_CARD: 27,
  EFECTIVO_GIFT_CARD: 35,
  TARJETA_GIFT_CARD: 40,
  CANAL_DE_PAGO: 31,
  BILLETERA_MOVIL: 32,
  PAGO_ONLINE: 33,
} as const;
export const UNIDAD_MEDIDA = { KILOGRAMO: 22, LITRO: 28, PAQUETE: 42, UNIDAD_BIENES: 57, UNIDAD_SERVICIOS: 58, OTRO: 62 } as const;
