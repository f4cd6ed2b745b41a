// Shape of the simulator's operation handlers. Runs in: SIAT simulator only.

import type { SimulatorState } from '../state';

/** Context of one SOAP call. */
export interface CallInfo {
  /** Service path (`ServicioFacturacionCompraVenta` …). */
  servicePath: string;
  operation: string;
}

/**
 * Returns the response child's values (serialized in schema order by soap.ts) or throws
 * SimReject. Everything else thrown becomes a SOAP fault (HTTP 500), like a server error.
 */
export type Handler = (state: SimulatorState, req: Record<string, unknown>, call: CallInfo) => Record<string, unknown> | Promise<Record<string, unknown>>;

export type Handlers = Record<string, Handler>;
