import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SIAT_MESSAGES } from '../../../main/siat/messages';
import { WARNING_OF, guidanceFor, knownCodes, resolveSiatError } from '../../../main/ai/siat-error-guide';
import { SECTOR_SPECS } from '../../../shared/sectors';

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
// CONTRACT §6: 123; 901–909 states; 910–999; 1000–1061; 2000–2019 warnings; 3000–3012.
const CONTRACT_CODES = [123, ...range(901, 999), ...range(1000, 1061), ...range(2000, 2019), ...range(3000, 3012)];

test('every code of CONTRACT §6 has an explanation and at least one concrete step', () => {
  for (const code of CONTRACT_CODES) {
    const g = guidanceFor(code);
    assert.ok(g, `code ${code} has guidance`);
    assert.ok(g.explicacion.length > 20, `code ${code} explains itself`);
    assert.ok(g.pasos.length > 0 && g.pasos.every((p) => p.trim().length > 0), `code ${code} has steps`);
  }
  assert.deepEqual(knownCodes().sort((a, b) => a - b), CONTRACT_CODES);
});

test('a known code answers with SIAT’s own text (main/siat/messages.ts), our explanation and conocido true', () => {
  const r = resolveSiatError({ codigoError: 995, mensajeError: 'otro texto', contexto: 'emitir' });
  assert.equal(r.codigo, 995);
  assert.equal(r.descripcionSiat, SIAT_MESSAGES[995]);
  assert.equal(r.descripcionSiat, 'SERVICIO NO DISPONIBLE');
  assert.equal(r.conocido, true);
  assert.match(r.pasos.join(' '), /fuera de línea/, 'SIAT down: keep selling, Kipu issues offline');

  const rejected = resolveSiatError({ codigoError: 902 });
  assert.equal(rejected.descripcionSiat, 'RECEPCION RECHAZADA');
  assert.match(rejected.explicacion, /no tiene validez fiscal/);
  assert.match(rejected.pasos.join(' '), /emita una factura nueva/);

  const nit = resolveSiatError({ codigoError: 994 });
  assert.match(nit.pasos.join(' '), /excepción de SIAT: la caja la ofrece al verificar el NIT/);
});

// Issue 24 (walk of set 12): a purchase refused with 987 read «El NIT del cliente…», the sale's
// steps and «POST /api/v1/codes/nit», «exceptionCode 1».
test('a purchase’s guide speaks of the supplier’s NIT and the steps in Compras, not of a client or a sale', () => {
  const sale = resolveSiatError({ codigoError: 987 });
  assert.match(sale.explicacion, /NIT del cliente/);
  for (const code of [987, 994, 1037]) {
    const r = resolveSiatError({ codigoError: code, operacion: 'compra' });
    const text = [r.explicacion, ...r.pasos].join(' ');
    assert.equal(r.descripcionSiat, SIAT_MESSAGES[code], 'SIAT’s own text, unchanged');
    assert.match(r.explicacion, /NIT del proveedor/, `${code}: ${r.explicacion}`);
    assert.match(text, /en Compras elimine la compra rechazada y regístrela de nuevo/);
    assert.doesNotMatch(text, /cliente|Venta|emita|excepción/, `${code}: nothing of a sale: ${text}`);
  }
  // The shared steps read as a purchase's too: registered again, never "emita una factura nueva".
  const refused = resolveSiatError({ codigoError: 1036, operacion: 'compra' });
  assert.match(refused.explicacion, /razón social del proveedor/);
  const generic = resolveSiatError({ codigoError: 1009, operacion: 'compra' });
  assert.ok(generic.pasos.some((p) => /regístrela de nuevo/.test(p)) && !generic.pasos.some((p) => /emita una factura nueva/.test(p)), generic.pasos.join(' | '));
  const warning = resolveSiatError({ codigoError: 2003, operacion: 'compra' });
  assert.match(warning.explicacion, /^ADVERTENCIA: la compra quedó registrada en SIAT/);
  assert.ok(warning.pasos.slice(1).every((p) => p.startsWith('Para las próximas compras')), warning.pasos.join(' | '));
  // A credit-debit note: the client is the original invoice's, the note is issued again from it.
  const note = resolveSiatError({ codigoError: 987, operacion: 'nota' });
  assert.match(note.explicacion, /factura original/);
  assert.match(resolveSiatError({ codigoError: 1009, operacion: 'nota' }).pasos.join(' '), /emita la nota de nuevo desde su factura original/);
  // A sale reads as before.
  assert.deepEqual(resolveSiatError({ codigoError: 987, operacion: 'venta' }), sale);
});

test('no route path, HTTP verb, API field or event name reaches the text a cashier reads, whatever the operation', () => {
  const developerWords = /\/api\/|\b(GET|POST|PUT|DELETE|PATCH)\b|\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+\.[a-z]+_[a-z_]+\b|\bposId\b/;
  const operations = ['venta', 'compra', 'nota', 'anulacion'] as const;
  for (const operacion of operations) {
    for (const code of [...CONTRACT_CODES, 4242]) {
      const r = resolveSiatError({ codigoError: code, operacion });
      for (const text of [r.explicacion, ...r.pasos]) assert.doesNotMatch(text, developerWords, `${operacion} ${code}: ${text}`);
    }
  }
});

test('warnings that repeat an error code say the invoice stays valid and reuse that code’s steps', () => {
  assert.equal(WARNING_OF[2003], 1010);
  const w = resolveSiatError({ codigoError: 2003 });
  assert.equal(w.descripcionSiat, SIAT_MESSAGES[2003]);
  assert.match(w.explicacion, /^ADVERTENCIA: la factura sigue siendo válida\. Es el aviso del código 1010/);
  assert.match(w.pasos[0]!, /No anule/);
  assert.ok(w.pasos.slice(1).every((p) => p.startsWith('Para las próximas ventas')));
  assert.ok(!w.pasos.some((p) => /emita una factura nueva/.test(p)), 'nothing to re-issue for a warning');
});

test('an unknown code echoes the message and the context, gives generic steps and conocido false', () => {
  const r = resolveSiatError({ codigoError: 4242, mensajeError: '  ALGO NUEVO DE SIAT ', contexto: 'anular la factura 15' });
  assert.equal(r.conocido, false);
  assert.equal(r.descripcionSiat, 'ALGO NUEVO DE SIAT');
  assert.match(r.explicacion, /no tiene el código 4242/);
  assert.match(r.explicacion, /«ALGO NUEVO DE SIAT»/);
  assert.match(r.explicacion, /anular la factura 15/);
  assert.ok(r.pasos.length >= 2);

  assert.equal(resolveSiatError({ codigoError: 4243 }).descripcionSiat, 'CODIGO 4243');
  const synced = resolveSiatError({ codigoError: 4244 }, (c) => (c === 4244 ? 'TEXTO DEL CATALOGO' : null));
  assert.equal(synced.descripcionSiat, 'TEXTO DEL CATALOGO');
  assert.equal(synced.conocido, false);
  assert.match(synced.explicacion, /catálogo de mensajes sincronizado/);
});

test('the guide tells what Kipu issues today: every sector of shared/sectors/, notes, CAFC transcription and massive emission (issue 30, item 8)', () => {
  for (const code of CONTRACT_CODES) {
    const text = [guidanceFor(code)!.explicacion, ...guidanceFor(code)!.pasos].join(' ');
    assert.doesNotMatch(text, /todavía no emite|hoy emite compra-venta|no usa la emisión masiva/, `code ${code}: ${text}`);
  }
  // A sector Kipu does not issue (ICE, 1019) is named as such, with the list of those it does.
  const ice = guidanceFor(1019)!.explicacion;
  assert.match(ice, /sectores que Kipu no emite/);
  for (const s of SECTOR_SPECS) assert.ok(ice.includes(s.label.toLocaleLowerCase('es-BO')), `${s.label} is listed as issued`);
  // Export's NANDINA code (sector 3), the note's original invoice, a CAFC number: things Kipu issues.
  assert.doesNotMatch(guidanceFor(1023)!.explicacion, /no emite/);
  assert.match(guidanceFor(1048)!.pasos.join(' '), /Devolución/);
  assert.match(guidanceFor(1047)!.pasos.join(' '), /Facturas manuales \(CAFC\)/);
  assert.match(guidanceFor(934)!.pasos.join(' '), /Devolución/);
});
