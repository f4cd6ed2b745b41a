import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG_DATA, CATALOG_OPERATIONS, type ParametricaItem } from '../../../main/siat-sim/catalog-data';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { SECTORS, SIGNIFICANT_EVENTS } from '../../../main/siat/code-catalog';
import { SIAT_MESSAGES } from '../../../main/siat/messages';

const PARAMETRIC_OPERATIONS = [
  'sincronizarListaMensajesServicios',
  'sincronizarParametricaEventosSignificativos',
  'sincronizarParametricaMotivoAnulacion',
  'sincronizarParametricaPaisOrigen',
  'sincronizarParametricaTipoDocumentoIdentidad',
  'sincronizarParametricaTipoDocumentoSector',
  'sincronizarParametricaTipoEmision',
  'sincronizarParametricaTipoHabitacion',
  'sincronizarParametricaTipoMetodoPago',
  'sincronizarParametricaTipoMoneda',
  'sincronizarParametricaTipoPuntoVenta',
  'sincronizarParametricaTiposFactura',
  'sincronizarParametricaUnidadMedida',
] as const;

function codes(items: readonly ParametricaItem[]): number[] {
  return items.map((i) => i.codigoClasificador);
}

function description(items: readonly ParametricaItem[], code: number): string | undefined {
  return items.find((i) => i.codigoClasificador === code)?.descripcion;
}

test('there is data for every list operation of FacturacionSincronizacion', () => {
  const expected = [
    ...PARAMETRIC_OPERATIONS,
    'sincronizarActividades',
    'sincronizarListaActividadesDocumentoSector',
    'sincronizarListaLeyendasFactura',
    'sincronizarListaProductosServicios',
  ].sort();
  assert.deepEqual([...CATALOG_OPERATIONS].sort(), expected);
  for (const op of CATALOG_OPERATIONS) assert.ok(CATALOG_DATA[op].length > 0, op);
});

test('parametric catalogs have unique integer codes and uppercase, trimmed texts', () => {
  for (const op of PARAMETRIC_OPERATIONS) {
    const items = CATALOG_DATA[op];
    const list = codes(items);
    assert.equal(new Set(list).size, list.length, `${op}: duplicated code`);
    for (const item of items) {
      assert.ok(Number.isInteger(item.codigoClasificador) && item.codigoClasificador > 0, `${op}: ${item.codigoClasificador}`);
      assert.ok(item.descripcion.length > 0, `${op} ${item.codigoClasificador}: empty`);
      assert.equal(item.descripcion, item.descripcion.trim(), `${op} ${item.codigoClasificador}: blanks`);
      assert.equal(item.descripcion, item.descripcion.toUpperCase(), `${op} ${item.codigoClasificador}: lowercase`);
    }
  }
});

test('catalog sizes and key values match SIAT’s synchronized catalogs (CONTRACT §7)', () => {
  const d = CATALOG_DATA;
  assert.deepEqual(codes(d.sincronizarParametricaTipoDocumentoIdentidad), [1, 2, 3, 4, 5]);
  assert.equal(description(d.sincronizarParametricaTipoDocumentoIdentidad, 1), 'CI - CEDULA DE IDENTIDAD');
  assert.deepEqual(codes(d.sincronizarParametricaMotivoAnulacion), [1, 2, 3, 4]);
  assert.deepEqual(codes(d.sincronizarParametricaTipoEmision), [1, 2, 3]);
  assert.deepEqual(codes(d.sincronizarParametricaTiposFactura), [1, 2, 3, 4]);
  assert.deepEqual(codes(d.sincronizarParametricaTipoPuntoVenta), [1, 2, 3, 4, 5, 6]);
  assert.equal(d.sincronizarParametricaTipoHabitacion.length, 16);
  assert.deepEqual(codes(d.sincronizarParametricaEventosSignificativos), SIGNIFICANT_EVENTS.map((e) => e.code));

  const pagos = d.sincronizarParametricaTipoMetodoPago;
  assert.ok(pagos.length >= 40);
  for (const code of [...Array.from({ length: 27 }, (_, i) => i + 1), 30, 31, 32, 33, 35, 40, 295, 308]) {
    assert.ok(description(pagos, code), `metodo de pago ${code}`);
  }
  assert.equal(description(pagos, 1), 'EFECTIVO');
  assert.equal(description(pagos, 2), 'TARJETA');
  assert.equal(description(pagos, 27), 'GIFT-CARD');
  assert.equal(description(pagos, 33), 'PAGO ONLINE');
  assert.equal(description(pagos, 295), 'DEBITO AUTOMATICO');
  assert.equal(description(pagos, 28), undefined);

  const monedas = d.sincronizarParametricaTipoMoneda;
  assert.ok(monedas.length >= 30);
  assert.equal(description(monedas, 1), 'BOLIVIANO');
  assert.equal(description(monedas, 2), 'DOLAR');
  assert.equal(description(monedas, 7), 'EURO');
  assert.equal(description(monedas, 9), 'PESO ARGENTINO');
  assert.equal(description(monedas, 23), 'REAL BRASILEÑO');
  assert.equal(description(monedas, 33), 'PESO CHILENO');
  assert.equal(description(monedas, 46), 'DÓLAR ESTADOUNIDENSE');
  assert.equal(description(monedas, 109), 'NUEVO SOL PERUANO');

  const unidades = d.sincronizarParametricaUnidadMedida;
  assert.ok(unidades.length >= 60);
  const namedInContract: [number, string][] = [
    [1, 'BOBINAS'], [6, 'CAJA'], [14, 'DOCENA'], [17, 'GRAMO'], [22, 'KILOGRAMO'], [28, 'LITRO'], [30, 'METRO'],
    [42, 'PAQUETE'], [43, 'PAR'], [47, 'PIEZAS'], [55, 'TONELADAS'], [57, 'UNIDAD (BIENES)'],
    [58, 'UNIDAD (SERVICIOS)'], [62, 'OTRO'], [67, 'DIAS'], [68, 'MESES'], [70, 'ROLLO'], [71, 'HORAS'], [111, 'SOBRES'],
  ];
  for (const [code, text] of namedInContract) assert.equal(description(unidades, code), text);

  const paises = d.sincronizarParametricaPaisOrigen;
  assert.equal(paises.length, 209);
  assert.equal(description(paises, 1), 'AFGANISTÁN');
  assert.equal(description(paises, 9), 'ARGENTINA');
  assert.equal(description(paises, 22), 'BOLIVIA (ESTADO PLURINACIONAL DE)');
  assert.equal(description(paises, 25), 'BRASIL');
  assert.equal(description(paises, 37), 'CHILE');
  assert.equal(description(paises, 58), 'ESTADOS UNIDOS DE AMÉRICA');
  assert.equal(description(paises, 137), 'PARAGUAY');
  assert.equal(description(paises, 139), 'PERÚ');
  assert.equal(description(paises, 209), 'ISLAS VIRGENES BRITANICAS');
});

test('the document sector catalog lists every sector of CONTRACT §3.2', () => {
  const catalog = CATALOG_DATA.sincronizarParametricaTipoDocumentoSector;
  for (const sector of SECTORS) assert.equal(description(catalog, sector.code), sector.name);
  assert.equal(description(catalog, 1), 'FACTURA COMPRA-VENTA');
  assert.equal(description(catalog, 24), 'NOTA DE CRÉDITO-DÉBITO');
});

test('the service message catalog is SIAT_MESSAGES', () => {
  const catalog = CATALOG_DATA.sincronizarListaMensajesServicios;
  assert.equal(catalog.length, Object.keys(SIAT_MESSAGES).length);
  for (const item of catalog) assert.equal(item.descripcion, SIAT_MESSAGES[item.codigoClasificador]);
});

test('the training taxpayer’s activities, sectors, legends and products hang together', () => {
  const d = CATALOG_DATA;
  const activities = d.sincronizarActividades.map((a) => a.codigoCaeb);
  assert.deepEqual([...TRAINING_TAXPAYER.activities].sort(), [...activities].sort());
  assert.ok(activities.length >= 3 && activities.length <= 4);
  assert.equal(new Set(activities).size, activities.length, 'activity codes are unique');
  assert.equal(d.sincronizarActividades.filter((a) => a.tipoActividad === 'P').length, 1, 'one main activity');
  for (const a of d.sincronizarActividades) {
    assert.match(a.codigoCaeb, /^\d{6,7}$/);
    assert.ok(['P', 'S'].includes(a.tipoActividad));
  }
  const main = d.sincronizarActividades.find((a) => a.tipoActividad === 'P')!.codigoCaeb;

  // Document sectors: every activity issues sector 1; the main one also 24 and 35.
  const sectorsOf = (act: string) =>
    d.sincronizarListaActividadesDocumentoSector.filter((s) => s.codigoActividad === act).map((s) => s.codigoDocumentoSector);
  for (const act of activities) assert.ok(sectorsOf(act).includes(1), `activity ${act} issues sector 1`);
  assert.deepEqual(sectorsOf(main).sort((a, b) => a - b), [1, 24, 35]);
  for (const s of d.sincronizarListaActividadesDocumentoSector) assert.ok(activities.includes(s.codigoActividad));

  // Legends: 4–8 real Ley N° 453 legends per activity, within the XSD's 200 characters.
  for (const act of activities) {
    const legends = d.sincronizarListaLeyendasFactura.filter((l) => l.codigoActividad === act);
    assert.ok(legends.length >= 4 && legends.length <= 8, `activity ${act} has ${legends.length} legends`);
    assert.equal(new Set(legends.map((l) => l.descripcionLeyenda)).size, legends.length, `activity ${act}: repeated legend`);
  }
  for (const l of d.sincronizarListaLeyendasFactura) {
    assert.ok(activities.includes(l.codigoActividad), `legend of unknown activity ${l.codigoActividad}`);
    assert.ok(l.descripcionLeyenda.startsWith('Ley N° 453: '), l.descripcionLeyenda);
    assert.ok(l.descripcionLeyenda.length <= 200, l.descripcionLeyenda);
  }

  // Products: every product's activity exists; 20–60 per activity; unique codes per activity.
  for (const p of d.sincronizarListaProductosServicios) {
    assert.ok(activities.includes(p.codigoActividad), `product ${p.codigoProducto} of unknown activity`);
    assert.ok(Number.isInteger(p.codigoProducto) && p.codigoProducto >= 10000 && p.codigoProducto <= 9999999, `${p.codigoProducto}`);
    assert.equal(p.descripcionProducto, p.descripcionProducto.toUpperCase());
    for (const n of p.nandina) assert.match(n, /^\d{10}$/);
  }
  for (const act of activities) {
    const products = d.sincronizarListaProductosServicios.filter((p) => p.codigoActividad === act);
    assert.ok(products.length >= 20 && products.length <= 60, `activity ${act} has ${products.length} products`);
    assert.equal(new Set(products.map((p) => p.codigoProducto)).size, products.length, `activity ${act}: repeated product`);
  }
});

test('the training taxpayer is complete and plausible', () => {
  const t = TRAINING_TAXPAYER;
  assert.match(String(t.nit), /^\d{10}$/);
  assert.match(t.codigoSistema, /^[0-9A-F]{23}$/);
  assert.equal(t.razonSocial, 'COMERCIAL KIPU DEMO S.R.L.');
  assert.equal(t.token, 'kipu-entrenamiento-token');
  assert.deepEqual(t.modalidades, [1, 2]);
  assert.deepEqual(t.branches.map((b) => b.codigoSucursal), [0]);
  assert.equal(t.branches[0]?.direccion, t.direccion);
  assert.ok(Object.isFrozen(t));
});
