// Example bodies for the OpenAPI document (issue 12: "document every sector's body, with an
// example"): one POST /api/v1/invoices body per invoiceType, and the sample value of each sector
// field (shared/sector-fields.ts), which seed 001's routes reuse. The values are plausible for
// the training taxpayer (activity 471110, SIN product 99100); an example a tenant copies still
// needs its own posId, activities and products.
import { INVOICE_TYPES } from '../invoice-types';
import { sectorFields } from '../sector-fields';

/** A sample value per sector field key (every key of SECTOR_FIELDS has one). */
const SAMPLES: Readonly<Record<string, string | number>> = {
  numberSerial: 'SN-4451-2026',
  numberImei: '356938035643809',
  buyerAddress: 'Rua Augusta 1500, São Paulo',
  incoterm: 'FOB',
  incotermDetail: 'Libre a bordo, puerto de Arica',
  destinationPort: 'Arica',
  destinationPlace: 'Santos, Brasil',
  countryCode: 25,
  nationalCosts: '{"Transporte interno":"150.00"}',
  totalNationalCostsFob: 150,
  internationalCosts: '{"Flete marítimo":"200.00"}',
  totalInternationalCosts: 200,
  packagesDescription: '10 cajas de 12 unidades',
  additionalInformation: 'Pedido 2026-045',
  nandinaCode: '0901110000',
  receptionPartNumber: 'PR-2026-0012',
  nameStudent: 'Ana Quispe Mamani',
  billedPeriod: 'MARZO 2026',
  month: 'MARZO',
  year: 2026,
  city: 'La Paz',
  zone: 'Sopocachi',
  meterNumber: 'MED-445566',
  clientAddress: 'Calle Ecuador 2040',
  periodConsumption: '125 kWh',
  law1886Beneficiary: 0,
  law1886Discount: 0,
  dignityTariffDiscount: 0,
  cleaningFee: 0,
  lightingFee: 0,
  adjustmentNotSubjectToVat: 0,
  adjustmentNotSubjectToVatDetail: '{}',
  adjustmentSubjectToVat: 0,
  adjustmentSubjectToVatDetail: '{}',
  otherPaymentsNotSubjectToVat: 0,
  otherPaymentsNotSubjectToVatDetail: '{}',
  otherFees: 0,
  financialLeaseTotal: 0,
  guests: 2,
  rooms: 1,
  adults: 2,
  minors: 0,
  checkInDate: '2026-03-10T14:00:00',
  roomTypeCode: 1,
  guestsDetail: '[{"nombreHuesped":"Juan Pérez","documentoIdentificacion":"5115889","codigoPais":"BO"}]',
  serviceMode: 'AMBULATORIO',
  specialty: 'CARDIOLOGÍA',
  specialtyDetail: 'Consulta externa',
  nroOperatingRoom: 0,
  specialtyDoctor: 'CARDIÓLOGO',
  nameLastNameDoctor: 'Carlos Rojas Vargas',
  nitDocumentDoctor: 4455667,
  nroRegisterDoctor: 'MAT-1234',
  nroInvoiceDoctor: 15,
  gamesTotal: 100,
  gamesTotalSubjectToIpj: 100,
  nitSet: 1020304019,
  passengerName: 'Juan Pérez',
  passengerDocument: '5115889',
  airlineIataCode: 930,
  travelAgentIataCode: '57501234',
  travelAgentNit: 1020304019,
  serviceOrigin: 'NAC',
  fareAmount: 100,
  transactionType: 'EMISION',
  vatAdjustment: 0,
};

/** The sample value of a sector field (see SAMPLES). */
export function sectorFieldSample(key: string): string | number {
  const v = SAMPLES[key];
  if (v === undefined) throw new Error(`Sin valor de ejemplo para el campo de sector ${key}`);
  return v;
}

/** The fields of `part` of a sector with their samples; optional amounts are left out (their formulas differ per sector). */
export function sectorSampleFields(sector: number, part: 'header' | 'line'): Record<string, string | number> {
  const fields = sectorFields(sector)?.[part] ?? [];
  return Object.fromEntries(fields.filter((f) => f.required || f.kind !== 'amount').map((f) => [f.key, sectorFieldSample(f.key)]));
}

const POS_UUID = '01920000-0000-7000-8000-000000000000';

/** One POST /api/v1/invoices body per invoiceType, for the OpenAPI document's named examples. */
export function createInvoiceExamples(): Record<string, { summary: string; value: Record<string, unknown> }> {
  const out: Record<string, { summary: string; value: Record<string, unknown> }> = {};
  for (const t of INVOICE_TYPES) {
    const def = sectorFields(t.sector);
    const note = t.sector === 24;
    const line = {
      activityEconomic: '471110',
      codeProductSin: '99100',
      codeProduct: 'P-001',
      description: note ? 'Arroz 1 kg' : `Producto o servicio (${def?.label ?? t.sector})`,
      quantity: 1,
      unitMeasure: 57,
      priceUnit: 100,
      ...(note ? { returnProduct: true } : sectorSampleFields(t.sector, 'line')),
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
