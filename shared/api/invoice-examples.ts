// Example bodies for the OpenAPI document (issue 12: "document every sector's body, with an
// example"): one POST /api/v1/invoices body per invoiceType, and the sample value of each sector
// field (its sector file's samples, shared/sectors/), which seed 001's routes reuse. The values are plausible for
// the training taxpayer (activity 471110, SIN product 99100); an example a tenant copies still
// needs its own posId, activities and products.
import { INVOICE_TYPES } from '../invoice-types';
import { sectorFields } from '../sector-fields';
import { CONCILIATION_NOTE_SECTOR, CREDIT_DEBIT_NOTE_SECTOR, sectorSpec } from '../sectors';

/** The sample value of a sector field, from its sector file (a test holds every field's there). */
function sectorFieldSample(sector: number, key: string): string | number {
  const v = sectorSpec(sector)?.samples[key];
  if (v === undefined) throw new Error(`Sin valor de ejemplo para el campo de sector ${key}`);
  return v;
}

/** The fields of `part` of a sector with their samples; optional amounts are left out (their formulas differ per sector). */
export function sectorSampleFields(sector: number, part: 'header' | 'line'): Record<string, string | number> {
  const fields = sectorFields(sector)?.[part] ?? [];
  return Object.fromEntries(fields.filter((f) => f.required || f.kind !== 'amount').map((f) => [f.key, sectorFieldSample(sector, f.key)]));
}

const POS_UUID = '01920000-0000-7000-8000-000000000000';

/** One POST /api/v1/invoices body per invoiceType, for the OpenAPI document's named examples. */
export function createInvoiceExamples(): Record<string, { summary: string; value: Record<string, unknown> }> {
  const out: Record<string, { summary: string; value: Record<string, unknown> }> = {};
  for (const t of INVOICE_TYPES) {
    const def = sectorFields(t.sector);
    const conciliation = t.sector === CONCILIATION_NOTE_SECTOR;
    const note = t.sector === CREDIT_DEBIT_NOTE_SECTOR || conciliation;
    const line = {
      activityEconomic: '471110',
      codeProductSin: '99100',
      codeProduct: 'P-001',
      description: note ? 'Arroz 1 kg' : `Producto o servicio (${def?.label ?? t.sector})`,
      quantity: 1,
      unitMeasure: 57,
      priceUnit: 100,
      // A conciliation: the original line's amount after it (100.00 billed, 80.00 final).
      ...(conciliation ? { finalAmount: 80 } : note ? { returnProduct: true } : sectorSampleFields(t.sector, 'line')),
    };
    out[t.name] = {
      summary: `${def?.label ?? `Sector ${t.sector}`}, modalidad ${t.modalidad === 1 ? 'electrónica' : 'computarizada'} (documento sector ${t.sector})`,
      value: {
        invoiceType: t.name,
        posId: POS_UUID,
        clientDocumentType: 1,
        clientDocumentNumber: '5115889',
        clientBusinessName: 'Juan Pérez',
        clientCode: 'C-1',
        clientEmail: 'cliente@example.com',
        paymentMethodCode: 1,
        ...(note ? { originalInvoiceId: '01920000-0000-7000-8000-0000000000aa' } : sectorSampleFields(t.sector, 'header')),
        details: [line],
      },
    };
  }
  return out;
}
