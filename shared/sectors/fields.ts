// The request fields a SIAT document sector adds to a sale (issue #12), as each sector file
// declares them: they drive the API's JSON schemas (shared/api/invoice.ts), the engine's
// validation and XML (main/invoicing/sectors/), the till's form (renderer/src/sale/) and the
// printed documents. Names are English camelCase; where seed 001 names a field (nameStudent,
// billedPeriod, nitSet, serviceMode, nroOperatingRoom …) its name is used. `xml` is SIAT's
// element name. Sources: ../shared/siat/sectors/README.md, CONTRACT.md §9.2–9.3, docs/sectors.md.

export type SectorFieldKind = 'string' | 'integer' | 'amount' | 'dateTime';

export interface SectorField {
  /** API name (request body and stored JSON). */
  readonly key: string;
  /** SIAT's XML element. */
  readonly xml: string;
  readonly kind: SectorFieldKind;
  readonly required: boolean;
  /** What the till's form and the printed invoice call it (es-BO). */
  readonly label: string;
  readonly maxLength?: number;
  /**
   * A text field the seed types as an integer (numberSerial, numberImei): the request may send
   * either; it is kept as text (an IMEI's 15 digits exact) and a digits-only value is answered
   * as a number in the sector style (issue 28, item 6).
   */
  readonly integerToo?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  /** Written when the request leaves the field out (the element is then never nil). */
  readonly default?: number;
}

export const str = (key: string, xml: string, label: string, required: boolean, maxLength: number): SectorField => ({ key, xml, label, kind: 'string', required, maxLength });
export const int = (key: string, xml: string, label: string, required: boolean, minimum: number, maximum: number): SectorField => ({ key, xml, label, kind: 'integer', required, minimum, maximum });
export const amount = (key: string, xml: string, label: string, required: boolean): SectorField => ({ key, xml, label, kind: 'amount', required });
export const dateTime = (key: string, xml: string, label: string, required: boolean): SectorField => ({ key, xml, label, kind: 'dateTime', required });
