// The inspection self-check's judge (main/certify/self-check/items.ts, pure) on the SIN
// simulator's own catalogs: every item passes on what a default installation holds, and when one
// thing breaks it — the printed legend, a setting, what was issued — exactly that item fails,
// named, with the evidence that shows it. (The API test does the same on a real engine for a
// sale sent as «S/N» with document 0.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checklistPassed, inspectionChecklist, type InspectionFacts } from '../../../main/certify/self-check/items';
import { representationSentence } from '../../../main/documents/model';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';
import { SIGNIFICANT_EVENTS } from '../../../main/siat/code-catalog';
import type { CatalogItem } from '../../../main/store/catalogs';

const item = (codigo: string | number, descripcion: string, actividad: string | null = null): CatalogItem => ({ codigo: String(codigo), descripcion, actividad, extra: null });
const LEGENDS = ['Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los productos que consumes.', 'Ley N° 453: El proveedor debe exhibir certificaciones de habilitación.', 'Ley N° 453: Está prohibido importar bienes dañinos.'].map((l) => item('', l, '471110'));

const invoice = (number: number) => ({ number, cuf: `ABCDEF0123456789ABCDEF${number}`, fecha: '2026-11-20T10:00:00.000', doc: '5115889', total: 1900, pago: 1, tarjeta: null });

/** What a default installation holds after a few varied sales. */
function defaults(): InspectionFacts {
  return {
    ahora: '2026-11-20T12:00:00.000',
    findings: {
      sinDocumento: [],
      especialSinExcepcion: [],
      montoCeroSinGift: [],
      tarjetaSinEnmascarar: [],
      sinLeyenda: [],
      leyendasRecientes: LEGENDS.map((l) => l.descripcion),
      facturasRecientes: 30,
      eventosPendientes: [],
      ultimoEventoAutomatico: null,
    },
    paymentMethods: TIPO_METODO_PAGO.map((p) => item(p.codigoClasificador, p.descripcion)),
    significantEvents: SIGNIFICANT_EVENTS.map((e) => item(e.code, e.description)),
    legends: LEGENDS,
    sectors: [1],
    smtp: true,
    publicUrl: null,
    automaticContingency: true,
  };
}
const SENTENCES = { online: representationSentence({ offline: false }), offline: representationSentence({ offline: true }) };

const failed = (facts: InspectionFacts, sentences = SENTENCES) => {
  const items = inspectionChecklist(facts, sentences);
  assert.equal(checklistPassed(items), false);
  return items.filter((i) => i.estado === 'falla');
};

test('a default installation passes all 14 items', () => {
  const items = inspectionChecklist(defaults(), SENTENCES);
  assert.deepEqual(items.filter((i) => i.estado === 'falla'), []);
  assert.equal(checklistPassed(items), true);
  assert.equal(items.length, 14);
});

test('the wrong third legend printed offline (the online wording) fails item 5 alone, quoting both', () => {
  const bad = failed(defaults(), { online: SENTENCES.online, offline: SENTENCES.online });
  assert.deepEqual(bad.map((i) => i.item), [5]);
  assert.match(bad[0]!.titulo, /Tercera leyenda/);
  assert.match(bad[0]!.evidencia.join(' '), /Fuera de línea: .*modalidad de facturación en línea/);
});

test('the same second legend on every recent invoice fails item 4 (it must change at random); one stored without its legend names that invoice', () => {
  const same = defaults();
  same.findings = { ...same.findings, leyendasRecientes: [LEGENDS[0]!.descripcion] };
  const bad = failed(same);
  assert.deepEqual(bad.map((i) => i.item), [4]);
  assert.match(bad[0]!.evidencia.join(' '), /misma leyenda: no cambia al azar/);

  const missing = defaults();
  missing.findings = { ...missing.findings, sinLeyenda: [invoice(41)] };
  const bad2 = failed(missing);
  assert.deepEqual(bad2.map((i) => i.item), [4]);
  assert.match(bad2[0]!.evidencia[0]!, /factura N° 41 del 20\/11\/2026 .*sin leyenda guardada/);
});

test('settings and issued documents that break an item: each fails alone, named', () => {
  const noScheduler = { ...defaults(), automaticContingency: false };
  assert.deepEqual(failed(noScheduler).map((i) => [i.item, i.titulo]), [[14, 'Entrada y salida de contingencia y envío de paquetes automáticos']]);

  const unmasked = defaults();
  unmasked.findings = { ...unmasked.findings, tarjetaSinEnmascarar: [{ ...invoice(7), pago: 2, tarjeta: '4111222233334444' }] };
  const card = failed(unmasked);
  assert.deepEqual(card.map((i) => i.item), [6]);
  assert.match(card[0]!.evidencia.join(' '), /factura N° 7/);

  const special = defaults();
  special.findings = { ...special.findings, especialSinExcepcion: [{ ...invoice(9), doc: '99002' }] };
  const nominal = failed(special);
  assert.deepEqual(nominal.map((i) => i.item), [1]);
  assert.match(nominal[0]!.evidencia[0]!, /factura N° 9 .*código especial 99002 sin la marca de excepción/);
});
