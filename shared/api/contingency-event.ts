// Seed "Contingency events" (API-key style): the resource, plus Kipu's `estado`, and the
// bodies of start, end and query by day.
import Type, { type Static } from 'typebox';
import { MAX_ROW_ID } from './limits';

/**
 * SIAT's significant events (CONTRACT §5.2–5.3) by who covers them: 1–4 the till itself, issuing
 * offline (`POST /events/start`); 5–7 (no power, broken software or hardware) only a paper CAFC
 * booklet, transcribed afterwards (`POST /contingency/cafc`). The engine refuses the other kind on
 * each route; the till offers each kind only where it is accepted (decision 0056).
 */
export const OFFLINE_MOTIVES = [1, 2, 3, 4] as const;

export const ContingencyEventSchema = Type.Object({
  id: Type.String(),
  posId: Type.String(),
  codigoMotivo: Type.Integer(),
  descripcionMotivo: Type.String(),
  fechaInicio: Type.String(),
  fechaFin: Type.Union([Type.String(), Type.Null()]),
  cufdEvento: Type.String(),
  codigoEventoSiat: Type.Union([Type.Integer(), Type.Null()]),
  finalizado: Type.Boolean(),
  createdAt: Type.String(),
  /** Kipu extension: ACTIVE (selling offline), RECOVERING (sending to SIAT), CLOSED. */
  estado: Type.Optional(
    Type.Union([Type.Literal('ACTIVE'), Type.Literal('RECOVERING'), Type.Literal('CLOSED')], {
      description: 'ACTIVE (emitiendo fuera de línea), RECOVERING (enviando a SIAT), CLOSED',
    }),
  ),
});
export type ContingencyEvent = Static<typeof ContingencyEventSchema>;

const Uuid = Type.String({ format: 'uuid' });
/** The seed types it as a string UUID (the branch's branchUuid); Kipu's integer ids and the SIAT codigoSucursal are accepted too. */
const BranchId = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_ROW_ID }), Type.String({ minLength: 1, maxLength: 36 })], {
  description: 'UUID de la sucursal (GET /api/v1/pos → branchUuid); o su id entero (branchId), como número o texto; o su codigoSucursal de SIAT',
});

/** POST /api/v1/events/start. */
export const StartEventBody = Type.Object(
  {
    posId: Uuid,
    branchId: BranchId,
    codigoMotivo: Type.Optional(
      Type.Integer({ description: 'código del documento semilla: 1 corte de internet, 2 falla del sistema tributario, 3 virus informático, 4 otro; Kipu lo traduce al evento de SIAT de igual significado' }),
    ),
    /** Kipu extension for clients that speak SIAT (the till): SIAT's significant-event code, unchanged. */
    codigoMotivoSiat: Type.Optional(Type.Integer({ description: 'código del catálogo de eventos significativos de SIAT (extensión de Kipu); en lugar de codigoMotivo' })),
    descripcion: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type StartEventRequest = Static<typeof StartEventBody>;

/** POST /api/v1/events/end. */
export const EndEventBody = Type.Object({ posId: Uuid, branchId: BranchId, eventoId: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export type EndEventRequest = Static<typeof EndEventBody>;

/** POST /api/v1/events: the events of a point of sale that began on a day. */
export const EventsOnDayBody = Type.Object(
  { posId: Uuid, branchId: BranchId, fechaEvento: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }) },
  { additionalProperties: false },
);

export const PosIdParams = Type.Object({ posId: Uuid });
