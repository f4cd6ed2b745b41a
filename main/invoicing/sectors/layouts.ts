// The layout of every sector Kipu issues, resolved from its sector file (shared/sectors/): the
// elements it declares, its formulas with sector 1's as the default (CONTRACT §3.7, decision
// 0047), and its place in SIAT's catalog (main/siat/code-catalog.ts), which must agree on the
// tipoFacturaDocumento. A sector file that disagrees with the catalog stops the engine at load.
import { findSector } from '../../siat/code-catalog';
import { SECTOR_SPECS } from '../../../shared/sectors';
import type { SectorLayout, TotalRules } from '../../../shared/sectors/layout';

/** Sector 1's totals (CONTRACT §3.7): the lines, less the additional discount. */
const LINES_ONLY: TotalRules = { montoTotal: 'lines', addedToTotal: [], notSubjectToIva: [] };

const LAYOUTS: ReadonlyMap<number, SectorLayout> = new Map(
  SECTOR_SPECS.map((spec) => {
    const def = findSector(spec.code);
    if (!def) throw new Error(`layout: sector ${spec.code} is not in SIAT's catalog (siat/code-catalog.ts)`);
    if (def.tipoFactura !== spec.tipoFactura) throw new Error(`layout: sector ${spec.code} has tipoFactura ${spec.tipoFactura}, SIAT's catalog ${def.tipoFactura}`);
    const { cabecera, detalle } = spec.layout;
    const f = spec.formulas ?? {};
    const layout: SectorLayout = {
      sector: spec.code,
      tipoFactura: def.tipoFactura,
      schemaFile: spec.xsd,
      numberElement: spec.layout.numberElement ?? 'numeroFactura',
      cabecera,
      detalle,
      ...(spec.layout.twoParts ? { twoParts: spec.layout.twoParts } : {}),
      rules: {
        sujetoIva: f.sujetoIva ?? 'total-minus-gift-card',
        zeroSubtotalLines: f.zeroSubtotalLines ?? false,
        positiveTaxBase: f.positiveTaxBase ?? false,
        giftCard: cabecera.some((e) => e.name === 'montoGiftCard'),
        totals: f.totals ?? LINES_ONLY,
      },
    };
    return [spec.code, Object.freeze(layout)];
  }),
);

/** The layout of a sector Kipu issues, or undefined. */
export function sectorLayout(sector: number): SectorLayout | undefined {
  return LAYOUTS.get(sector);
}

export function issuableSectors(): number[] {
  return [...LAYOUTS.keys()];
}
