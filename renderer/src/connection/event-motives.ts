// Which of SIAT's significant events the manual "Iniciar contingencia" offers: only those the till
// covers by issuing offline (1–4). Events 5–7 (no power, software or hardware failure) mean the
// till cannot issue at all: they are declared with the paper CAFC booklet in "Facturas manuales
// (CAFC)", and the engine refuses them on /events/start (decision 0056).
import { OFFLINE_MOTIVES } from '../../../shared/api/contingency-event';

export function manualEventReasons<T extends { codigo: number }>(catalog: readonly T[]): T[] {
  return catalog.filter((r) => (OFFLINE_MOTIVES as readonly number[]).includes(r.codigo));
}

