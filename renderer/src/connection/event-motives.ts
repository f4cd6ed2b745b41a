// Which of SIAT's significant events the manual "Iniciar contingencia" offers: only those the till
// covers by issuing offline (1–4). Events 5–7 (no power, software or hardware failure) mean the
// till cannot issue at all: they are declared with the paper CAFC booklet in "Facturas manuales
// (CAFC)", and the engine refuses them on /events/start (decision 0056).
import { OFFLINE_MOTIVES } from '../../../shared/api/contingency-event';
import { boliviaNow, formatDate, formatDateTime } from '../format/dates';

export function manualEventReasons<T extends { codigo: number }>(catalog: readonly T[]): T[] {
  return catalog.filter((r) => (OFFLINE_MOTIVES as readonly number[]).includes(r.codigo));
}


/**
 * What the status bar says of the active event, beside «Contingencia»: since when, in words (a
 * walk of 28/11 read «Evento local (motivo 2)…» cut off at 1024 px before the time); SIAT's event
 * number, or that SIAT has not registered it yet, and the motive go in the tooltip.
 */
export function activeEventSummary(
  ev: { codigoEventoSiat: number | null; codigoMotivo: number; descripcionMotivo: string; fechaInicio: string },
  now: Date = new Date(),
): { text: string; title: string } {
  const since = formatDateTime(ev.fechaInicio);
  const today = formatDate(boliviaNow(now));
  // Beside «Contingencia» (the mode, just left of it), so short enough for a 1024 px bar.
  const text = since.startsWith(`${today} `) ? `Desde las ${since.slice(today.length + 1)}` : `Desde el ${since}`;
  const registered = ev.codigoEventoSiat === null ? 'aún sin registrar en el SIAT' : `registrado en el SIAT con el N° ${ev.codigoEventoSiat}`;
  return { text, title: `Evento significativo ${registered} · motivo ${ev.codigoMotivo} – ${ev.descripcionMotivo}` };
}
