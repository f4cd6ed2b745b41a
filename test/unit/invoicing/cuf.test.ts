import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCuf, cufDigits, decodeCuf, mod11, type CufFields } from '../../../main/invoicing/cuf';

test('mod11 returns the remainder itself, 10 → "1" (CONTRACT.md §4 vectors)', () => {
  const vectors: [string, string][] = [
    ['1', '2'],
    ['3', '6'],
    ['7', '3'],
    ['5', '1'],
    ['99', '1'],
    ['10', '3'],
    ['100000000', '2'],
    ['1000000000', '3'],
    ['0'.repeat(53), '0'],
  ];
  for (const [input, expected] of vectors) assert.equal(mod11(input), expected, `mod11(${input})`);
});

test('mod11 rejects non-digits', () => {
  assert.throws(() => mod11('12a'), RangeError);
  assert.throws(() => mod11(''), RangeError);
});

const fecha = (d: string): string =>
  `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(8, 10)}:${d.slice(10, 12)}:${d.slice(12, 14)}.${d.slice(14)}`;

// Every row of the CUF vector table in CONTRACT.md §4.
const VECTORS: { name: string; fields: CufFields; control: string; dv: string; cuf: string; digits?: string }[] = [
  {
    name: 'official example page',
    fields: { nit: 123456789, fechaEmision: fecha('20190113163721231'), codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 1, codigoPuntoVenta: 0 },
    control: 'A19E23EF34124CD',
    digits: '00001234567892019011316372123100001110100000000010000',
    dv: '1',
    cuf: '8727F63A15F8976591FDDE5B387C5D015A29E06A1A19E23EF34124CD',
  },
  {
    name: 'same, modalidad 2',
    fields: { nit: '123456789', fechaEmision: fecha('20190113163721231'), codigoSucursal: 0, modalidad: 2, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 1, codigoPuntoVenta: 0 },
    control: 'A19E23EF34124CD',
    digits: '00001234567892019011316372123100002110100000000010000',
    dv: '3',
    cuf: '8727F63A15F8976591FDDE5B4128CF31A2C8606A3A19E23EF34124CD',
  },
  {
    name: 'official sample facturaComputarizadaCompraVenta.xml',
    fields: { nit: 1003579028, fechaEmision: fecha('20211006160348675'), codigoSucursal: 0, modalidad: 2, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 1, codigoPuntoVenta: 0 },
    control: '67A75AC82F24C74',
    dv: '6',
    cuf: '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74',
  },
  {
    name: 'official sample nota 24',
    fields: { nit: 1003579028, fechaEmision: fecha('20211006160349570'), codigoSucursal: 0, modalidad: 2, tipoEmision: 1, tipoFacturaDocumento: 3, codigoDocumentoSector: 24, numeroFactura: 1, codigoPuntoVenta: 0 },
    control: '67A75AC82F24C74',
    dv: '8',
    cuf: '44AAEC00DBD34C53C3E5B135433591A5FA086F86A867A75AC82F24C74',
  },
  {
    name: 'official QR example',
    fields: { nit: 1003579028, fechaEmision: fecha('20200824162245482'), codigoSucursal: 0, modalidad: 2, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 137, codigoPuntoVenta: 0 },
    control: '67A75AC82F24C74',
    dv: '4',
    cuf: '44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74',
  },
  {
    name: 'official PDF sample',
    fields: { nit: 142591020, fechaEmision: fecha('20220506091942957'), codigoSucursal: 5, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 2377, codigoPuntoVenta: 0 },
    control: '7A84B0CA3176D74',
    dv: '6',
    cuf: '9C1A83F996B702B8497F0555BFF4C27CB7E1783A67A84B0CA3176D74',
  },
  {
    name: 'official PDF tasa cero',
    fields: { nit: 374803027, fechaEmision: fecha('20220330152721578'), codigoSucursal: 0, modalidad: 3, tipoEmision: 1, tipoFacturaDocumento: 2, codigoDocumentoSector: 8, numeroFactura: 24, codigoPuntoVenta: 0 },
    control: '159318EB7846D74',
    dv: '4',
    cuf: '19A522E68ED20E82F3FADFE11D8545827010889F04159318EB7846D74',
  },
];

for (const v of VECTORS) {
  test(`buildCuf reproduces the SIN CUF: ${v.name}`, () => {
    const digits = cufDigits(v.fields);
    assert.equal(digits.length, 53);
    if (v.digits) assert.equal(digits, v.digits);
    assert.equal(mod11(digits), v.dv);
    assert.equal(buildCuf(v.fields, v.control), v.cuf);
  });

  test(`decodeCuf round-trips the SIN CUF: ${v.name}`, () => {
    const decoded = decodeCuf(v.cuf, v.control);
    assert.ok(decoded);
    assert.equal(decoded.checkDigitValid, true);
    assert.deepEqual({ ...decoded, nit: Number(decoded.nit) }, { ...v.fields, nit: Number(v.fields.nit), checkDigitValid: true });
  });
}

test('buildCuf writes hex without leading zeros and keeps the control code verbatim', () => {
  const fields: CufFields = { nit: 1, fechaEmision: '2024-01-01T00:00:00.000', codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 1, codigoPuntoVenta: 0 };
  const cuf = buildCuf(fields, 'ABC');
  assert.match(cuf, /^[1-9A-F][0-9A-F]*ABC$/);
  assert.deepEqual(decodeCuf(cuf, 'ABC'), { ...fields, nit: '1', checkDigitValid: true });
});

test('decodeCuf round-trips maximal field values', () => {
  const fields: CufFields = { nit: '9999999999999', fechaEmision: '2099-12-31T23:59:59.999', codigoSucursal: 9999, modalidad: 2, tipoEmision: 3, tipoFacturaDocumento: 4, codigoDocumentoSector: 55, numeroFactura: 9999999999, codigoPuntoVenta: 9999 };
  const cuf = buildCuf(fields, '67A75AC82F24C74');
  assert.deepEqual(decodeCuf(cuf, '67A75AC82F24C74'), { ...fields, checkDigitValid: true });
});

test('decodeCuf flags a CUF whose digits were altered (simulator: 1002)', () => {
  const v = VECTORS[2]!;
  // Add 1 to the invoice number's last digit (10^5: DV and 4 punto-de-venta digits follow).
  const altered = (BigInt(`0x${v.cuf.slice(0, -v.control.length)}`) + 100_000n).toString(16).toUpperCase() + v.control;
  const decoded = decodeCuf(altered, v.control);
  assert.ok(decoded);
  assert.equal(decoded.checkDigitValid, false);
  assert.equal(decoded.numeroFactura, 2);
});

test('decodeCuf returns null for a foreign control code, non-hex or oversized input', () => {
  const v = VECTORS[0]!;
  assert.equal(decodeCuf(v.cuf, 'FFFFFFFFFFFFFFF'), null);
  assert.equal(decodeCuf(`XYZ${v.control}`, v.control), null);
  assert.equal(decodeCuf(v.control, v.control), null);
  assert.equal(decodeCuf(`${'F'.repeat(50)}${v.control}`, v.control), null);
});

test('buildCuf rejects fields that do not fit their width or a malformed fecha', () => {
  const base: CufFields = VECTORS[0]!.fields;
  assert.throws(() => buildCuf({ ...base, nit: '12345678901234' }, 'A'), RangeError);
  assert.throws(() => buildCuf({ ...base, codigoSucursal: 10000 }, 'A'), RangeError);
  assert.throws(() => buildCuf({ ...base, numeroFactura: -1 }, 'A'), RangeError);
  assert.throws(() => buildCuf({ ...base, codigoDocumentoSector: 1.5 }, 'A'), RangeError);
  assert.throws(() => buildCuf({ ...base, fechaEmision: '2019-01-13T16:37:21' }, 'A'), RangeError);
});
