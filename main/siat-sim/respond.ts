// Building SIAT's answers: messages with SIAT's own texts (messages.ts) and the reception
// states of CONTRACT §6. Runs in: SIAT simulator only.

import { isWarning, siatMessage } from '../siat/messages';

export interface SimMessage {
  codigo: number;
  descripcion: string;
  advertencia?: boolean;
  numeroArchivo?: number;
  numeroDetalle?: number;
}

/** A message with SIAT's text for `codigo`. */
export function msg(codigo: number, extra?: Partial<SimMessage>): SimMessage {
  const m: SimMessage = { codigo, descripcion: siatMessage(codigo), ...extra };
  if (isWarning(codigo)) m.advertencia = true;
  return m;
}

/** Thrown by a handler: SIAT answers transaccion=false with these messages. */
export class SimReject extends Error {
  readonly messages: SimMessage[];
  constructor(messages: SimMessage[] | number) {
    const list = typeof messages === 'number' ? [msg(messages)] : messages;
    super(list.map((m) => `${m.codigo} ${m.descripcion}`).join('; '));
    this.messages = list;
  }
}

export function reject(codigo: number): never {
  throw new SimReject(codigo);
}

/**
 * codigoDescripcion per state. CONTRACT §0.3: these literals are what peers assume
 * (VALIDADA, PENDIENTE, OBSERVADA, RECHAZADA …), not captured from SIAT.
 */
const ESTADO_DESCRIPCION: Record<number, string> = {
  901: 'PENDIENTE',
  902: 'RECHAZADA',
  903: 'PROCESADA',
  904: 'OBSERVADA',
  905: 'ANULACION CONFIRMADA',
  906: 'ANULACION RECHAZADA',
  907: 'REVERSION DE ANULACION CONFIRMADA',
  908: 'VALIDADA',
  909: 'REVERSION DE ANULACION RECHAZADA',
};

const SUCCESS_STATES = new Set([901, 903, 905, 907, 908]);

/** A RespuestaServicioFacturacion (§2.4). transaccion is true for 901/903/905/907/908. */
export function estado(codigoEstado: number, mensajes: SimMessage[] = [], codigoRecepcion?: string): Record<string, unknown> {
  return {
    codigoDescripcion: ESTADO_DESCRIPCION[codigoEstado] ?? siatMessage(codigoEstado),
    codigoEstado,
    codigoRecepcion,
    mensajesList: mensajes,
    transaccion: SUCCESS_STATES.has(codigoEstado),
  };
}

/** The state SIAT answers when it rejects a request of this operation (§2.4, §6). */
export function failureState(operation: string): number {
  if (operation.startsWith('anulacion')) return 906;
  if (operation.startsWith('reversion')) return 909;
  return 902;
}
