// Connection state of the till: the engine's event stream (SSE over fetch) with a 10-second
// poll of /till/status as a fallback, so the status bar is right even if the stream drops.
import { create } from 'zustand';
import type { InvoiceStreamEvent, InvoiceState, PosStatus, TillStatus } from '../../../shared/api-types';
import { api, http } from '../api';
import { connectStream, type SseMessage, type StreamHandle } from '../api/sse';
import { useNotices } from '../components/notices-store';

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
  start(): void;
  stop(): void;
  refresh(): Promise<void>;
  apply(m: SseMessage): void;
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

export const useTillStatus = create<TillStatusState>()((set, get) => ({
  status: null,
  engineReachable: true,
  streamConnected: false,
  lastUpdate: null,
  invoiceStates: {},
  revision: 0,

  start() {
    if (stream) return;
    void get().refresh();
    stream = connectStream({
      open: (signal) => http.raw('/api/v1/till/stream', { signal, headers: { Accept: 'text/event-stream' } }),
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
    switch (m.event) {
      case 'status': {
        const status = parse<TillStatus>(m.data);
        if (status) set({ status, engineReachable: true, lastUpdate: Date.now() });
        return;
      }
      case 'invoice': {
        const inv = parse<InvoiceStreamEvent>(m.data);
        if (!inv) return;
        set((s) => ({ invoiceStates: { ...s.invoiceStates, [inv.id]: inv.state }, revision: s.revision + 1 }));
        if (inv.state === 'REJECTED') notices.push('error', `La factura N° ${inv.invoiceNumber} fue rechazada por el SIAT. Revísela en Facturas.`);
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
        const d = parse<{ detail?: string }>(m.data);
        notices.push('error', `El SIAT rechazó un paquete de facturas de contingencia.${d?.detail ? ` ${d.detail}` : ''}`);
        break;
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

/** Status of one point of sale (the till's own). */
export function posStatusOf(status: TillStatus | null, posId: string | null): PosStatus | null {
  if (!status || !posId) return null;
  return status.pos.find((p) => p.posId === posId) ?? null;
}
