import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine } from '../fixtures/engine';
import { SCOPES } from '../../shared/api-scopes';

test('rate limiting is per API key: one key over its limit gets 429, another key is unaffected', async () => {
  const eng = await startTestEngine({ KIPU_RATE_LIMIT: '5' });
  try {
    const other = eng.store.apiKeys.create(eng.store.tenants.create({ nit: '4440001', razonSocial: 'X' }).id, 'x', SCOPES).key;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await eng.api('/api/v1/pos')).status);
    assert.deepEqual(statuses.slice(0, 5), [200, 200, 200, 200, 200]);
    assert.equal(statuses[5], 429);
    const limited = await eng.api('/api/v1/pos');
    const body = (await limited.json()) as { detail: string; error: { code: string } };
    assert.equal(body.error.code, 'RATE_LIMITED');
    assert.match(body.detail, /Límite de 5 solicitudes por minuto/);
    assert.equal((await eng.api('/api/v1/pos', { key: other })).status, 200);
  } finally {
    await eng.stop();
  }
});
