// What one sector file declares (shared/sectors/sNN-*.ts): every fact Kipu keeps about a SIAT
// document sector it issues, in one place (issue 30, item 2). The index (./index.ts) lists the
// files; everything else — the API's invoiceTypes and schemas, the engine's layouts, formulas and
// XSD check, the OpenAPI examples, the till's point-of-sale options — reads them from there.
// docs/adding-a-sector.md says how to add one.
import type { SectorField } from './fields';
import type { ElementList, SchemaFiles, SectorLayout, SujetoIvaRule, TotalRules, TwoParts } from './layout';

/** An API invoiceType of the sector (seed 000's name, or Kipu's where the seeds name none). */
export interface SectorInvoiceType {
  readonly name: string;
  readonly modalidad: 1 | 2;
}

export interface SectorSpec {
  /** SIAT codigoDocumentoSector (official catalog, decision 0005). */
  readonly code: number;
  /** Short es-BO name for menus and the printed title. */
  readonly label: string;
  /** tipoFacturaDocumento: the SIAT catalog's (main/siat/code-catalog.ts; a test holds them equal). */
  readonly tipoFactura: 1 | 2 | 3 | 4;
  /** The invoiceTypes that issue it; the first of each modality is the one invoiceTypeFor picks. */
  readonly invoiceTypes: readonly SectorInvoiceType[];
  /** The request fields the sector adds to a sale's header and to each line. */
  readonly header: readonly SectorField[];
  readonly line: readonly SectorField[];
  /** A sample value per field key (the OpenAPI examples; a test holds it complete). */
  readonly samples: Readonly<Record<string, string | number>>;
  /** The XML layout (cabecera, detalle) and the element that carries the document's number. */
  readonly layout: {
    readonly cabecera: ElementList;
    /** null: the sector has no detalle (boleto aéreo). */
    readonly detalle: ElementList | null;
    readonly numberElement?: SectorLayout['numberElement'];
    readonly twoParts?: TwoParts;
  };
  /** The amount rules SIAT checks (decision 0047); absent = sector 1's. */
  readonly formulas?: {
    readonly sujetoIva?: SujetoIvaRule;
    readonly zeroSubtotalLines?: boolean;
    /** montoTotalSujetoIva must be > 0 (the official schema's minExclusive 0: sectors 2, 13), not ≥ 0. */
    readonly positiveTaxBase?: boolean;
    readonly totals?: TotalRules;
  };
  /** The XSD file per modality in resources/siat/xsd. */
  readonly xsd: SchemaFiles;
  /** Whether a till sells it; when not, why (es-BO, the API's answer to a till set to it). */
  readonly till: { readonly sells: true } | { readonly sells: false; readonly why: string };
}
