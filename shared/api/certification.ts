// What the manager's "Autorización SIN" screen reads (issue 29; main/api/routes/certification.ts):
// the certify run per stage, the inspection self-check and the production onboarding checks.
// Types, and the rehearsal's body schema: the engine fills them (main/certify/), the till shows them.
import Type, { type Static } from 'typebox';

/** One stage at one point of sale, from the stored steps (main/certify/evidence.ts). */
export interface StageReport {
  /** The stage's key: its name, with the sector for a sector other than compra-venta (emission:s11). */
  etapa: string;
  etapaSin: string;
  /** What a manager reads: the stage, and the sector where the stage runs per sector. */
  titulo: string;
  /** codigoDocumentoSector of a per-sector stage (IV–IX, XI); null for I–III. */
  sector: number | null;
  puntoVenta: number;
  hechos: number;
  requeridos: number;
  fallidos: number;
  codigoEsperado: number | null;
  /** SIAT's status codes the steps got, with how many times. */
  codigosSiat: Record<string, number>;
  primeraEn: string | null;
  ultimaEn: string | null;
  muestras: string[];
  /** What SIAT answered on those sample steps (for events: its event code, the event's CUFD, package sizes). */
  respuestasMuestra: string[];
  fallas: { paso: number; codigo: number | null; texto: string | null; en: string }[];
  /**
   * In training, what the simulator's «seguimiento» counted for this stage, sector and point of
   * sale, by the SIN's numeral ({ V: 7, VI: 7 } for the events and their packages); absent where
   * nobody can read it (the pilot: the SIN's portal shows its own).
   */
  seguimiento?: Record<string, number>;
}

export interface CertificationRunInfo {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  stoppedAt: string | null;
  stoppedReason: string | null;
  scale: number;
  options: Record<string, unknown>;
}

/** The training simulator's count per SIN stage, point of sale and sector (the portal's "seguimiento"). */
export interface SeguimientoRow {
  etapa: string;
  nombre: string;
  puntoVenta: number;
  /** codigoDocumentoSector; null for the system's stages (I–III) and an event no package named a sector for. */
  sector: number | null;
  cantidad: number;
}

export interface CertificationStatus {
  run: CertificationRunInfo | null;
  stages: StageReport[];
  seguimiento: SeguimientoRow[] | null;
  /** The taxpayer is the training one: the screen offers a rehearsal against the simulator. */
  entrenamiento: boolean;
  /** The rehearsal this engine runs (null where it hosts none): whether one runs now, its last lines. */
  ensayo: { enCurso: boolean; lineas: string[] } | null;
}

/** POST /api/v1/certification/rehearsal (training only). */
export const RehearsalBody = Type.Object(
  {
    reducido: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Divisor de las cantidades del SIN (25 por defecto; 1 = cantidades completas)' })),
    sectores: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 99 }), { minItems: 1, maxItems: 20, description: 'Documentos sector declarados (1 por defecto)' })),
  },
  { additionalProperties: false },
);
export type RehearsalRequestBody = Static<typeof RehearsalBody>;

export type CheckStatus = 'ok' | 'falla' | 'pendiente' | 'no aplica';

export interface CheckItem {
  /** The checklist's number (1–14). */
  item: number;
  titulo: string;
  estado: CheckStatus;
  /** What shows it: a sample run through Kipu's rule, a setting, an issued invoice, a log of events. */
  evidencia: string[];
}

export interface SelfCheckResult {
  aprobado: boolean;
  /** When it was judged, Bolivia time (SIAT's clock). */
  en: string;
  items: CheckItem[];
}

export interface OnboardingCheck {
  clave: 'ambiente' | 'token' | 'sistema' | 'certificado' | 'puntos' | 'cuis' | 'cufd' | 'catalogos' | 'productos';
  titulo: string;
  ok: boolean;
  /** What is there, or what is missing and what to do. */
  detalle: string;
}

export interface OnboardingResult {
  listo: boolean;
  checks: OnboardingCheck[];
  /** When the start of operations was recorded, else null. */
  inicio: string | null;
}
