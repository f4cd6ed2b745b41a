// The request fields each SIAT document sector adds to a sale (issue #12), as the sector files
// declare them (shared/sectors/): one declaration that drives the API's JSON schemas
// (shared/api/invoice.ts), the engine's validation and XML (main/invoicing/sectors/), the till's
// form (renderer/src/sale/) and the printed documents.
import { SECTOR_SPECS, sectorSpec } from './sectors';
import type { SectorField } from './sectors/fields';

export type { SectorField } from './sectors/fields';

export interface SectorFields {
  /** SIAT codigoDocumentoSector. */
  readonly sector: number;
  /** Short es-BO name for menus and the printed title. */
  readonly label: string;
  readonly header: readonly SectorField[];
  readonly line: readonly SectorField[];
}

export function sectorFields(sector: number): SectorFields | undefined {
  const s = sectorSpec(sector);
  return s && { sector: s.code, label: s.label, header: s.header, line: s.line };
}

/** Every header (or line) field of every sector, once per key: the API schema's optional properties. */
export function allSectorFields(part: 'header' | 'line'): SectorField[] {
  const seen = new Map<string, SectorField>();
  for (const s of SECTOR_SPECS) for (const f of s[part]) if (!seen.has(f.key)) seen.set(f.key, f);
  return [...seen.values()];
}
