// Issue #16, decision 0040: the desktop engine on a machine without an OS keystore (Linux without a
// keyring) and without KIPU_ALLOW_PLAIN_SECRETS=1. Electron cannot run here, so the engine gets the
// store engine-process.ts chooses then (desktopSecretStore(…, null, false)). It must refuse every
// secret with a clear Spanish 503, write no secrets file, leave the rest of the request unapplied,
// and keep selling — a training certificate's key lives in memory, made anew after a restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestEngine } from '../../fixtures/engine';
import { tempDir } from '../../fixtures/tmp';
import { desktopSecretStore } from '../../../main/config/secrets';
import { SignerProvider } from '../../../main/invoicing/signer-provider';

test('without a keystore the till sells, refuses to store the SIAT token with a Spanish 503, and writes no secrets file', async () => {
  const tmp = tempDir();
  const file = join(tmp.dir, 'secrets.json');
  try {
    const { store } = desktopSecretStore(file, null, false);
    const eng = await startTestEngine({}, tmp.dir, { secrets: store, scheduler: false });
    try {
      const before = (await (await eng.api('/api/v1/settings/siat')).json()).data;
      const refused = await eng.api('/api/v1/settings/siat', { method: 'PUT', json: { token: 'token-delegado-nuevo', tokenExpiresOn: '2027-01-31' } });
      assert.equal(refused.status, 503);
      const body = await refused.json();
      assert.equal(body.error.code, 'KEYSTORE_UNAVAILABLE');
      assert.match(body.detail, /no guarda secretos .* en un archivo sin cifrar: no se guardó/);
      assert.match(body.detail, /KIPU_ALLOW_PLAIN_SECRETS=1/);
      assert.equal(existsSync(file), false, 'no secrets file');
      // Nothing of the request applied: the expiry date stays as it was.
      assert.deepEqual((await (await eng.api('/api/v1/settings/siat')).json()).data, before);

      // The till keeps selling (training: the embedded simulator, the installation's token).
      assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
      const posId = ((await (await eng.api('/api/v1/pos')).json()).data as { id: string }[])[0]!.id;
      const sale = await eng.api('/api/v1/invoices?wait=true', {
        method: 'POST',
        json: {
          invoiceType: 'COMPUTERIZED_SALE', posId, clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1,
          details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P-1', description: 'Producto', quantity: 1, unitMeasure: 57, priceUnit: 10 }],
        },
      });
      assert.equal(sale.status, 201, await sale.clone().text());
      assert.equal((await sale.json()).data.state, 'VALIDATED');

      // Electronic signing in training: the certificate's key is kept in memory, and a restart
      // (a new provider over the same settings) makes a new one instead of failing.
      const tenant = eng.store.tenants.byId(eng.store.apiKeys.authenticate(eng.ownerKey!)!.tenantId)!;
      const first = new SignerProvider(eng.store.settings, store);
      assert.ok(first.forTenant(tenant));
      const certBefore = first.info(tenant.id)!.certPem;
      const restarted = new SignerProvider(eng.store.settings, store);
      assert.ok(restarted.forTenant(tenant));
      assert.notEqual(restarted.info(tenant.id)!.certPem, certBefore, 'a new training certificate');
      assert.equal(existsSync(file), false, 'still no secrets file');
    } finally {
      await eng.stop();
    }
  } finally {
    tmp.cleanup();
  }
});
