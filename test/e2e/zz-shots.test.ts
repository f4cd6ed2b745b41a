import { test } from 'node:test';
import { startTestEngine } from '../fixtures/engine';
import { openTill, RENDERER } from './till-page';
test('shots', async () => {
  const eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  const { browser, till } = await openTill(eng.url, eng.ownerKey!);
  try {
    await till.page.setViewportSize({ width: 1024, height: 768 });
    await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
    await eng.api('/api/v1/products', { method: 'POST', json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    await eng.api('/api/v1/products', { method: 'POST', json: { code: 'SRV-1', barcode: '7751234000024', description: 'Servicio de entrega', priceUnit: 15, unitMeasure: 58, activityEconomic: '471110', codeProductSin: '99100' } });
    const branches = (await (await eng.api('/api/v1/branchOffice')).json()) as { data: { branchId: number }[] };
    const r = await eng.api('/api/v1/pos', { method: 'POST', json: { branchId: branches.data[0]!.branchId, type: 5, name: 'Caja principal', description: 'segunda' } });
    console.log('pos', r.status, (await r.text()).slice(0, 200));
    await till.go('productos');
    await till.page.locator('[data-testid="product-row-unit"]').first().waitFor();
    await till.page.waitForTimeout(800);
    await till.screenshot('issue24-productos-units-1024');
    await till.go('facturas');
    await till.id('invoices-search').fill('zzzz');
    await till.page.waitForTimeout(1200);
    await till.screenshot('issue24-facturas-empty-1024');
    await till.go('conexion');
    await till.id('cafc-motives-hint').waitFor();
    await till.page.waitForTimeout(800);
    await till.screenshot('issue24-conexion-1024');
    await till.id('go-to-cafc').click();
    await till.page.waitForTimeout(500);
    console.log('focus', await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid));
    console.log('options', await till.id('event-reason').locator('option').allTextContents());
    await till.go('sucursales');
    await till.page.waitForTimeout(1500);
    await till.screenshot('issue24-sucursales-1024');
    await till.id('pos-name').fill('caja PRINCIPAL');
    await till.page.waitForTimeout(300);
    await till.id('pos-name-taken').scrollIntoViewIfNeeded();
    await till.screenshot('issue24-sucursales-form-1024');
  } finally { await browser.close(); await eng.stop(); }
});
