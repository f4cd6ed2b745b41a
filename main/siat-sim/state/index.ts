// Simulator state: one object per concern (clock, faults, padrón, codes, reception) over the
// simulator's SQLite database, composed here. Handlers receive the whole SimulatorState and
// reach the concern they need (`state.codes.issueCufd(…)`). Runs in: SIAT simulator only.

import type { SimDatabase } from '../db';
import { SimClock } from './clock';
import { CodeRegistry } from './codes';
import { FaultSettings } from './faults';
import { Padron } from './padron';
import { ReceptionLog } from './reception';

// What handlers, checks and tests name; the concern objects themselves are reached through
// SimulatorState.
export { CUFD_EXTENSION_MS, CUIS_RENEWAL_WINDOW_MS, type CufdRow, type CuisRow } from './codes';
export type { FaultConfig } from './faults';
export type { TaxpayerRow } from './padron';
import { CafcRegistry } from './cafc';
import { Seguimiento } from './seguimiento';
export { PACKAGE_WINDOW_MS, type EventRow, type PackageRow, type ReceivedDocument } from './reception';

interface SimulatorStateOptions {
  db: SimDatabase;
  token: string;
  ambiente: number;
  now: () => Date;
  packageValidationDelayMs: number;
}

export class SimulatorState {
  readonly db: SimDatabase;
  token: string;
  /** 2 = pruebas/piloto (default), 1 = producción (CONTRACT §1.1). */
  ambiente: number;
  packageValidationDelayMs: number;
  readonly clock: SimClock;
  readonly faults = new FaultSettings();
  readonly codes: CodeRegistry;
  readonly padron: Padron;
  readonly reception: ReceptionLog;
  readonly cafc = new CafcRegistry();
  /** The portal's per-stage count of the authorization tests (issue 29). */
  readonly seguimiento: Seguimiento;

  constructor(opts: SimulatorStateOptions) {
    this.db = opts.db;
    this.token = opts.token;
    this.ambiente = opts.ambiente;
    this.packageValidationDelayMs = opts.packageValidationDelayMs;
    this.clock = new SimClock(opts.now);
    this.codes = new CodeRegistry(this.db, this.clock);
    this.padron = new Padron(this.db, this.codes);
    this.reception = new ReceptionLog(this.db, this.clock);
    this.seguimiento = new Seguimiento(this.db, this.clock);
  }

  /** Runs `fn` in one SQLite transaction (a package's verdicts are registered all or none). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // The embedding API (the engine's training mode and tests call these on `simulator.state`).

  /** See Padron.addBranch: the engine adds a training branch to the simulated padrón. */
  addBranch(nit: string, b: { codigoSucursal: number; direccion: string; municipio: string }): boolean {
    return this.padron.addBranch(nit, b);
  }

  branch(nit: string, sucursal: number): { direccion: string; municipio: string } | undefined {
    return this.padron.branch(nit, sucursal);
  }

  pointOfSale(nit: string, sucursal: number, pv: number): { nombre: string; tipo: number; closed: number } | undefined {
    return this.padron.pointOfSale(nit, sucursal, pv);
  }

  /** GET /admin/state: a summary for people and tests. */
  summary(): Record<string, unknown> {
    const count = (sql: string): number => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      now: this.clock.now().toISOString(),
      clockSkewMs: this.clock.skewMs,
      ambiente: this.ambiente,
      faults: this.faults.config,
      acceptBeforeTimeout: this.faults.acceptBeforeTimeout,
      forcedCodes: Object.fromEntries(this.faults.forcedCodes),
      rejectFilesNext: this.faults.rejectFilesNext,
      counts: {
        taxpayers: count('SELECT COUNT(*) AS n FROM taxpayers'),
        pointsOfSale: count('SELECT COUNT(*) AS n FROM points_of_sale'),
        cuis: count('SELECT COUNT(*) AS n FROM cuis'),
        cufds: count('SELECT COUNT(*) AS n FROM cufds'),
        invoices: count('SELECT COUNT(*) AS n FROM invoices'),
        receptions: count('SELECT COUNT(*) AS n FROM receptions'),
        events: count('SELECT COUNT(*) AS n FROM events'),
        packages: count('SELECT COUNT(*) AS n FROM packages'),
      },
      branches: this.db.prepare('SELECT nit, codigo_sucursal, direccion, municipio FROM branches ORDER BY nit, codigo_sucursal').all(),
      pointsOfSale: this.db.prepare('SELECT nit, codigo_sucursal, codigo_punto_venta, nombre, tipo, closed FROM points_of_sale').all(),
      events: this.db.prepare('SELECT codigo_recepcion, nit, codigo_sucursal, codigo_punto_venta, codigo_motivo, inicio_text, fin_text FROM events').all(),
      packages: this.db.prepare('SELECT codigo_recepcion, kind, service, cantidad, estado, result FROM packages').all(),
    };
  }
}
