import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildQrUrl,
  clientDocumentText,
  formatFechaEmision,
  literalText,
  representationSentence,
  stateMark,
} from '../../../main/documents/model';
import { toWinAnsi } from '../../../main/documents/pdf-text';

test('builds the official SIAT QR example for the pilot environment (CONTRACT §8)', () => {
  assert.equal(
    buildQrUrl({ ambiente: 2, nit: 1003579028, cuf: '44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74', numero: 137 }),
    'https://pilotosiat.impuestos.gob.bo/consulta/QR?nit=1003579028&cuf=44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74&numero=137',
  );
});

test('QR URL uses the production host for ambiente 1 and carries the preview size t', () => {
  assert.equal(buildQrUrl({ ambiente: 1, nit: '123', cuf: 'ABC', numero: 5, t: 2 }), 'https://siat.impuestos.gob.bo/consulta/QR?nit=123&cuf=ABC&numero=5&t=2');
});

test('formats the Bolivia-local emission date as dd/mm/aaaa HH:MM without shifting zones', () => {
  assert.equal(formatFechaEmision('2021-10-06T16:03:48.675'), '06/10/2021 16:03');
  assert.equal(formatFechaEmision('2024-01-01T00:00:00.000'), '01/01/2024 00:00');
});

test('prints the literal after "Son:" exactly once', () => {
  assert.equal(literalText('Cien 00/100 Bolivianos'), 'Son: Cien 00/100 Bolivianos');
  assert.equal(literalText('Son: Cien 00/100 Bolivianos'), 'Son: Cien 00/100 Bolivianos');
});

test('representation sentence switches to the offline wording for offline emission', () => {
  assert.match(representationSentence({ offline: false }), /emitido en una modalidad de facturación en línea/);
  assert.match(representationSentence({ offline: true }), /emitido fuera de línea, verifique su envío con su proveedor o en la página web www\.impuestos\.gob\.bo/);
});

test('client document joins the complemento; only annulled invoices get a state mark', () => {
  assert.equal(clientDocumentText({ nombre: 'X', documentType: 1, documentNumber: '5115889', complemento: '1A', codigoCliente: '1' }), '5115889-1A');
  assert.equal(stateMark({ state: 'ANULADA' }), 'ANULADA');
  assert.equal(stateMark({ state: 'VALIDADA' }), null);
  assert.equal(stateMark({}), null);
});

test('keeps Spanish characters for Helvetica/WinAnsi and replaces what it cannot draw', () => {
  assert.equal(toWinAnsi('Ñandú ¿Qué? ¡Sí! 20° — “ok”'), 'Ñandú ¿Qué? ¡Sí! 20° — “ok”');
  assert.equal(toWinAnsi('Łódź 😀 ő\tx'), '?ódz ? o x');
  // Decomposed input (as pasted from some systems) is composed first.
  assert.equal(toWinAnsi('Jose\u0301'), 'José');
});
