// The simulator's tally per SIN stage, NIT and point of sale (main/siat-sim/seguimiento.ts says
// what counts). One row per counted answer, so a package polled twice is still one.
// Runs in: SIAT simulator only.
import { randomUUID } from 'node:crypto';
import type { SimDatabase } from '../db';
import type { SimClock } from './clock';
import { SEGUIMIENTO_STAGES, type Tally } from '../seguimiento';
import type { SeguimientoRow } from '../../../shared/api/certification';


export class Seguimiento {
  constructor(
    private readonly db: SimDatabase,
    private readonly clock: SimClock,
  ) {}

  add(tallies: readonly Tally[]): void {
    if (tallies.length === 0) return;
    const insert = this.db.prepare('INSERT OR IGNORE INTO seguimiento (nit, pv, etapa, ref, at) VALUES (?, ?, ?, ?, ?)');
    const at = this.clock.now().getTime();
    this.db.transaction(() => {
      for (const t of tallies) insert.run(t.nit, t.pv, t.etapa, t.ref ?? randomUUID(), at);
    })();
  }

  /** Every stage the portal shows, for each point of sale that has any count, in the portal's order. */
  of(nit: string): SeguimientoRow[] {
    const rows = this.db.prepare('SELECT pv, etapa, COUNT(*) AS n FROM seguimiento WHERE nit = ? GROUP BY pv, etapa').all(nit) as { pv: number; etapa: string; n: number }[];
    const points = [...new Set(rows.map((r) => r.pv))].sort((a, b) => a - b);
    return points.flatMap((pv) =>
      SEGUIMIENTO_STAGES.map((s) => ({ etapa: s.etapa, nombre: s.nombre, puntoVenta: pv, cantidad: rows.find((r) => r.pv === pv && r.etapa === s.etapa)?.n ?? 0 })),
    );
  }
}
