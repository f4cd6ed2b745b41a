// The seed's "Contingency event" resource (seed: Resources and their fields).
import type { ContingencyEvent } from './events-repository';
import { toBoliviaIso } from '../../shared/time';

export interface ContingencyEventDto {
  id: string;
  posId: string;
  codigoMotivo: number;
  descripcionMotivo: string;
  fechaInicio: string;
  fechaFin: string | null;
  cufdEvento: string;
  codigoEventoSiat: number | null;
  finalizado: boolean;
  createdAt: string;
  /** Kipu extension: ACTIVE (selling offline), RECOVERING (sending to SIAT), CLOSED. */
  estado: ContingencyEvent['state'];
}

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
