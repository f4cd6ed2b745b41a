// Catalog down (issue 15, docs/decisions/0031): a product edited at Central reaches the tills of
// its store, applied atomically; a till's own price stays only while the chain allows it; a local
// product with the same code is adopted; a store's own row wins over the chain-wide one.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, centralTill, owner } from './helpers';
import { waitFor } from '../contingency/helpers';

const stack = await centralStack();
after(() => stack.close());

const product = (code: string, priceCents: number, branchCode: number | null = null) => ({
  code,
  barcode: null,
  description: `Producto ${code}`,
  priceCents,
  unitMeasure: 57,
  activityEconomic: '471110',
  codeProductSin: '99100',
  active: true,
  branchCode,
});

test('Central prices reach the till; local prices kept only where the chain allows them', { timeout: 300_000 }, async () => {
  const central = await stack.startCentral(0);
  const till = await centralTill(stack, central.url, 'Caja catálogo');
  const tenant = till.tenantId;
  const products = till.eng.store.products;
  try {
    // A product the till created itself, with a code Central will also use: adopted, not doubled.
    products.create(tenant, { code: 'ARROZ', barcode: null, description: 'Arroz local', priceCents: 900, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' });
    const put = (body: unknown) => owner(stack, '/central/api/products', { method: 'PUT', body: JSON.stringify(body) });
    await put(product('ARROZ', 1000));
    await put(product('AZUCAR', 800));
    await put(product('AZUCAR', 750, 0)); // the store's own price wins over the chain's
    await put(product('ACEITE', 2000, 5)); // another store's: never reaches this till
    await waitFor('the catalog applied', () => products.byCode(tenant, 'AZUCAR')?.priceCents === 750, 15_000);
    assert.equal(products.byCode(tenant, 'ARROZ')!.priceCents, 1000);
    assert.equal(products.byCode(tenant, 'ARROZ')!.description, 'Producto ARROZ');
    assert.equal(products.byCode(tenant, 'ACEITE'), null);
    const arroz = products.byCode(tenant, 'ARROZ')!;

    // The cashier changes the price locally; the chain does not allow local prices: Central wins.
    products.update(tenant, arroz.id, { ...arroz, priceCents: 950 });
    await put(product('ARROZ', 1100));
    await waitFor('Central wins', () => products.byCode(tenant, 'ARROZ')?.priceCents === 1100, 15_000);

    // Now the chain allows local prices: the till's own price survives Central's next change.
    await owner(stack, '/central/api/settings/local-prices', { method: 'PUT', body: JSON.stringify({ allow: true }) });
    products.update(tenant, arroz.id, { ...products.byCode(tenant, 'ARROZ')!, priceCents: 990 });
    await put({ ...product('ARROZ', 1200), description: 'Arroz grano largo' });
    await waitFor('description applied', () => products.byCode(tenant, 'ARROZ')?.description === 'Arroz grano largo', 15_000);
    assert.equal(products.byCode(tenant, 'ARROZ')!.priceCents, 990, 'the local price is kept');

    // Bad input names the field.
    const bad = await fetch(`${central.url}/central/api/products`, { method: 'PUT', headers: { authorization: `Bearer ${stack.ownerKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...product('X', 0) }) });
    assert.equal(bad.status, 422);
    assert.equal(((await bad.json()) as { field: string }).field, 'priceCents');
  } finally {
    await till.eng.stop();
    await stack.stopCentral();
  }
});
