// Every registroCompra and confirmacionCompra Kipu builds validates against the official XSDs
// (xmllint, libxml2), and what the XSD refuses is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPurchase, type PurchaseFields } from '../../../main/purchases/purchase-input';
import { buildConfirmacionCompraXml, buildRegistroCompraXml } from '../../../main/purchases/registro-xml';
import { validatePurchaseXml } from '../../../main/purchases/registro-xsd';
import { pinnedXsdHashes, xsdSha256 } from '../../fixtures/official-xsd';

const base: PurchaseFields = { issuerNit: '1003579028', issuerBusinessName: 'Ñandú & Cía. <S.A.>', authorizationCode: '44AAEC00DBCBA35880091FEE05E92DC65368558BA467A75AC82F24C74', invoiceNumber: '137', emissionDate: '2024-05-09', totalPurchaseAmount: 130, rates: 30 };

const VARIANTS: Partial<PurchaseFields>[] = [
  {},
  { issuerNit: '9999999999999', invoiceNumber: '99999999999999999999', totalPurchaseAmount: 999_999_999_999.99 },
  { emissionDate: '2024-05-09T23:59:59.123', duiDimNumber: '2020211C30695', authorizationCode: '3' },
  { controlCode: '7B-F3-48-A8-1C', purchaseType: 5, iceAmount: 1, iehdAmount: 2, ipjAmount: 3, otherNotSubjectToCredit: 4, exemptAmounts: 5, zeroRateAmount: 6, discount: 7, giftCardAmount: 8 },
  { totalPurchaseAmount: 0.01, rates: 0 },
];

test('every built registroCompra validates against registroCompra.xsd', async () => {
  const xmls = VARIANTS.map((v, i) => {
    const c = checkPurchase({ ...base, ...v });
    assert.ok(c.ok, JSON.stringify(!c.ok && c.problems));
    return buildRegistroCompraXml(c.value, i + 1);
  });
  const max = checkPurchase(base);
  assert.ok(max.ok);
  xmls.push(buildRegistroCompraXml(max.value, 9999));
  const results = await validatePurchaseXml(xmls);
  results.forEach((r, i) => assert.ok(r.valid, `variant ${i}: ${r.errors.join('; ')}`));
});

test('the XSD refuses what it should: nro 0, a negative amount, an element out of order', async () => {
  const c = checkPurchase(base);
  assert.ok(c.ok);
  const ok = buildRegistroCompraXml(c.value, 1);
  const [nro, negative, order] = await validatePurchaseXml([
    ok.replace('<nro>1</nro>', '<nro>0</nro>'),
    ok.replace('<tasas>30.00</tasas>', '<tasas>-30.00</tasas>'),
    ok.replace('<importeIce>0.00</importeIce><importeIehd>0.00</importeIehd>', '<importeIehd>0.00</importeIehd><importeIce>0.00</importeIce>'),
  ]);
  assert.equal(nro!.valid, false);
  assert.match(nro!.errors.join(' '), /nro/);
  assert.equal(negative!.valid, false);
  assert.equal(order!.valid, false);
});

test('the official sample F0_RegistroCompra shape and our confirmacionCompra validate; the schemas are the official files', async () => {
  const pinned = pinnedXsdHashes();
  for (const f of ['registroCompra.xsd', 'confirmacionCompra.xsd']) assert.equal(xsdSha256(f), pinned.get(f), `${f} is not the official file pinned in resources/siat/xsd/README.md`);
  const [conf] = await validatePurchaseXml([buildConfirmacionCompraXml({ nitEmisor: '154422029', codigoAutorizacion: '1', numeroFactura: '11110', tipoCompra: 1 }, 1)], 'confirmacionCompra');
  assert.ok(conf!.valid, conf!.errors.join('; '));
  const c = checkPurchase({ issuerNit: '1111111010', issuerBusinessName: 'X', authorizationCode: '1', invoiceNumber: '11110', emissionDate: '2021-05-09T00:00:00', totalPurchaseAmount: 100 });
  assert.ok(c.ok);
  const xml = buildRegistroCompraXml(c.value, 1);
  assert.match(xml, /<montoTotalSujetoIva>100\.00<\/montoTotalSujetoIva><creditoFiscal>13\.00<\/creditoFiscal><tipoCompra>1<\/tipoCompra><codigoControl>0<\/codigoControl>/);
});

test('5,000 purchases at once validate (an import of a month may hold 20,000): xmllint runs in turns; one run over them all crashed the wasm program', { timeout: 600_000 }, async () => {
  const c = checkPurchase(base);
  assert.ok(c.ok);
  // As the register builds them (purchase-register.ts): each one alone, numbered 1.
  const xmls = Array.from({ length: 5000 }, () => buildRegistroCompraXml(c.value, 1));
  // One invalid document in the middle keeps its own verdict, at its own place.
  xmls[3456] = xmls[3456]!.replace('<nitEmisor>1003579028</nitEmisor>', '<nitEmisor>x</nitEmisor>');
  const results = await validatePurchaseXml(xmls);
  assert.equal(results.length, 5000);
  assert.equal(results.filter((r) => !r.valid).length, 1);
  assert.equal(results[3456]!.valid, false);
});
