// The purchase register over real HTTP (issue 14): registration with computed RCV amounts and
// the official XSD, duplicates, field errors, the round trip through the embedded simulator's
// ServicioRecepcionCompras (accepted and rejected rows), deletion (2217 ELIMINADO), confirmation,
// consultaCompras, QR scanning, spreadsheet import and seed 001's PageShopping.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { createPurchase, purchaseBody, settlePurchases } from '../fixtures/purchases';
import { assertEnvelopeFailure } from '../fixtures/envelope-style';
import { SCOPES } from '../../shared/api-scopes';
import ExcelJS from 'exceljs';
import { deflatedRepeat, zipOf } from '../fixtures/zip';
import { PurchaseRegister, type RegisterDeps } from '../../main/purchases/purchase-register';
import { PurchaseError } from '../../main/purchases/purchase-error';
import { checkPurchase } from '../../main/purchases/purchase-input';
import { periodOf } from '../../main/purchases/purchase-model';
import { buildRegistroCompraXml } from '../../main/purchases/registro-xml';
import { packPackage } from '../../main/invoicing/archive';
import { PurchaseSender } from '../../main/purchases/package-sender';
import pino from 'pino';

let eng: TestEngine;

before(async () => {
  eng = await startTestEngine({}, undefined, { purchases: { pollMs: 100, retryMs: { initial: 200, max: 1000 } } });
});
after(() => eng.stop());

const post = async (path: string, json: unknown) => {
  const res = await eng.api(path, { method: 'POST', json });
  return { status: res.status, body: await res.json() };
};

describe('registering a purchase', () => {
  test('computes subtotal, base and crédito fiscal as the SIN template does (electricity with fees: 130 − 30 → CF 13.00)', async () => {
    const p = await createPurchase(eng, { totalPurchaseAmount: 130, rates: 30 });
    assert.equal(p.subtotal, 100);
    assert.equal(p.totalAmountSubjectToVat, 100);
    assert.equal(p.fiscalCredit, 13);
    assert.equal(p.duiDimNumber, '0');
    assert.equal(p.controlCode, '0');
    assert.equal(p.purchaseType, 1);
    assert.ok(['READY', 'SENT', 'ACCEPTED'].includes(p.state));
  });

  test('refuses the same supplier, authorization code and number with 409 naming the field', async () => {
    const body = purchaseBody();
    assert.equal((await post('/api/v1/purchases', body)).status, 201);
    const again = await post('/api/v1/purchases', body);
    assert.equal(again.status, 409);
    assert.equal(again.body.error.fields[0].field, 'authorizationCode');
    assert.match(again.body.error.detail, /ya está registrada/);
    // The month as the till writes it (mm/aaaa), and the purchase by the N° Compras lists (walk of 28/11: «registro 1, 2026-11»).
    assert.match(again.body.error.detail, /: es la compra N° \d+ de \d{2}\/\d{4}\.$/);
  });

  test('a subtotal below zero is a 422 that names totalPurchaseAmount, in Spanish', async () => {
    const r = await post('/api/v1/purchases', purchaseBody({ totalPurchaseAmount: 10, iceAmount: 20 }));
    assert.equal(r.status, 422);
    assert.equal(r.body.error.fields[0].field, 'totalPurchaseAmount');
    assert.match(r.body.error.fields[0].message, /subtotal sería negativo/);
  });

  test('a malformed field is a 422 and a missing one a 400, both naming it', async () => {
    const letters = await post('/api/v1/purchases', purchaseBody({ invoiceNumber: '12A' }));
    assert.equal(letters.status, 422);
    assert.ok(letters.body.error.fields.some((f: { field: string }) => f.field === 'invoiceNumber'), JSON.stringify(letters.body));
    const { issuerNit: _omit, ...rest } = purchaseBody();
    const missing = await post('/api/v1/purchases', rest);
    assert.equal(missing.status, 400);
    assert.ok(missing.body.error.fields.some((f: { field: string }) => f.field === 'issuerNit'), JSON.stringify(missing.body));
    const date = await post('/api/v1/purchases', purchaseBody({ emissionDate: '2024-02-30' }));
    assert.equal(date.status, 422);
    assert.equal(date.body.error.fields[0].field, 'emissionDate');
  });
});

describe('shoppingInvoiceId per tenant (decision 0044)', () => {
  test('two tenants registering in turns each count 1, 2, 3…; one tenant’s number of the other’s purchase is a 404', async () => {
    // The installation already holds the default tenant's purchases: the new tenants start at 1 anyway.
    const keyOf = (nit: string, name: string) => eng.store.apiKeys.create(eng.store.tenants.create({ nit, razonSocial: name }).id, 'compras', SCOPES).key;
    const keyX = keyOf('7700441', 'FERRETERIA X S.R.L.');
    const keyY = keyOf('7700442', 'LIBRERIA Y S.R.L.');
    const register = async (key: string) => {
      const res = await eng.api('/api/v1/purchases', { method: 'POST', key, json: purchaseBody() });
      const body = await res.json();
      assert.equal(res.status, 201, JSON.stringify(body));
      return body.data as { id: string; shoppingInvoiceId: number };
    };
    const x: { id: string; shoppingInvoiceId: number }[] = [];
    const y: { id: string; shoppingInvoiceId: number }[] = [];
    for (const turn of ['x', 'y', 'x', 'y', 'x'] as const) (turn === 'x' ? x : y).push(await register(turn === 'x' ? keyX : keyY));
    assert.deepEqual(x.map((p) => p.shoppingInvoiceId), [1, 2, 3]);
    assert.deepEqual(y.map((p) => p.shoppingInvoiceId), [1, 2]);
    const page = async (key: string) =>
      ((await (await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=10', { key })).json()).data.result as { shoppingInvoiceId: number }[]).map((p) => p.shoppingInvoiceId).sort();
    assert.deepEqual(await page(keyX), [1, 2, 3]);
    assert.deepEqual(await page(keyY), [1, 2]);
    const bySeq = (key: string, n: number) => eng.api(`/api/v1/purchases/by-shopping-invoice-id/${n}`, { key });
    // Y's own numbers name Y's purchases; X's 3 names nothing for Y, exactly as a number nobody has.
    const own = await bySeq(keyY, 2);
    assert.equal(own.status, 200);
    assert.equal((await own.json()).data.id, y[1]!.id);
    const foreign = await bySeq(keyY, 3);
    const foreignBody = await foreign.json();
    assert.equal(foreign.status, 404, JSON.stringify(foreignBody));
    assert.match(foreignBody.error.detail, /no encontrada/);
    const nobody = await bySeq(keyY, 999_999);
    assert.equal(nobody.status, 404);
    assert.equal((await bySeq(keyX, 3)).status, 200);
    assert.equal((await bySeq(keyX, 0)).status, 400);
  });
});

describe('to SIAT and back (embedded simulator)', () => {
  test('accepted and rejected rows of one package keep SIAT codes verbatim; the package is packed on the pack worker', async () => {
    const packed = eng.packWorkers.completed;
    const good = await createPurchase(eng);
    // 1000000011 is INACTIVO in the simulated padrón: SIAT rejects that row only (987).
    const bad = await createPurchase(eng, { issuerNit: '1000000011' });
    await settlePurchases(eng);
    const g = (await (await eng.api(`/api/v1/purchases/${good.id}`)).json()).data;
    const b = (await (await eng.api(`/api/v1/purchases/${bad.id}`)).json()).data;
    assert.equal(g.state, 'ACCEPTED');
    assert.equal(g.isValidated, true);
    assert.ok([904, 908].includes(g.responseCode), String(g.responseCode));
    assert.equal(b.state, 'REJECTED');
    assert.deepEqual(b.siatMessages.map((m: { codigo: number }) => m.codigo), [987]);
    assert.equal(b.siatMessages[0].descripcion, 'NIT INACTIVO');
    assert.ok([902, 904].includes(b.responseCode), String(b.responseCode));
    assert.equal(b.transactionStatus, false);
    assert.ok(eng.packWorkers.completed > packed, 'the package was tarred, gzipped and hashed on the pack worker');
  });

  test('a package whose purchases were not all marked SENT when the engine stopped (between two lots) is marked whole first: none goes to SIAT in a second package', async () => {
    await settlePurchases(eng);
    const tenantId = eng.store.tenants.list().find((t) => t.training)!.id;
    const data = [0, 1, 2].map(() => {
      const c = checkPurchase(purchaseBody());
      assert.ok(c.ok);
      return c.value;
    });
    // What a stop after the package's first lot leaves (no await in between: the queue cannot
    // run meanwhile): three purchases packed, the package and the first one's mark committed.
    const { gestion, periodo } = periodOf(data[0]!.fechaEmision);
    const stored = data.map((d) => eng.store.purchases.insert({ tenantId, gestion, periodo, data: d, source: 'MANUAL', xml: (nro) => buildRegistroCompraXml(d, nro) }));
    const packed = packPackage(stored.map((p, i) => ({ name: `compra_${String(i + 1).padStart(3, '0')}_${p.seq}.xml`, xml: buildRegistroCompraXml(p.data, i + 1) })));
    const purchaseIds = stored.map((p) => p.id);
    const packageId = eng.store.purchases.inOneCommit(() => {
      const id = eng.store.purchases.insertPackage({ tenantId, kind: 'RECEPCION', gestion, periodo, archive: packed.tarGz, hash: packed.hashArchivo, purchaseCount: 3, purchaseIds });
      eng.store.purchases.markPackaged(tenantId, id, purchaseIds[0]!);
      return id;
    });
    assert.deepEqual(purchaseIds.map((id) => eng.store.purchases.byId(tenantId, id)!.state), ['SENT', 'READY', 'READY']);
    // Still READY but in the package's archive: deleting it now would leave SIAT registering a
    // purchase Kipu calls deleted. Refused until SIAT answers.
    const early = await eng.api(`/api/v1/purchases/${purchaseIds[1]}`, { method: 'DELETE' });
    const why = await early.json();
    assert.equal(early.status, 409, JSON.stringify(why));
    assert.match(why.detail, /está en un paquete que se está enviando a SIAT: espere su respuesta/);
    assert.equal(eng.store.purchases.byId(tenantId, purchaseIds[1]!)!.state, 'READY');
    await settlePurchases(eng);
    assert.deepEqual(
      purchaseIds.map((id) => ((p) => [p.state, p.packageId])(eng.store.purchases.byId(tenantId, id)!)),
      purchaseIds.map(() => ['ACCEPTED', packageId]),
      'every purchase accepted in the package it was packed in',
    );
  });

  test('a purchase deleted while its package was checked and packed is not sent: the package is dropped before it exists and the month packed again without it', async () => {
    await settlePurchases(eng);
    const tenantId = eng.store.tenants.list().find((t) => t.training)!.id;
    // Stored as a registration stores them, without waking the engine's own queue (idle after
    // settlePurchases): only the queue below packs them.
    const made = [0, 1].map(() => {
      const c = checkPurchase(purchaseBody());
      assert.ok(c.ok);
      const { gestion, periodo } = periodOf(c.value.fechaEmision);
      return eng.store.purchases.insert({ tenantId, gestion, periodo, data: c.value, source: 'MANUAL', xml: (nro) => buildRegistroCompraXml(c.value, nro) });
    });
    let deleted = false;
    // A queue of its own on the engine's store and SIAT, whose packer deletes the first purchase
    // while the package is being packed (what a cashier's «Eliminar» between the read and the
    // package's first lot does).
    const sender = new PurchaseSender({
      purchases: eng.store.purchases,
      tenants: eng.store.tenants,
      gateway: eng.gateway,
      codes: eng.codes,
      pointsOfSale: eng.store.pointsOfSale,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      pack: async (_t, files) => {
        if (!deleted) {
          deleted = true;
          const r = await eng.api(`/api/v1/purchases/${made[0]!.id}`, { method: 'DELETE' });
          assert.equal(r.status, 200, await r.clone().text());
        }
        return packPackage(files);
      },
    });
    await sender.kick(tenantId);
    await sender.stop();
    assert.ok(deleted, 'the packer ran');
    assert.equal(eng.store.purchases.byId(tenantId, made[0]!.id)!.state, 'DELETED');
    const holding = eng.store.purchases.packages(tenantId, 50).filter((p) => p.purchaseIds.includes(made[1]!.id));
    assert.equal(holding.length, 1, 'the other purchase went in one package');
    assert.ok(!holding[0]!.purchaseIds.includes(made[0]!.id), 'without the deleted one');
    assert.ok(eng.store.purchases.packages(tenantId, 50).every((p) => !p.purchaseIds.includes(made[0]!.id)), 'no package holds the deleted purchase');
  });

  test('deleting an accepted purchase keeps SIAT answer 2217 ELIMINADO and the row', async () => {
    const p = await createPurchase(eng);
    await settlePurchases(eng);
    const r = await eng.api(`/api/v1/purchases/${p.id}`, { method: 'DELETE' });
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.equal(body.data.state, 'DELETED');
    assert.equal(body.data.responseCode, 2217);
    assert.equal(body.data.responseDescription, 'ELIMINADO');
    const again = await eng.api(`/api/v1/purchases/${p.id}`, { method: 'DELETE' });
    assert.equal(again.status, 409);
  });

  test('a cajero may not delete a purchase SIAT registered: 403 ROLE_REQUIRED naming the supervisor, nothing done; a supervisor’s PIN approves it, both names recorded; one SIAT rejected she withdraws alone (decision 0094)', async () => {
    const posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id as string;
    for (const [login, name, role, pin] of [['compras-ana', 'Ana Compras', 'cajero', '2468'], ['compras-luis', 'Luis Compras', 'supervisor', '97531']]) {
      const made = await eng.api('/api/v1/till-users', { method: 'POST', json: { login, name, role, pin } });
      assert.equal(made.status, 201, await made.clone().text());
    }
    const tokenOf = async (user: string, pin: string) => (await (await eng.api('/api/v1/till/login', { method: 'POST', json: { posId, user, pin }, key: null })).json()).data.token as string;
    const ana = await tokenOf('compras-ana', '2468');
    const accepted = await createPurchase(eng);
    const rejected = await createPurchase(eng, { issuerNit: '1000000011' });
    await settlePurchases(eng);
    const stateOf = async (id: string) => (await (await eng.api(`/api/v1/purchases/${id}`)).json()).data.state as string;
    assert.equal(await stateOf(accepted.id), 'ACCEPTED');
    assert.equal(await stateOf(rejected.id), 'REJECTED');

    const refused = await eng.api(`/api/v1/purchases/${accepted.id}`, { method: 'DELETE', key: ana });
    const why = await refused.json();
    assert.equal(refused.status, 403, JSON.stringify(why));
    assert.equal(why.error.code, 'ROLE_REQUIRED');
    assert.equal(why.error.neededRole, 'supervisor');
    assert.match(why.detail, /^Para eliminar una compra que SIAT ya registró hace falta el rol «supervisor»; Ana Compras es cajero\./);
    assert.equal(await stateOf(accepted.id), 'ACCEPTED', 'nothing done: SIAT was not asked');

    // The register checks again (the purchase may have been accepted since the act was weighed).
    const tenantId = eng.store.tenants.byNit('7000123019')!.id;
    const register = new PurchaseRegister({ purchases: eng.store.purchases, tenants: eng.store.tenants } as unknown as RegisterDeps);
    await assert.rejects(register.remove(tenantId, accepted.id, { mayAnnulInSiat: false }), (e: unknown) => e instanceof PurchaseError && e.code === 'APPROVAL_REQUIRED' && e.details.neededRole === 'supervisor');
    assert.equal(await stateOf(accepted.id), 'ACCEPTED');

    const approved = await eng.api(`/api/v1/purchases/${accepted.id}`, { method: 'DELETE', key: ana, headers: { 'x-supervisor-user': 'compras-luis', 'x-supervisor-pin': '97531' } });
    const done = await approved.json();
    assert.equal(approved.status, 200, JSON.stringify(done));
    assert.equal(done.data.state, 'DELETED');
    assert.equal(done.data.responseCode, 2217);
    const rec = eng.store.tillUsers.actsOn(tenantId, accepted.id).find((a) => a.act === 'purchase-delete');
    assert.deepEqual([rec?.usuario, rec?.approver], ['Ana Compras', 'Luis Compras']);

    // SIAT never registered it: hers to withdraw, recorded in her name.
    const withdrawn = await eng.api(`/api/v1/purchases/${rejected.id}`, { method: 'DELETE', key: ana });
    assert.equal(withdrawn.status, 200, await withdrawn.clone().text());
    assert.equal(await stateOf(rejected.id), 'DELETED');
    assert.deepEqual(
      eng.store.tillUsers.actsOn(tenantId, rejected.id).map((a) => [a.act, a.usuario, a.approver]),
      [['purchase-delete', 'Ana Compras', null]],
    );
  });

  test('consultaCompras returns what suppliers reported; the archive is kept and read', async () => {
    const today = new Date(Date.now() - 4 * 3600_000).toISOString().slice(0, 10);
    const q = await post('/api/v1/purchases/siat-query', { date: today });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    assert.equal(q.body.data.format, 'gzip+tar+xml');
    assert.ok(q.body.data.archiveBytes > 0);
    const electro = q.body.data.rows.find((r: Record<string, string>) => r.nitEmisor === '374803027');
    if (Number(today.slice(8, 10)) >= 3) assert.equal(electro?.creditoFiscal, '13.00');
    const first = q.body.data.rows[0];
    if (first) {
      const c = await post('/api/v1/purchases/confirm', { items: [{ issuerNit: first.nitEmisor, authorizationCode: first.codigoAutorizacion, invoiceNumber: first.numeroFactura, purchaseType: 1 }] });
      assert.equal(c.status, 200, JSON.stringify(c.body));
      assert.equal(c.body.data.codigoEstado, 908);
    }
  });

  test('a confirmation SIAT does not know comes back with its code (924), not a success', async () => {
    const c = await post('/api/v1/purchases/confirm', { items: [{ issuerNit: '999', authorizationCode: 'X', invoiceNumber: '1', purchaseType: 1 }] });
    assert.equal(c.status, 422, JSON.stringify(c.body));
    assert.equal(c.body.error.siatCode, 924);
  });
});

describe('scanner and import', () => {
  test('the official QR URL fills NIT, CUF, number and the CUF date', async () => {
    const url = 'https://pilotosiat.impuestos.gob.bo/consulta/QR?nit=1003579028&cuf=44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74&numero=137';
    const r = await post('/api/v1/purchases/scan', { qr: url });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.fields.issuerNit, '1003579028');
    assert.equal(r.body.data.fields.invoiceNumber, '137');
    assert.equal(r.body.data.cuf.emissionDate, '2020-08-24T16:22:45.482');
    assert.equal(r.body.data.cuf.modality, 2);
    const bad = await post('/api/v1/purchases/scan', { qr: 'hola' });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error.fields[0].field, 'qr');
  });

  test('a CSV in the SIN template: every row gets a verdict and bad rows do not stop good ones', async () => {
    const header = 'Nº,ESPECIFICACION,NIT PROVEEDOR,RAZON SOCIAL PROVEEDOR,CODIGO DE AUTORIZACION,NUMERO FACTURA,NUMERO DUI/DIM,FECHA DE FACTURA/DUI/DIM,IMPORTE TOTAL COMPRA,IMPORTE ICE,IMPORTE IEHD,IMPORTE IPJ,TASAS,OTRO NO SUJETO A CREDITO FISCAL,IMPORTES EXENTOS,IMPORTE COMPRAS GRAVADAS A TASA CERO,SUBTOTAL,DESCUENTOS/BONIFICACIONES /REBAJAS SUJETAS AL IVA,IMPORTE GIFT CARD,IMPORTE BASE CF,CREDITO FISCAL,TIPO COMPRA,CODIGO DE CONTROL';
    const d = new Date();
    const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    const csv = [
      header,
      `1,1,1003579028,CERVECERIA X,IMP-A1,5001,0,${date},90.00,10.00,0,0,0,0,0,0,80.00,0,0,80.00,10.40,1,0`,
      `2,1,ABC,SIN NIT,IMP-A2,5002,0,${date},90.00,0,0,0,0,0,0,0,90.00,0,0,90.00,11.70,1,0`,
      `3,1,1003579028,OTRO,IMP-A3,5003,0,${date},"1,234.50",0,0,0,0,0,0,0,1234.50,0,0,1234.50,160.49,1,0`,
    ].join('\r\n');
    const res = await eng.api('/api/v1/purchases/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.data.created, 2);
    assert.equal(body.data.refused, 1);
    assert.deepEqual(body.data.verdicts.map((v: { row: number; ok: boolean }) => [v.row, v.ok]), [[2, true], [3, false], [4, true]]);
    assert.equal(body.data.verdicts[1].problems[0].field, 'issuerNit');
    const beer = (await (await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=5&cuf=IMP-A1`)).json()).data.result[0];
    assert.equal(beer.fiscalCredit, 10.4);
  });

  test('600 rows, stored in lots of one commit each: a row repeating an earlier one (same lot or not) is refused alone, every other row stored once', async () => {
    const d = new Date();
    const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    const row = (code: string, n: number) => `1003579028,DISTRIBUIDORA LOTE,${code},${n},${date},100.00`;
    const lines = Array.from({ length: 600 }, (_, i) => row(`LOT-${i}`, 7000 + i));
    lines[10] = row('LOT-3', 7003); // repeats row 3, in the same lot
    lines[400] = row('LOT-5', 7005); // repeats row 5, in a later lot
    const csv = ['NIT PROVEEDOR,RAZON SOCIAL PROVEEDOR,CODIGO DE AUTORIZACION,NUMERO FACTURA,FECHA DE FACTURA/DUI/DIM,IMPORTE TOTAL COMPRA', ...lines].join('\r\n');
    const stored = async () => (await (await eng.api(`/api/v1/purchases?year=${d.getFullYear()}&period=${d.getMonth() + 1}&size=1`)).json()).data.totalElements as number;
    const before = await stored();
    const res = await eng.api('/api/v1/purchases/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body).slice(0, 500));
    assert.equal(body.data.created, 598);
    assert.equal((await stored()) - before, 598, 'stored once each');
    const refused = body.data.verdicts.filter((v: { ok: boolean }) => !v.ok);
    assert.deepEqual(refused.map((v: { row: number; problems: { rule: string }[] }) => [v.row, v.problems[0]!.rule]), [[12, 'unique'], [402, 'unique']]);
    const ids = new Set(body.data.verdicts.filter((v: { ok: boolean }) => v.ok).map((v: { shoppingInvoiceId: number }) => v.shoppingInvoiceId));
    assert.equal(ids.size, 598, 'each stored row has its own number');
  });

  test('a CSV over 20,000 rows is a 413 naming the file, and nothing of it is imported', async () => {
    const header = 'Nº,ESPECIFICACION,NIT PROVEEDOR,RAZON SOCIAL PROVEEDOR,CODIGO DE AUTORIZACION,NUMERO FACTURA,NUMERO DUI/DIM,FECHA DE FACTURA/DUI/DIM,IMPORTE TOTAL COMPRA,IMPORTE ICE,IMPORTE IEHD,IMPORTE IPJ,TASAS,OTRO NO SUJETO A CREDITO FISCAL,IMPORTES EXENTOS,IMPORTE COMPRAS GRAVADAS A TASA CERO,SUBTOTAL,DESCUENTOS/BONIFICACIONES /REBAJAS SUJETAS AL IVA,IMPORTE GIFT CARD,IMPORTE BASE CF,CREDITO FISCAL,TIPO COMPRA,CODIGO DE CONTROL';
    const d = new Date();
    const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    const count = async () => (await (await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=1')).json()).data.totalItems as number;
    const before = await count();
    assert.ok(before > 0, 'the purchases of the tests before are counted');
    const rows = Array.from({ length: 20_001 }, (_, i) => `${i + 1},1,1003579028,PROVEEDOR,BIG-${i},${i + 1},0,${date},10.00,0,0,0,0,0,0,0,10.00,0,0,10.00,1.30,1,0`);
    const res = await eng.api('/api/v1/purchases/import', { method: 'POST', body: [header, ...rows].join('\r\n'), headers: { 'content-type': 'text/csv' } });
    const body = await res.json();
    assert.equal(res.status, 413, JSON.stringify(body).slice(0, 500));
    assert.equal(body.error.fields[0].field, 'file');
    assert.match(body.error.detail, /20001 filas; como máximo 20000/);
    assert.equal(await count(), before);
  });
});

describe('XLSX import and zip bombs', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const importXlsx = async (bytes: Buffer) => {
    const res = await eng.api('/api/v1/purchases/import', { method: 'POST', body: new Uint8Array(bytes), headers: { 'content-type': XLSX } });
    return { status: res.status, body: await res.json() };
  };
  const total = async () => (await (await eng.api('/api/v1/purchases?page=0&size=1')).json()).data.totalElements as number;

  test('the SIN template as XLSX (description and note rows included) imports every good row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Compras');
    ws.addRow(['Nº', 'ESPECIFICACION', 'NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR', 'CODIGO DE AUTORIZACION', 'NUMERO FACTURA', 'NUMERO DUI/DIM', 'FECHA DE FACTURA/DUI/DIM', 'IMPORTE TOTAL COMPRA', 'TASAS', 'TIPO COMPRA', 'CODIGO DE CONTROL']);
    ws.addRow(['', '', 'NIT del proveedor', 'Nombre', 'Código', 'Número', '', 'dd/mm/aaaa', 'Importe', '', '', '']);
    const d = new Date();
    const date = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    ws.addRow([1, 1, '1003579028', 'CERVECERIA X', 'XLSX-A1', '6001', '0', date, 130, 30, 1, '0']);
    ws.addRow([2, 1, '1003579028', 'CERVECERIA X', 'XLSX-A2', '6002', '0', date, '1,234.50', 0, 1, '0']);
    const before = await total();
    const r = await importXlsx(Buffer.from(await wb.xlsx.writeBuffer()));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.created, 2, JSON.stringify(r.body));
    assert.equal(await total(), before + 2);
    const page = (await (await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=5&cuf=XLSX-A1')).json()).data.result[0];
    assert.equal(page.fiscalCredit, 13);
  });

  test('a bomb (a ~200 KB XLSX whose sheet inflates to 200 MiB) is a 413 naming the limit, and nothing is imported', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: deflateRawSync('<Types/>'), size: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: await deflatedRepeat(200 * 1024 * 1024), size: 200 * 1024 * 1024 },
    ]);
    const before = await total();
    const r = await importXlsx(bomb);
    assert.equal(r.status, 413, JSON.stringify(r.body));
    assert.equal(r.body.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(r.body.error.fields[0].field, 'file');
    assert.match(r.body.error.detail, /200 MiB descomprimida; como máximo 32 MiB por parte\. No se importó nada/);
    // The same bomb lying about its size (4 KiB declared) is caught while inflating: 422.
    const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: await deflatedRepeat(200 * 1024 * 1024), size: 4096 }]);
    const l = await importXlsx(liar);
    assert.equal(l.status, 422, JSON.stringify(l.body));
    assert.equal(l.body.error.fields[0].field, 'file');
    assert.match(l.body.error.detail, /se descomprime a más de lo que declara/);
    assert.equal(await total(), before);
    // The engine is still there for everyone.
    assert.equal((await eng.api('/api/v1/purchases/queue')).status, 200);
  });

  test('a 6 KB XLSX with one cell at row 4,000,000 is a 422 naming the row, answered without building the empty rows (issue 25)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Compras');
    ws.addRow(['NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR', 'CODIGO DE AUTORIZACION', 'NUMERO FACTURA', 'FECHA DE FACTURA/DUI/DIM', 'IMPORTE TOTAL COMPRA']);
    ws.getCell('A4000000').value = '1003579028';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    assert.ok(bytes.length < 8 * 1024, `${bytes.length} bytes`);
    const before = await total();
    const heap0 = process.memoryUsage().heapUsed;
    let peak = heap0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    let r: Awaited<ReturnType<typeof importXlsx>>;
    try {
      r = await importXlsx(bytes);
    } finally {
      clearInterval(sampler);
    }
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.error.fields[0].field, 'file');
    assert.match(r.body.error.detail, /usa la fila 4\.000\.000; una planilla de compras llega como máximo a la fila 21\.000\. No se importó nada/);
    // The engine runs in this process: building 4 M rows took ~2 GB of its heap.
    assert.ok(peak - heap0 < 200 * 1024 * 1024, `heap grew ${Math.round((peak - heap0) / 1e6)} MB`);
    assert.equal(await total(), before);
  });
});

describe('seed 001 PageShopping', () => {
  test('COMPLETE with the paging members, the Purchase record fields and the filters', async () => {
    const p = await createPurchase(eng, { invoiceNumber: '987654' });
    const y = Number(p.emissionDate.slice(0, 4));
    const m = Number(p.emissionDate.slice(5, 7));
    const r = await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=2&year=${y}&period=${m}`);
    const body = await r.json();
    assert.equal(r.status, 200);
    assert.equal(body.message, 'COMPLETE');
    assert.equal(body.success, true);
    assert.equal(body.errors, null);
    for (const k of ['totalItems', 'totalPages', 'limit', 'page', 'prevPage', 'nextPage', 'result']) assert.ok(k in body.data, k);
    assert.equal(body.data.limit, 2);
    assert.equal(body.data.prevPage, null);
    assert.ok(body.data.totalItems > 2 && body.data.nextPage === 1);
    const rec = body.data.result[0];
    for (const k of ['shoppingInvoiceId', 'number', 'issuerNit', 'issuerBusinessName', 'authorizationCode', 'invoiceNumber', 'duiDimNumber', 'emissionDate', 'totalPurchaseAmount', 'iceAmount', 'iehdAmount', 'ipjAmount', 'rates', 'otherNotSubjectToCredit', 'exemptAmounts', 'zeroRateAmount', 'subtotal', 'discount', 'giftCardAmount', 'totalAmountSubjectToVat', 'fiscalCredit', 'purchaseType', 'controlCode', 'responseCode', 'responseDescription', 'responseCodeDescription', 'responseCodeReception', 'responseCodeStatus', 'transactionStatus', 'isConfirmed', 'validDescription', 'isValidated']) {
      assert.ok(k in rec, k);
    }
    const byNumber = (await (await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=10&invoiceNumber=987654')).json()).data;
    assert.equal(byNumber.totalItems, 1);
    assert.equal(byNumber.result[0].shoppingInvoiceId, p.shoppingInvoiceId);
    const byCuf = (await (await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=10&cuf=${p.authorizationCode}`)).json()).data;
    assert.equal(byCuf.totalItems, 1);
  });

  test('is scoped by tenant and answers bad queries in the sector envelope', async () => {
    const other = eng.store.tenants.create({ nit: '7700001', razonSocial: 'OTRA EMPRESA' });
    const key = eng.store.apiKeys.create(other.id, 'otra', SCOPES).key;
    const r = await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=10', { key });
    assert.equal((await r.json()).data.totalItems, 0);
    const bad = await eng.api('/api/v1/invoice/shopping/PageShopping?page=0&size=10&period=13');
    assertEnvelopeFailure({ status: bad.status, body: await bad.json() }, 400, 'BAD_REQUEST');
  });
});
