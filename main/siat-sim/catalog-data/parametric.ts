// Small parametric catalogs as SIAT synchronizes them (DUMP, Jan 2023; CONTRACT §7).
// Texts are SIAT's, accents included; only trailing blanks were trimmed.
// Runs in: SIAT simulator.
import { SECTORS, SIGNIFICANT_EVENTS } from '../../siat/code-catalog';
import type { ParametricaItem } from './types';

export const TIPO_DOCUMENTO_IDENTIDAD: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'CI - CEDULA DE IDENTIDAD' },
  { codigoClasificador: 2, descripcion: 'CEX - CEDULA DE IDENTIDAD DE EXTRANJERO' },
  { codigoClasificador: 3, descripcion: 'PAS - PASAPORTE' },
  { codigoClasificador: 4, descripcion: 'OD - OTRO DOCUMENTO DE IDENTIDAD' },
  { codigoClasificador: 5, descripcion: 'NIT - NÚMERO DE IDENTIFICACIÓN TRIBUTARIA' },
];

export const MOTIVO_ANULACION: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'FACTURA MAL EMITIDA' },
  { codigoClasificador: 2, descripcion: 'NOTA DE CREDITO-DEBITO MAL EMITIDA' },
  { codigoClasificador: 3, descripcion: 'DATOS DE EMISION INCORRECTOS' },
  { codigoClasificador: 4, descripcion: 'FACTURA O NOTA DE CREDITO-DEBITO DEVUELTA' },
];

export const EVENTOS_SIGNIFICATIVOS: readonly ParametricaItem[] = SIGNIFICANT_EVENTS.map((e) => ({
  codigoClasificador: e.code,
  descripcion: e.description,
}));

// The real catalog may also list a CONTINGENCIA type reserved to the SIN (CONTRACT §3.1);
// the 2023 synchronization did not, and the simulator does not offer it.
export const TIPO_EMISION: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'EN LINEA' },
  { codigoClasificador: 2, descripcion: 'FUERA DE LINEA' },
  { codigoClasificador: 3, descripcion: 'MASIVO' },
];

export const TIPOS_FACTURA: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'FACTURA CON DERECHO A CREDITO FISCAL' },
  { codigoClasificador: 2, descripcion: 'FACTURA SIN DERECHO A CREDITO FISCAL' },
  { codigoClasificador: 3, descripcion: 'DOCUMENTO DE AJUSTE' },
  { codigoClasificador: 4, descripcion: 'DOCUMENTO EQUIVALENTE' },
];

// Every sector of the SIN document list plus 32, which the 2023 synchronized catalog carries.
export const TIPO_DOCUMENTO_SECTOR: readonly ParametricaItem[] = [
  ...SECTORS.map((s) => ({ codigoClasificador: s.code, descripcion: s.name })),
  { codigoClasificador: 32, descripcion: 'FACTURA ICE ZONA FRANCA' },
].sort((a, b) => a.codigoClasificador - b.codigoClasificador);

export const TIPO_PUNTO_VENTA: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'PUNTO VENTA COMISIONISTA' },
  { codigoClasificador: 2, descripcion: 'PUNTO VENTA VENTANILLA DE COBRANZA' },
  { codigoClasificador: 3, descripcion: 'PUNTO DE VENTA MOVILES' },
  { codigoClasificador: 4, descripcion: 'PUNTO DE VENTA YPFB' },
  { codigoClasificador: 5, descripcion: 'PUNTO DE VENTA CAJEROS' },
  { codigoClasificador: 6, descripcion: 'PUNTO DE VENTA CONJUNTA' },
];

export const TIPO_HABITACION: readonly ParametricaItem[] = [
  { codigoClasificador: 1, descripcion: 'HABITACIÓN SENCILLA' },
  { codigoClasificador: 2, descripcion: 'HABITACIÓN DOBLE' },
  { codigoClasificador: 3, descripcion: 'HABITACION DOBLE DE USO INDIVIDUAL' },
  { codigoClasificador: 4, descripcion: 'HABITACIÓN DOBLE CON CAMA SUPLETORIA' },
  { codigoClasificador: 5, descripcion: 'HABITACIÓN MATRIMONIAL' },
  { codigoClasificador: 6, descripcion: 'HABITACIÓN TRIPLE' },
  { codigoClasificador: 7, descripcion: 'HABITACIÓN CUÁDRUPLE' },
  { codigoClasificador: 8, descripcion: 'HABITACIÓN FAMILIAR' },
  { codigoClasificador: 9, descripcion: 'JUNIOR SUITE' },
  { codigoClasificador: 10, descripcion: 'SUITE' },
  { codigoClasificador: 11, descripcion: 'SUITE DOBLE' },
  { codigoClasificador: 12, descripcion: 'SUITE NUPCIAL' },
  { codigoClasificador: 13, descripcion: 'SUITE PRESIDENCIAL' },
  { codigoClasificador: 14, descripcion: 'CABAÑA' },
  { codigoClasificador: 15, descripcion: 'DEPARTAMENTO' },
  { codigoClasificador: 16, descripcion: 'DORMITORIOS' },
];
