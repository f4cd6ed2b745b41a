// The seed's "Contingency event" resource (seed: Resources and their fields).
import type { ContingencyEvent } from '../store/contingency-events';
import type { ContingencyEvent as SeedContingencyEvent } from '../../shared/api-types';
import { toBoliviaIso } from '../../shared/time';

/** The seed's resource (shared/api-types.ts) plus Kipu's `estado`: ACTIVE (selling offline), RECOVERING (sending to SIAT), CLOSED. */
export type ContingencyEventDto = SeedContingencyEvent & { estado: ContingencyEvent['state'] };

export function eventDto(e: ContingencyEvent): ContingencyEventDto {
  return {
    id: e.id,
    posId: e.posId,
    codigoMotivo: e.codigoMotivo,
    descripcionMotivo: e.descripcion,
    fechaInicio: e.fechaInicio,
    fechaFin: e.fechaFin,
    cufdEvento: e.cufdEvento,
    codigoEventoSiat: e.codigoEventoSiat,
    // Seed: "ended" once POST /events/end ran (or the monitor saw SIAT again); the flush may still run.
    finalizado: e.state !== 'ACTIVE',
    createdAt: toBoliviaIso(new Date(e.createdAt)),
    estado: e.state,
  };
}
