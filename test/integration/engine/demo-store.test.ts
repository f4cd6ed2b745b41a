// The training demo store (issue 17): ≈200 products the simulator's catalogs accept, a few
// clients and a printer preset, loaded at start; a sale of demo products validates; removal is
// one step (API and admin command) and the store is not loaded again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine } from '../../fixtures/engine';
import { demoProducts, DEMO_PRODUCT_COUNT, ean13, DEMO_CLIENTS } from '../../../main/training/demo-store';
import { nitStatus } from '../../../main/siat-sim/handlers/codigos';
import { runAdmin } from '../../../main/engine/admin';
import { CATALOG_DATA } from '../../../main/siat-sim/catalog-data';

test('the generator is deterministic and every product fits the simulator’s catalogs', () => {
  const a = demoProducts();
  assert.equal(a.length, DEMO_PRODUCT_COUNT);
  assert.deepEqual(demoProducts(), a, 'same output on every run');
  assert.equal(new Set(a.map((p) => p.code)).size, a.length);
  assert.equal(new Set(a.map((p) => p.barcode)).size, a.length);
  assert.equal(ean13(1), '7770000000012', 'GS1 check digit: 7+21+7+3 = 38 → 2');
  const units = new Set(CATALOG_DATA.sincronizarParametricaUnidadMedida.map((u) => u.codigoClasificador));
  const sin = new Set(CATALOG_DATA.sincronizarListaProductosServicios.map((p) => `${p.codigoActividad}|${p.codigoProducto}`));
  for (const p of a) {
    assert.ok(units.has(p.unitMeasure), `${p.code}: unit ${p.unitMeasure}`);
    assert.ok(sin.has(`${p.activityEconomic}|${p.codeProductSin}`), `${p.code}: SIN product ${p.codeProductSin} of ${p.activityEconomic}`);
    assert.ok(p.priceCents >= 100 && p.priceCents % 10 === 0);
  }
});

test('training starts with the demo store; a sale of its products validates; it is removed in one step and stays removed', { timeout: 300_000 }, async () => {
  const eng = await startTestEngine({}, undefined, { scheduler: false, demoStore: true });
  const dataDir = eng.dataDir;
  try {
    const state = (await (await eng.api('/api/v1/training/demo-store')).json()).data;
    assert.deepEqual(state, { loaded: true, removed: false, products: DEMO_PRODUCT_COUNT });
    const page = (await (await eng.api('/api/v1/products?size=5')).json()).data;
    assert.equal(page.totalElements, DEMO_PRODUCT_COUNT);
    const printer = (await (await eng.api('/api/v1/settings/printer')).json()).data;
    assert.equal(printer.configured, true);
    assert.equal(printer.drawerKick, true);
    const clients = eng.store.clients.suggest(eng.store.tenants.byNit('7000123019')!.id, 'QUISPE', 5);
    assert.equal(clients[0]?.name, 'MARIA QUISPE MAMANI');
    // A trainee's first NIT sale goes to a demo client: its NIT is active in the simulated padrón
    // (a fresh walk got «NIT INEXISTENTE» for RESTAURANTE EL PUENTE).
    for (const c of DEMO_CLIENTS.filter((d) => d.docType === 5)) assert.equal(nitStatus(eng.simulator!.state, c.docNumber), 986, `${c.name} ${c.docNumber}`);

    // Sell two demo products found by barcode, as the scanner would.
    const posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
    assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId } })).status, 200);
    const lines = [];
    for (const code of [ean13(1), ean13(150)]) {
      const p = (await (await eng.api(`/api/v1/products/lookup?code=${code}`)).json()).data;
      lines.push({ activityEconomic: p.activityEconomic, codeProductSin: p.codeProductSin, codeProduct: p.code, description: p.description, quantity: 2, unitMeasure: p.unitMeasure, priceUnit: p.priceUnit });
    }
    const sale = await eng.api('/api/v1/invoices?wait=true', {
      method: 'POST',
      json: { invoiceType: 'COMPUTERIZED_SALE', posId, clientDocumentType: 1, clientDocumentNumber: '4789123', clientBusinessName: 'MARIA QUISPE MAMANI', clientCode: 'DEMO-C1', paymentMethodCode: 1, details: lines },
    });
    const sb = await sale.json();
    assert.equal(sale.status, 201, JSON.stringify(sb));
    assert.equal(sb.data.state, 'VALIDATED');

    // Its people (issue 27): the cashier (PIN 1234) logs in; cancelling needs the supervisor
    // (PIN 9999), who approves in place; both names are on the invoice.
    const login = async (user: string, pin: string) => {
      const res = await eng.api('/api/v1/till/login', { method: 'POST', json: { posId, user, pin }, key: null });
      return { status: res.status, body: await res.json() };
    };
    // The login screen shows them in training (public till-config).
    const config = (await (await eng.api('/api/v1/public/till-config', { key: null })).json()).data;
    assert.deepEqual(config.demoUsers.map((u: { login: string; pin: string }) => `${u.login}:${u.pin}`), ['cajero:1234', 'supervisor:9999']);
    const cajero = await login('cajero', '1234');
    assert.equal(cajero.status, 201, JSON.stringify(cajero.body));
    assert.equal(cajero.body.data.user.role, 'cajero');
    const alone = await eng.api(`/api/v1/invoices/${sb.data.id}/cancel?motivo=1`, { method: 'POST', key: cajero.body.data.token });
    assert.equal(alone.status, 403);
    assert.match((await alone.json()).detail, /rol «supervisor»/);
    const approved = await eng.api(`/api/v1/invoices/${sb.data.id}/cancel?motivo=1`, {
      method: 'POST',
      key: cajero.body.data.token,
      headers: { 'x-supervisor-user': 'supervisor', 'x-supervisor-pin': '9999' },
    });
    assert.equal(approved.status, 200, await approved.clone().text());
    const cancelled = (await (await eng.api(`/api/v1/invoices/${sb.data.id}`)).json()).data;
    assert.equal(cancelled.cancelledBy, 'Carla Cajera (demo)');
    assert.equal(cancelled.cancellationApprovedBy, 'Sergio Supervisor (demo)');

    const removed = await eng.api('/api/v1/training/demo-store', { method: 'DELETE', key: eng.demoApiKey });
    const rb = await removed.json();
    assert.equal(removed.status, 200, JSON.stringify(rb));
    assert.equal(rb.data.products, DEMO_PRODUCT_COUNT);
    assert.ok(rb.data.clients >= 4);
    assert.equal((await (await eng.api('/api/v1/products')).json()).data.totalElements, 0);
    assert.equal((await (await eng.api(`/api/v1/invoices/${sb.data.id}`)).json()).data.state, 'CANCELLED', 'invoices stay');
    // The demo people are deactivated (their PINs are published), not deleted; their session ended.
    assert.equal((await login('supervisor', '9999')).status, 403);
    assert.equal((await eng.api('/api/v1/till/me', { key: cajero.body.data.token })).status, 401);
    const people = (await (await eng.api('/api/v1/till-users?active=false')).json()).data.content.map((u: { login: string }) => u.login);
    assert.deepEqual(people.sort(), ['cajero', 'supervisor']);
    assert.deepEqual((await (await eng.api('/api/v1/public/till-config', { key: null })).json()).data.demoUsers, []);
  } finally {
    await eng.close();
  }
  // A restart does not bring it back.
  const again = await startTestEngine({}, dataDir, { scheduler: false, demoStore: true });
  try {
    assert.deepEqual((await (await again.api('/api/v1/training/demo-store')).json()).data, { loaded: false, removed: true, products: 0 });
  } finally {
    await again.stop();
  }
});

test('npm run admin -- demo remove removes it too', { timeout: 300_000 }, async () => {
  const eng = await startTestEngine({}, undefined, { scheduler: false, demoStore: true });
  try {
    const lines: string[] = [];
    runAdmin(['demo', 'remove'], eng.store, (l) => lines.push(l));
    assert.match(lines[0]!, new RegExp(`quitada: ${DEMO_PRODUCT_COUNT} productos`));
    assert.equal((await (await eng.api('/api/v1/training/demo-store')).json()).data.products, 0);
  } finally {
    await eng.stop();
  }
});
