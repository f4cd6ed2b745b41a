// Connection state of the till: the engine's event stream (SSE over fetch) with a 10-second
// poll of /till/status as a fallback, so the status bar is right even if the stream drops.
import { create } from 'zustand';
import type { InvoiceReissuedStreamEvent, InvoiceStreamEvent, InvoiceState, PosStatus, SiatMessage, TillStatus } from '../../../shared/api-types';
import { STREAMED, type StreamEventData, type StreamEventName } from '../../../shared/api/events';
import { ROUTES } from '../../../shared/api/routes';
import { api, http } from '../api';
import { connectStream, type SseMessage, type StreamHandle } from '../api/sse';
import { useNotices } from '../components/notices-store';
import { siatMessagesOfInvoice } from '../assistant/siat-messages';
import { boliviaNow, formatDateTime } from '../format/dates';
import { countOf } from '../format/labels';

const POLL_MS = 10_000;

interface TillStatusState {
  status: TillStatus | null;
  /** The engine answered the last poll or the stream is open. */
  engineReachable: boolean;
  streamConnected: boolean;
  lastUpdate: number | null;
  /** Latest state of invoices seen on the stream, by id (list rows and the last sale use it). */
  invoiceStates: Record<string, InvoiceState>;
  /** Bumped when something happened that makes queue/list views stale. */
  revision: number;
  /** The last failed automatic CUFD renewal per point of sale seen on the stream (Estado de conexión shows it). */
  cufdFailures: Record<string, CufdFailure>;
  /**
   * Invoices re-issued offline with a new CUF, by id, as the stream announced them: the sale
   * (sale/reissue.ts) replaces its card and ticket and tells the cashier.
   */
  reissues: Record<string, InvoiceReissuedStreamEvent>;
  start(): void;
  stop(): void;
  refresh(): Promise<void>;
  apply(m: SseMessage): void;
}

export interface CufdFailure {
  /** Local date-time (ISO, no zone) the till heard of it. */
  at: string;
  reason: string;
  siat: SiatMessage[];
}

let stream: StreamHandle | null = null;
let poll: ReturnType<typeof setInterval> | null = null;

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

/** What the stream sends: `status` (on connecting and on each change) and the events of the contract (shared/api/events.ts). */
type TillStreamName = 'status' | StreamEventName;
const STREAM_NAMES: ReadonlySet<string> = new Set<string>(['status', ...Object.values(STREAMED).filter((n) => n !== null)]);

function streamName(event: string): TillStreamName | null {
  return STREAM_NAMES.has(event) ? (event as TillStreamName) : null;
}

/**
 * An event's data as the contract declares it, every field optional: it crossed the wire, so
 * each one the notice needs is checked before use.
 */
function payload<N extends StreamEventName>(_name: N, data: string): Partial<StreamEventData<N>> | null {
  return parse<Partial<StreamEventData<N>>>(data);
}

export const useTillStatus = create<TillStatusState>()((set, get) => ({
  status: null,
  engineReachable: true,
  streamConnected: false,
  lastUpdate: null,
  invoiceStates: {},
  revision: 0,
  cufdFailures: {},
  reissues: {},

  start() {
    if (stream) return;
    void get().refresh();
    stream = connectStream({
      open: (signal) => http.raw(ROUTES.till.stream, { signal, headers: { Accept: 'text/event-stream' } }),
      onMessage: (m) => get().apply(m),
      onConnectionChange: (connected) => set({ streamConnected: connected, ...(connected ? { engineReachable: true } : {}) }),
    });
    poll = setInterval(() => void get().refresh(), POLL_MS);
  },

  stop() {
    stream?.close();
    stream = null;
    if (poll) clearInterval(poll);
    poll = null;
    set({ streamConnected: false });
  },

  async refresh() {
    try {
      const status = await api.tillStatus();
      set({ status, engineReachable: true, lastUpdate: Date.now() });
    } catch {
      set({ engineReachable: false });
    }
  },

  apply(m) {
    const notices = useNotices.getState();
    // The names are the contract's (a misspelt case fails the typecheck), and so are the payloads.
    switch (streamName(m.event)) {
      case 'status': {
        const status = parse<TillStatus>(m.data);
        if (status) set({ status, engineReachable: true, lastUpdate: Date.now() });
        return;
      }
      case 'invoice': {
        const inv = parse<InvoiceStreamEvent>(m.data);
        if (!inv) return;
        set((s) => ({ invoiceStates: { ...s.invoiceStates, [inv.id]: inv.state }, revision: s.revision + 1 }));
        if (inv.state === 'REJECTED') notices.push('error', rejectionTitle(inv), siatMessagesOfInvoice(inv));
        return;
      }
      case 'invoice.reissued': {
        const r = parse<InvoiceReissuedStreamEvent>(m.data);
        if (!r?.id || !r.previousCuf) return;
        set((s) => ({ reissues: { ...s.reissues, [r.id]: r }, invoiceStates: { ...s.invoiceStates, [r.id]: r.state }, revision: s.revision + 1 }));
        return;
      }
      case 'contingency.opened':
        notices.push('warning', 'Se activó el modo contingencia: las ventas continúan y se enviarán al SIAT al reconectar.');
        break;
      case 'contingency.closed':
        notices.dismissTone('warning'); // "contingency opened / SIAT lost" no longer hold
        notices.push('success', 'Contingencia cerrada: las facturas pendientes se enviaron al SIAT.');
        break;
      case 'contingency.package_rejected': {
        // SIAT's state code and the messages of the invoices it refused.
        const d = payload('contingency.package_rejected', m.data);
        const counts = d?.rejected !== undefined && d.total !== undefined ? ` (${d.rejected} de ${countOf(d.total, 'factura')})` : '';
        const siat = siatMessagesOfInvoice({ siatCode: d?.siatCode ?? null, siatDescription: null, siatMessages: d?.messages ?? [] });
        notices.push('error', `El SIAT rechazó un paquete de facturas de contingencia${counts}. Revíselas en Facturas.`, siat);
        break;
      }
      case 'contingency.validation_pending': {
        // main/contingency/recovery/runner.ts: the event is set aside, later events go on.
        const d = payload('contingency.validation_pending', m.data);
        if (!d?.deadline) return;
        notices.push(
          'warning',
          `El SIAT aún no valida ${d.pendingPackages ?? 1} paquete(s) de un evento de contingencia. Kipu sigue enviando los demás eventos y vuelve a consultar solo; ` +
            `el plazo del SIAT para ese evento vence el ${formatDateTime(d.deadline)}. Si sigue pendiente, consulte con el SIN (Estado de conexión).`,
        );
        break;
      }
      case 'cufd.renewal_failed': {
        // Published at most once a day per point of sale.
        const d = payload('cufd.renewal_failed', m.data);
        if (!d?.posId) return;
        // Without SIAT's messages the code's text is in the engine's reason ("SIAT 989: …").
        const siat = siatMessagesOfInvoice({ siatCode: d.siatCode ?? null, siatDescription: (d.reason ?? '').replace(/^SIAT \d+: /, ''), siatMessages: d.siatMessages ?? [] });
        const failure: CufdFailure = { at: boliviaNow(), reason: d.reason ?? '', siat };
        set((s) => ({ cufdFailures: { ...s.cufdFailures, [d.posId!]: failure } }));
        const pv = d.posCode !== undefined ? ` del punto de venta ${d.posCode}` : '';
        notices.push('error', `No se pudo renovar el CUFD${pv}. Kipu lo vuelve a intentar solo; vea Estado de conexión.`, siat);
        break;
      }
      case 'siat.clock_skew': {
        // main/cuis-cufd/clock-watch.ts: the offset was measured again because it moved or SIAT refused a sale for it.
        const d = payload('siat.clock_skew', m.data);
        if (!d || typeof d.offsetMs !== 'number') return;
        notices.push(d.siatCode ? 'error' : 'warning', clockSkewText(d.offsetMs, d.siatCode ?? null));
        break;
      }
      case 'till.user_locked': {
        // main/till-users/till-people.ts: five wrong PINs in a row; whoever is at a till is told,
        // so a supervisor knows why a cashier cannot log in (or approve) until then.
        const d = payload('till.user_locked', m.data);
        if (!d?.name || !d.lockedUntil) return;
        const what = d.purpose === 'APPROVAL' ? 'al aprobar' : 'al ingresar';
        notices.push('warning', `${d.name} (${d.login ?? ''}) quedó bloqueado/a hasta el ${formatDateTime(d.lockedUntil)}: ${d.wrongPins ?? 5} PIN incorrectos seguidos ${what}.`);
        return;
      }
      case 'siat.connection_lost':
        notices.push('warning', 'Se perdió la conexión con el SIAT.');
        break;
      case 'siat.connection_restored':
        notices.dismissTone('warning');
        notices.push('success', 'Conexión con el SIAT restablecida.');
        break;
      default:
        return;
    }
    set((s) => ({ revision: s.revision + 1 }));
    void get().refresh();
  },
}));

/** The rejection notice's first line: the invoice, and SIAT's state code and text as SIAT sent them. */
export function rejectionTitle(inv: Pick<InvoiceStreamEvent, 'invoiceNumber' | 'siatCode' | 'siatDescription'>): string {
  const state = inv.siatCode !== null ? ` — SIAT ${inv.siatCode}${inv.siatDescription ? `: ${inv.siatDescription}` : ''}` : '';
  return `La factura N° ${inv.invoiceNumber} fue rechazada por el SIAT${state}. No tiene validez fiscal: revísela en Facturas.`;
}

/** "2 h 5 min" / "7 min" / "menos de un minuto": a clock difference as a cashier reads it. */
function clockDifference(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'menos de un minuto';
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  return h > 0 ? `${h} h${min > 0 ? ` ${min} min` : ''}` : `${min} min`;
}

/** The notice of a re-measured SIAT clock; with SIAT's code when it refused a sale for the clock. */
export function clockSkewText(offsetMs: number, siatCode: number | null): string {
  const side = offsetMs > 0 ? 'atrasado' : 'adelantado';
  const diff = `El reloj de esta computadora está ${side} ${clockDifference(offsetMs)} respecto del SIAT`;
  if (siatCode === null) return `${diff}. Kipu corrige la hora de las facturas nuevas; conviene ajustar la hora del equipo.`;
  return (
    `El SIAT rechazó una venta por la fecha y hora (código ${siatCode}). ${diff}; Kipu ya corrige la hora de las facturas nuevas. ` +
    'Las facturas rechazadas no se vuelven a emitir solas: avise al encargado para que las revise en Facturas.'
  );
}

/** Status of one point of sale (the till's own). */
export function posStatusOf(status: TillStatus | null, posId: string | null): PosStatus | null {
  if (!status || !posId) return null;
  return status.pos.find((p) => p.posId === posId) ?? null;
}
