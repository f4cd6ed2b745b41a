import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONFIGURATION_ERROR_CODES,
  RETRYABLE_CODES,
  SIAT_MESSAGES,
  isConfigurationError,
  isRetryable,
  isWarning,
  siatMessage,
  siatMessagesOf,
} from '../../../main/siat/messages';
import {
  CODIGO_EMISION,
  ESTADO,
  MODALIDAD,
  SECTORS,
  SIAT_INVOICE_SERVICE,
  SIGNIFICANT_EVENTS,
  TIPO_FACTURA_DOCUMENTO,
  findSector,
  invoiceServiceKey,
  sectorRoot,
  serviceForSector,
} from '../../../main/siat/code-catalog';
import { SIAT_SERVICES } from '../../../main/siat/operations';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// CONTRACT §6: 123; 901–909 states; 910–999; 1000–1061; 2000–2019 warnings; 3000–3012.
const CONTRACT_CODES = [123, ...range(901, 999), ...range(1000, 1061), ...range(2000, 2019), ...range(3000, 3012)];

test('the message table covers every code of CONTRACT §6 and nothing else', () => {
  for (const code of CONTRACT_CODES) assert.ok(SIAT_MESSAGES[code], `missing text for ${code}`);
  assert.equal(Object.keys(SIAT_MESSAGES).length, CONTRACT_CODES.length);
});

test('messages carry SIAT’s own wording', () => {
  assert.equal(SIAT_MESSAGES[901], 'RECEPCION PENDIENTE');
  assert.equal(SIAT_MESSAGES[902], 'RECEPCION RECHAZADA');
  assert.equal(SIAT_MESSAGES[904], 'RECEPCION OBSERVADA');
  assert.equal(SIAT_MESSAGES[905], 'ANULACION CONFIRMADA');
  assert.equal(SIAT_MESSAGES[907], 'REVERSION DE ANULACION CONFIRMADA');
  assert.equal(SIAT_MESSAGES[908], 'RECEPCION VALIDADA');
  assert.equal(SIAT_MESSAGES[909], 'REVERSION DE ANULACION RECHAZADA');
  assert.equal(SIAT_MESSAGES[926], 'COMUNICACION EXITOSA');
  assert.equal(SIAT_MESSAGES[986], 'NIT ACTIVO');
  assert.equal(SIAT_MESSAGES[987], 'NIT INACTIVO');
  assert.equal(SIAT_MESSAGES[994], 'NIT INEXISTENTE');
  assert.equal(SIAT_MESSAGES[989], 'TOKEN INVALIDO');
  assert.equal(SIAT_MESSAGES[995], 'SERVICIO NO DISPONIBLE');
  assert.equal(SIAT_MESSAGES[1013], 'EL CALCULO DEL MONTO TOTAL ES ERRONEO');
  assert.equal(SIAT_MESSAGES[123], 'CODIGO UNICO DE FACTURACION DIARIA (CUFD) FUERA DE TOLERANCIA');
  assert.equal(SIAT_MESSAGES[3008], 'ADVERTENCIA: EL CUIS ESTA A PUNTO DE CADUCAR, GENERE UN NUEVO CUIS POR FAVOR');
});

test('message texts are uppercase ASCII, without accents', () => {
  for (const [code, text] of Object.entries(SIAT_MESSAGES)) {
    assert.match(text, /^[A-Z0-9 .,:;()/-]+$/, `code ${code}: ${text}`);
    assert.equal(text, text.trim(), `code ${code} has surrounding blanks`);
  }
});

test('warnings are 2000–2019 and 3008, and their texts say ADVERTENCIA', () => {
  for (const code of CONTRACT_CODES) {
    const expected = (code >= 2000 && code <= 2019) || code === 3008;
    assert.equal(isWarning(code), expected, `code ${code}`);
    if (expected) assert.ok(siatMessage(code).startsWith('ADVERTENCIA: '), `code ${code}`);
  }
  assert.equal(isWarning(908), false);
  assert.equal(isWarning(1013), false);
});

test('an unknown code still gets a readable label', () => {
  assert.equal(siatMessage(4242), 'CODIGO 4242');
  assert.equal(siatMessage(926), 'COMUNICACION EXITOSA');
});

test('only transient SIAT failures are retryable', () => {
  assert.deepEqual([...RETRYABLE_CODES].sort((a, b) => a - b), [123, 967, 991, 995, 999]);
  assert.ok(isRetryable(995));
  assert.ok(!isRetryable(989));
  assert.ok(isConfigurationError(989));
  assert.ok(!isConfigurationError(995));
  for (const code of CONFIGURATION_ERROR_CODES) assert.ok(SIAT_MESSAGES[code]);
});

// ---- codes.ts (kept here: codes and messages are the two halves of the SIAT vocabulary)

test('states are named with their SIAT codes and texts', () => {
  assert.equal(ESTADO.RECEPCION_PENDIENTE, 901);
  assert.equal(ESTADO.RECEPCION_VALIDADA, 908);
  assert.equal(ESTADO.REVERSION_RECHAZADA, 909);
  for (const code of Object.values(ESTADO)) assert.ok(SIAT_MESSAGES[code]);
  assert.equal(MODALIDAD.ELECTRONICA, 1);
  assert.equal(MODALIDAD.COMPUTARIZADA, 2);
  assert.deepEqual(CODIGO_EMISION, { EN_LINEA: 1, FUERA_DE_LINEA: 2, MASIVA: 3 });
});

test('the sector table matches CONTRACT §3.2', () => {
  const codes = SECTORS.map((s) => s.code);
  assert.equal(new Set(codes).size, codes.length, 'sector codes are unique');
  assert.deepEqual(codes, [...range(1, 24), 28, 29, 30, 31, ...range(33, 55)]);
  for (const code of [24, 29, 47, 48]) assert.equal(findSector(code)?.tipoFactura, TIPO_FACTURA_DOCUMENTO.DOCUMENTO_AJUSTE);
  assert.equal(findSector(30)?.tipoFactura, TIPO_FACTURA_DOCUMENTO.DOCUMENTO_EQUIVALENTE);
  assert.equal(findSector(1)?.tipoFactura, TIPO_FACTURA_DOCUMENTO.CON_DERECHO_CREDITO_FISCAL);
  assert.equal(findSector(3)?.tipoFactura, TIPO_FACTURA_DOCUMENTO.SIN_DERECHO_CREDITO_FISCAL);
  assert.equal(findSector(25), undefined);
});

test('XML roots follow the sector and the modality', () => {
  assert.equal(sectorRoot(1, MODALIDAD.COMPUTARIZADA), 'facturaComputarizadaCompraVenta');
  assert.equal(sectorRoot(1, MODALIDAD.ELECTRONICA), 'facturaElectronicaCompraVenta');
  assert.equal(sectorRoot(35, MODALIDAD.ELECTRONICA), 'facturaElectronicaCompraVentaBon');
  assert.equal(sectorRoot(24, MODALIDAD.COMPUTARIZADA), 'notaFiscalComputarizadaCreditoDebito');
  assert.equal(sectorRoot(24, MODALIDAD.ELECTRONICA), 'notaFiscalElectronicaCreditoDebito');
  assert.equal(sectorRoot(29, MODALIDAD.ELECTRONICA), 'notaElectronicaConciliacion');
  assert.equal(sectorRoot(47, MODALIDAD.COMPUTARIZADA), 'notaComputarizadaCreditoDebitoDescuento');
  assert.equal(sectorRoot(8, MODALIDAD.COMPUTARIZADA), 'facturaComputarizadaTasaCero');
  assert.throws(() => sectorRoot(33, MODALIDAD.ELECTRONICA), RangeError);
  assert.throws(() => sectorRoot(99, MODALIDAD.ELECTRONICA), RangeError);
});

test('documents are routed to the service CONTRACT §2.7 names', () => {
  const cases: [number, 1 | 2, string][] = [
    [1, 1, 'ServicioFacturacionCompraVenta'],
    [1, 2, 'ServicioFacturacionCompraVenta'],
    [35, 2, 'ServicioFacturacionCompraVenta'],
    [41, 1, 'ServicioFacturacionCompraVenta'],
    [24, 2, 'ServicioFacturacionDocumentoAjuste'],
    [29, 1, 'ServicioFacturacionDocumentoAjuste'],
    [47, 2, 'ServicioFacturacionDocumentoAjuste'],
    [48, 1, 'ServicioFacturacionDocumentoAjuste'],
    [22, 1, 'ServicioFacturacionTelecomunicaciones'],
    [49, 2, 'ServicioFacturacionTelecomunicaciones'],
    [13, 2, 'ServicioFacturacionServicioBasico'],
    [40, 1, 'ServicioFacturacionServicioBasico'],
    [15, 1, 'ServicioFacturacionEntidadFinanciera'],
    [30, 2, 'ServicioFacturacionBoletoAereo'],
    [2, 1, 'ServicioFacturacionElectronica'],
    [2, 2, 'ServicioFacturacionComputarizada'],
    [16, 2, 'ServicioFacturacionComputarizada'],
    [52, 1, 'ServicioFacturacionElectronica'],
    [99, 2, 'ServicioFacturacionComputarizada'],
  ];
  for (const [sector, modalidad, service] of cases) {
    assert.equal(serviceForSector(sector, modalidad), service, `sector ${sector}, modalidad ${modalidad}`);
  }
  assert.equal(SIAT_INVOICE_SERVICE.COMPRA_VENTA, 'ServicioFacturacionCompraVenta');
});

test('significant events 1–4 continue offline, 5–7 need CAFC booklets', () => {
  assert.deepEqual(SIGNIFICANT_EVENTS.map((e) => e.code), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(SIGNIFICANT_EVENTS.filter((e) => e.requiresCafc).map((e) => e.code), [5, 6, 7]);
  assert.equal(SIGNIFICANT_EVENTS[0]?.description, 'CORTE DEL SERVICIO DE INTERNET');
});

test('the client module of a sector is the one whose path serviceForSector names', () => {
  assert.equal(invoiceServiceKey(1, 1), 'compraVenta');
  assert.equal(invoiceServiceKey(1, 2), 'compraVenta');
  assert.equal(invoiceServiceKey(35, 1), 'compraVenta');
  assert.equal(invoiceServiceKey(41, 2), 'compraVenta');
  assert.equal(invoiceServiceKey(2, 1), 'electronica');
  assert.equal(invoiceServiceKey(2, 2), 'computarizada');
  assert.equal(invoiceServiceKey(22, 1), 'telecomunicaciones');
  assert.equal(invoiceServiceKey(13, 2), 'servicioBasico');
  assert.equal(invoiceServiceKey(15, 1), 'entidadFinanciera');
  for (const s of SECTORS) {
    for (const m of [1, 2] as const) {
      if (s.service === 'DOCUMENTO_AJUSTE' || s.service === 'BOLETO_AEREO') {
        assert.throws(() => invoiceServiceKey(s.code, m), RangeError, `sector ${s.code}`);
        continue;
      }
      assert.equal(SIAT_SERVICES[invoiceServiceKey(s.code, m)].path, serviceForSector(s.code, m), `sector ${s.code}, modalidad ${m}`);
    }
  }
});

test('mensajesList maps to our messages: verbatim, per-file fields only when SIAT sent them', () => {
  assert.deepEqual(siatMessagesOf(undefined), []);
  assert.deepEqual(siatMessagesOf([{ codigo: 986, descripcion: 'NIT ACTIVO' }]), [{ codigo: 986, descripcion: 'NIT ACTIVO' }]);
  assert.deepEqual(siatMessagesOf([{ codigo: 1013, descripcion: 'X', advertencia: false, numeroArchivo: 3, numeroDetalle: 0 }]), [
    { codigo: 1013, descripcion: 'X', advertencia: false, numeroArchivo: 3, numeroDetalle: 0 },
  ]);
  assert.deepEqual(siatMessagesOf([{}]), [{ codigo: 0, descripcion: '' }]);
  assert.deepEqual(siatMessagesOf([{ descripcion: 'sin código' }], -1), [{ codigo: -1, descripcion: 'sin código' }]);
});
