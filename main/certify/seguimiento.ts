// The simulator's «seguimiento» (what SIAT counted, as the SIN portal shows it per case) beside
// certify's own count, per stage, sector and point of sale: training only, where Kipu can read
// it (the embedded simulator, or `npm run siat-sim`'s admin URL); on the pilot the SIN's portal
// shows its own. withSeguimiento and seguimientoLines are pure; readSeguimiento is the I/O.
import type { SiatSimulator } from '../siat-sim/simulator';
import type { Tenant } from '../store/tenants';
import type { SeguimientoRow, StageReport } from '../../shared/api/certification';
import { sectorSpec } from '../../shared/sectors';
import { BodyTooLargeError, readCappedText } from '../net/capped-body';

/**
 * The most of the simulator's seguimiento answer read: a row per stage, sector and point of sale
 * is ~80 bytes, so a whole certification (12 stages × 45 sectors × a few points of sale) stays
 * far below it. Anything larger is not the simulator's answer.
 */
export const SEGUIMIENTO_MAX_BYTES = 1024 * 1024;

/** The SIN's numerals a stage is counted under: the events stage ('V-VI') is both. */
const numerals = (etapaSin: string) => etapaSin.split('-');

/** Each report with what the simulator counted for its stage, sector and point of sale (0 where nothing). */
export function withSeguimiento(reports: readonly StageReport[], rows: readonly SeguimientoRow[] | null): StageReport[] {
  if (!rows) return [...reports];
  return reports.map((r) => ({
    ...r,
    seguimiento: Object.fromEntries(numerals(r.etapaSin).map((n) => [n, rows.find((x) => x.etapa === n && x.puntoVenta === r.puntoVenta && x.sector === r.sector)?.cantidad ?? 0])),
  }));
}

/** What a user reads: one line per sector (the system's stages first) and point of sale, «IV 6 · VII 3». */
export function seguimientoLines(reports: readonly StageReport[]): string[] {
  const groups = new Map<string, { sector: number | null; pos: number; counts: string[] }>();
  for (const r of reports) {
    if (!r.seguimiento) continue;
    const key = `${r.sector ?? '-'}:${r.puntoVenta}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { sector: r.sector, pos: r.puntoVenta, counts: [] }));
    for (const [n, c] of Object.entries(r.seguimiento)) g.counts.push(`${n} ${c}`);
  }
  // The reports' order: the system's stages, then sector by sector as declared, each point of sale.
  return [...groups.values()].map((g) => `${g.sector === null ? 'Etapas del sistema' : (sectorSpec(g.sector)?.label ?? `Sector ${g.sector}`)} · punto de venta ${g.pos}: ${g.counts.join(' · ')}`);
}

/**
 * The simulator's seguimiento of the taxpayer: the embedded simulator's, else the one at
 * `adminUrl` (the admin URL `npm run siat-sim` prints); null outside training or with neither.
 */
export async function readSeguimiento(engine: { simulator: SiatSimulator | null }, tenant: Tenant, adminUrl: string | null): Promise<SeguimientoRow[] | null> {
  if (!tenant.training) return null;
  if (engine.simulator) return engine.simulator.state.seguimiento.of(tenant.nit);
  if (!adminUrl) return null;
  const res = await fetch(`${adminUrl}/seguimiento?nit=${encodeURIComponent(tenant.nit)}`, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`el simulador respondió HTTP ${res.status}`);
  let text: string;
  try {
    text = await readCappedText(res, SEGUIMIENTO_MAX_BYTES);
  } catch (err) {
    if (!(err instanceof BodyTooLargeError)) throw err;
    throw new Error(`la respuesta del simulador supera ${SEGUIMIENTO_MAX_BYTES / (1024 * 1024)} MiB; no se leyó (¿es la URL de administración de npm run siat-sim?)`, { cause: err });
  }
  let body: { etapas?: unknown };
  try {
    body = JSON.parse(text) as { etapas?: unknown };
  } catch (err) {
    throw new Error('la respuesta del simulador no es JSON', { cause: err });
  }
  if (!Array.isArray(body?.etapas)) throw new Error('la respuesta del simulador no trae «etapas»');
  return body.etapas as SeguimientoRow[];
}
