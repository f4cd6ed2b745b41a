// The counts the SIN requires in Phase I (authorization tests on the pilot), per stage.
// Source: docs/siat/certification.md (copied from the team's notes on the SIN's "Pruebas para la
// autorización del sistema de facturación" pages and spreadsheets, as transcribed by
// ZPSoftwareFastSolutions/ZP-MINV-Platform docs/billing/investigacion-siat/08-autorizacion-inspeccion-versionamiento.md).
// Pure: no I/O.
import { CONCILIATION_NOTE_SECTOR, COMPRA_VENTA_SECTOR, CREDIT_DEBIT_NOTE_SECTOR, sectorSpec } from '../../shared/sectors';

export type StageName = 'cuis' | 'catalogs' | 'cufd' | 'emission' | 'events' | 'cancellation' | 'signature' | 'massive' | 'reversal';

export interface StageRequirement {
  name: StageName;
  /** The SIN's roman numeral for the stage (what the portal's "seguimiento" shows). */
  sinStage: string;
  /** What a user reads. */
  title: string;
  /** Required successful steps per point of sale, at full count. */
  perPos: number;
  /** SIAT's status code a successful step answers with, where the SIN names one. */
  expectedCode: number | null;
  /**
   * Which declared sectors the stage runs for, one after another ("sector by sector"): every
   * declared one, the invoices only (no notes: SIAT takes no package of notes), or none (codes
   * and catalogs are the system's, asked once).
   */
  sectors: 'all' | 'invoices' | 'none';
}

/** The two points of sale every case runs for (branch 0). */
export const CERTIFICATION_POS_CODES = [0, 1] as const;

/** The 17 lists of sincronizacion plus the date-time: the SIN's 18 catalogs (CatalogService + syncClock). */
export const CATALOG_COUNT = 18;

/** The SIN's significant events (its test spreadsheets list 7). */
export const EVENT_COUNT = 7;

export const STAGES: readonly StageRequirement[] = [
  { name: 'cuis', sinStage: 'I', title: 'Obtención de CUIS', perPos: 2, expectedCode: null, sectors: 'none' },
  // 50 synchronizations of each of the 18 catalogs per point of sale: one step is one catalog call.
  { name: 'catalogs', sinStage: 'II', title: 'Sincronización de catálogos (18 × 50)', perPos: CATALOG_COUNT * 50, expectedCode: null, sectors: 'none' },
  { name: 'cufd', sinStage: 'III', title: 'Obtención de CUFD', perPos: 100, expectedCode: null, sectors: 'none' },
  // 500 in total across both points of sale, for each declared sector (notes too).
  { name: 'emission', sinStage: 'IV', title: 'Emisión individual', perPos: 250, expectedCode: 908, sectors: 'all' },
  // Stages V and VI together, one step per event (main/certify/stages/events.ts): the SIN's 7
  // events, 1–4 issued offline, 5–7 manual invoices with CAFC, transcribed; each event with a
  // package of exactly 500 and one of fewer.
  { name: 'events', sinStage: 'V-VI', title: 'Eventos significativos y paquetes de contingencia', perPos: EVENT_COUNT, expectedCode: 908, sectors: 'invoices' },
  // 250 in total, per sector (invoices and notes).
  { name: 'cancellation', sinStage: 'VII', title: 'Anulación', perPos: 125, expectedCode: 905, sectors: 'all' },
  // Electronic modality only (stages/signature.ts): 250 signed emissions in total.
  { name: 'signature', sinStage: 'VIII', title: 'Emisión con firma digital', perPos: 125, expectedCode: 908, sectors: 'all' },
  // Only with the "Proceso Masivo" mark (stages/massive.ts): one step is one package, alternately of
  // 1.000 invoices and of fewer; 10 per case.
  { name: 'massive', sinStage: 'IX', title: 'Emisión masiva', perPos: 10, expectedCode: 908, sectors: 'invoices' },
  // 98 in total, per sector.
  { name: 'reversal', sinStage: 'XI', title: 'Reversión de anulación', perPos: 49, expectedCode: 907, sectors: 'all' },
];

/**
 * The count one run requires: full, or divided by `scale` for a rehearsal (`--reduced N`), never
 * below 1. The catalog stage keeps whole rounds of the 18 catalogs.
 */
export function requiredPerPos(stage: StageRequirement, scale: number): number {
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`scale ${scale}`);
  // Every event and every massive package runs even in a rehearsal: what is reduced is how many
  // invoices each one carries.
  if (stage.name === 'events' || stage.name === 'massive') return stage.perPos;
  if (stage.name === 'catalogs') return CATALOG_COUNT * Math.max(1, Math.ceil(50 / scale));
  return Math.max(1, Math.ceil(stage.perPos / scale));
}

/** The notes: issued on an invoice of this run, online only (SIAT takes no package of them). */
export const isNoteSector = (sector: number) => sector === CREDIT_DEBIT_NOTE_SECTOR || sector === CONCILIATION_NOTE_SECTOR;

/**
 * The declared sectors certify can issue, or why not (es-BO): every sector Kipu issues with a
 * detail (the boleto aéreo goes only in massive reception), and the two notes.
 */
export function certifiableSector(sector: number): string | null {
  const spec = sectorSpec(sector);
  if (!spec) return `Kipu no emite el documento sector ${sector}`;
  if (!spec.layout.detalle) return `el sector ${sector} (${spec.label}) se emite solo por recepción masiva; certify no lo prueba`;
  return null;
}

/** The sectors a stage runs for, in the declared order; [null] for the system's stages (I–III). */
export function stageSectors(stage: Pick<StageRequirement, 'sectors'>, declared: readonly number[]): (number | null)[] {
  if (stage.sectors === 'none') return [null];
  return stage.sectors === 'all' ? [...declared] : declared.filter((s) => !isNoteSector(s));
}

/**
 * The key of a stage's steps for a sector (certification_steps.stage) and of its invoices'
 * idempotency keys: the bare name for the system's stages and for compra-venta, so a run started
 * before stages went per sector (compra-venta only) resumes on its own rows and keys.
 */
export const stageKey = (name: StageName, sector: number | null): string => (sector === null || sector === COMPRA_VENTA_SECTOR ? name : `${name}:s${sector}`);

/** What a user reads for a stage of a sector: "Emisión individual · Sector educativo". */
export function stageTitle(stage: Pick<StageRequirement, 'title'>, sector: number | null): string {
  if (sector === null) return stage.title;
  return `${stage.title} · ${sectorSpec(sector)?.label ?? `sector ${sector}`}`;
}
