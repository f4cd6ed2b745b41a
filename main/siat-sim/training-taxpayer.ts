// The demo taxpayer of training mode (KIPU_TRAINING=1): the simulator knows it out of the box
// and the engine configures the demo tenant with it. Not a real taxpayer; documents issued
// against the simulator have no fiscal effect.
// Runs in: engine and SIAT simulator.
import { MODALIDAD, type Modalidad } from '../siat/code-catalog';
import { ACTIVIDADES } from './catalog-data/activities';
import { INVOICE_TYPES } from '../../shared/invoice-types';

export interface TrainingBranch {
  readonly codigoSucursal: number;
  readonly direccion: string;
  readonly municipio: string;
}

export interface TrainingTaxpayer {
  readonly nit: number;
  readonly razonSocial: string;
  /** Authorized system code: 23 uppercase hexadecimal characters. */
  readonly codigoSistema: string;
  /** Delegated token the simulator accepts (`apikey: TokenApi <token>`). */
  readonly token: string;
  readonly municipio: string;
  /** Padrón address: the CUFD answer's `direccion`, which invoices must repeat (1007/2014). */
  readonly direccion: string;
  readonly telefono: string;
  readonly modalidades: readonly Modalidad[];
  readonly branches: readonly TrainingBranch[];
  /** CAEB codes registered for the NIT (sincronizarActividades). */
  readonly activities: readonly string[];
  /** Document sectors the NIT is enabled for (SIAT 940 for any other). */
  readonly sectors: readonly number[];
}

const DIRECCION = 'AV. 16 DE JULIO N° 1490, EDIFICIO KIPU';
const MUNICIPIO = 'La Paz';

export const TRAINING_TAXPAYER: TrainingTaxpayer = Object.freeze({
  nit: 7000123019,
  razonSocial: 'COMERCIAL KIPU DEMO S.R.L.',
  codigoSistema: '7C1A4E9B2D05F3A8E6B1C47',
  token: 'kipu-entrenamiento-token',
  municipio: MUNICIPIO,
  direccion: DIRECCION,
  telefono: '22123456',
  modalidades: Object.freeze([MODALIDAD.ELECTRONICA, MODALIDAD.COMPUTARIZADA]),
  // Casa matriz only; points of sale are registered through registroPuntoVenta.
  branches: Object.freeze([Object.freeze({ codigoSucursal: 0, direccion: DIRECCION, municipio: MUNICIPIO })]),
  activities: Object.freeze(ACTIVIDADES.map((a) => a.codigoCaeb)),
  // Every sector the seeds name (issue #12: training mode enables the demo taxpayer for them).
  sectors: Object.freeze([...new Set(INVOICE_TYPES.map((t) => t.sector))].sort((a, b) => a - b)),
});

/**
 * The taxpayer the «Autorización SIN» screen rehearses Phase I on (main/certify/rehearsal.ts): a
 * second simulated taxpayer, so the rehearsal's few hundred test invoices, its events and its
 * numbering stay out of the training store's (Facturas, the books, X/Z, the next sale's number).
 * Its own NIT (mod-11 valid), system code and padrón; the same delegated token (the simulator
 * accepts one token) and every sector, both modalities.
 */
export const REHEARSAL_TAXPAYER: TrainingTaxpayer = Object.freeze({
  ...TRAINING_TAXPAYER,
  nit: 7000123022,
  razonSocial: 'KIPU ENSAYO DE AUTORIZACION S.R.L.',
  codigoSistema: 'E45A7C1B9D3F06A2C8E1B57',
});

/** Every taxpayer the simulator knows out of the box (seed.ts). */
export const SIMULATED_TAXPAYERS: readonly TrainingTaxpayer[] = Object.freeze([TRAINING_TAXPAYER, REHEARSAL_TAXPAYER]);

/**
 * The training taxpayer's CAFC booklet (an invented code in SIAT's 13-character shape, CONTRACT
 * §5.3): numbers 1 to 5000, usable from 2024 on. The till's "Facturas manuales (CAFC)" screen and
 * the tests transcribe against it.
 */
export const TRAINING_CAFC = Object.freeze({ codigo: '1011D7A0C4B21', desde: 1, hasta: 5000, fechaDesde: '2024-01-01', fechaHasta: '2099-12-31' });

/** The rehearsal taxpayer's own booklet (events 5–7 of its rehearsals), same shape and range. */
const REHEARSAL_CAFC = Object.freeze({ ...TRAINING_CAFC, codigo: '1011E5A0C4B22' });

/** A booklet the simulator knows from the start (state/cafc.ts). */
interface SimulatedCafc {
  readonly codigo: string;
  readonly desde: number;
  readonly hasta: number;
  readonly fechaDesde: string;
  readonly fechaHasta: string;
}

/** The booklet the simulator knows for a NIT (certify's default in training), or null. */
export function simulatedCafcOf(nit: string): SimulatedCafc | null {
  if (nit === String(TRAINING_TAXPAYER.nit)) return TRAINING_CAFC;
  if (nit === String(REHEARSAL_TAXPAYER.nit)) return REHEARSAL_CAFC;
  return null;
}
