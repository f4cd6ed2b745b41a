// Fault injection and the other admin-chosen behaviours (README "Admin API"): what the next
// calls do instead of a normal answer. Kept in memory: a restart clears them.
// Runs in: SIAT simulator only.

export const FAULT_MODES = ['none', 'refuse', 'hang', 'http500', 'latency', 'garble'] as const;
type FaultMode = (typeof FAULT_MODES)[number];

/**
 * How `garble` spoils an answer. The request is processed first (an invoice is registered), so the
 * client gets an answer that does not say what happened to what SIAT did keep:
 * - omit-codigoEstado: a well-formed answer with transaccion=true and no codigoEstado/codigoDescripcion;
 * - truncated: the envelope cut in the middle (the client sees malformed XML).
 */
export const GARBLES = ['omit-codigoEstado', 'truncated'] as const;
export type Garble = (typeof GARBLES)[number];

export interface FaultConfig {
  mode: FaultMode;
  latencyMs?: number;
  /** With mode `garble`: how the answer is spoiled (default omit-codigoEstado). */
  garble?: Garble;
  /** Service paths (or client module names) the fault applies to; empty = all. */
  services?: string[];
  operations?: string[];
  /** The fault hits this many matching requests, then is gone (mode none); absent = until reset. */
  times?: number;
}

interface ForcedCode {
  codigo: number;
  remaining: number;
}

interface RejectFilesRule {
  numeroArchivo?: number[];
  cufs?: string[];
  codigo: number;
}

export class FaultSettings {
  config: FaultConfig = { mode: 'none' };
  /** For hang mode: process the request (e.g. register the invoice), then never answer. */
  acceptBeforeTimeout = false;
  readonly forcedCodes = new Map<string, ForcedCode>();
  rejectFilesNext: RejectFilesRule | null = null;
  /** Base of `numeroArchivo` in package answers: 0 (default) or 1 — SIAT's is undocumented. */
  fileNumberBase: 0 | 1 = 0;

  reset(): void {
    this.config = { mode: 'none' };
    this.acceptBeforeTimeout = false;
    this.forcedCodes.clear();
    this.rejectFilesNext = null;
    this.fileNumberBase = 0;
  }

  /** Does the configured fault apply to this call? Scope by service path/module and operation. */
  appliesTo(serviceKey: string | null, servicePath: string, operation: string | null): boolean {
    const f = this.config;
    if (f.mode === 'none') return false;
    if (f.services?.length && !f.services.some((s) => s === servicePath || s === serviceKey)) return false;
    if (f.operations?.length && (operation === null || !f.operations.includes(operation))) return false;
    return true;
  }

  /** A matching request was hit: one use of a fault set for a number of `times` is spent. */
  spend(): void {
    const f = this.config;
    if (f.times === undefined) return;
    if (f.times <= 1) this.config = { mode: 'none' };
    else f.times--;
  }

  /** Unscoped `refuse`: the SOAP listener itself is closed (README "Fault modes"). */
  refusesEverything(): boolean {
    const f = this.config;
    return f.mode === 'refuse' && !f.services?.length && !f.operations?.length;
  }

  /** /admin/force-code: takes one use of the code forced on `operation`, if any is left. */
  takeForcedCode(operation: string): number | undefined {
    const forced = this.forcedCodes.get(operation);
    if (!forced || forced.remaining <= 0) return undefined;
    forced.remaining--;
    if (forced.remaining === 0) this.forcedCodes.delete(operation);
    return forced.codigo;
  }
}
