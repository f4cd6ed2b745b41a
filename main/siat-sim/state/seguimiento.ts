// The simulator's tally per SIN stage, NIT, point of sale and document sector
// (main/siat-sim/seguimiento.ts says what counts). One row per counted answer, so a package polled
// twice is still one.
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
    const insert = this.db.prepare('INSERT OR IGNORE INTO seguimiento (nit, pv, etapa, sector, ref, at) VALUES (?, ?, ?, ?, ?, ?)');
    // An event's sector, learnt from its first package: only where no package named it before.
    const name = this.db.prepare('UPDATE seguimiento SET sector = ? WHERE nit = ? AND pv = ? AND etapa = ? AND ref = ? AND sector IS NULL');
    const at = this.clock.now().getTime();
    this.db.transaction(() => {
      for (const t of tallies) {
        if (t.sectorOnly) {
          if (t.ref !== null) name.run(t.sector, t.nit, t.pv, t.etapa, t.ref);
        } else insert.run(t.nit, t.pv, t.etapa, t.sector, t.ref ?? randomUUID(), at);
      }
    })();
  }

  /**
   * What the portal shows, in its order: for each point of sale with any count, the system's
   * stages (I–III, sector null), then each per-sector stage for every sector the NIT has any count
   * in (0 where none), and an event no package has named a sector for yet (sector null) where
   * there is one.
   */
  of(nit: string): SeguimientoRow[] {
    const rows = this.db.prepare('SELECT pv, etapa, sector, COUNT(*) AS n FROM seguimiento WHERE nit = ? GROUP BY pv, etapa, sector').all(nit) as { pv: number; etapa: string; sector: number | null; n: number }[];
    const points = [...new Set(rows.map((r) => r.pv))].sort((a, b) => a - b);
    const sectors = [...new Set(rows.map((r) => r.sector).filter((s): s is number => s !== null))].sort((a, b) => a - b);
    const count = (pv: number, etapa: string, sector: number | null) => rows.find((r) => r.pv === pv && r.etapa === etapa && r.sector === sector)?.n ?? 0;
    return points.flatMap((pv) =>
      SEGUIMIENTO_STAGES.flatMap((s) => {
        const of = s.porSector ? [...(count(pv, s.etapa, null) > 0 ? [null] : []), ...sectors] : [null];
        return of.map((sector) => ({ etapa: s.etapa, nombre: s.nombre, puntoVenta: pv, sector, cantidad: count(pv, s.etapa, sector) }));
      }),
    );
  }
}
