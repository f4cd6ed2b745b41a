// Issue 26, finding 9: behind a TLS proxy every client reached the engine from the proxy's
// address and shared one per-address bucket. KIPU_TRUST_PROXY names the proxy; only a request
// whose socket peer is in that list has its X-Forwarded-For taken as the client's address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { loadSettings, SettingsError } from '../../main/config/settings';

const LIMIT = 3;
const randomKey = () => `kipu_${randomBytes(4).toString('hex')}_${randomBytes(20).toString('hex')}`;

/** Statuses of `n` requests without a valid key (the per-address bucket) "forwarded for" `client`. */
async function unauthenticated(eng: TestEngine, client: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await eng.api('/api/v1/invoices/some-id', { key: randomKey(), headers: { 'x-forwarded-for': client } });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

test('without KIPU_TRUST_PROXY, X-Forwarded-For is ignored: two "clients" on one socket address share one bucket', async () => {
  const eng = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: String(LIMIT) }, undefined, { scheduler: false });
  try {
    assert.deepEqual(await unauthenticated(eng, '203.0.113.10', LIMIT), Array(LIMIT).fill(401));
    assert.deepEqual(await unauthenticated(eng, '203.0.113.20', 1), [429], 'a forged header does not buy a fresh bucket');
  } finally {
    await eng.stop();
  }
});

test('with the proxy (127.0.0.1) trusted, each forwarded client has its own bucket, and the log shows its address', async () => {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const eng = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: String(LIMIT), KIPU_TRUST_PROXY: '127.0.0.1' }, undefined, {
    scheduler: false,
    logger: pino({ level: 'info' }, sink),
  });
  try {
    assert.deepEqual(await unauthenticated(eng, '203.0.113.10', LIMIT + 1), [...Array(LIMIT).fill(401), 429]);
    assert.deepEqual(await unauthenticated(eng, '203.0.113.20', LIMIT), Array(LIMIT).fill(401), 'another client behind the proxy is not throttled');
    // A client cannot slip past its bucket by prepending an address: the proxy appends the real one.
    assert.deepEqual(await unauthenticated(eng, '198.51.100.7, 203.0.113.10', 1), [429]);
    const log = lines.join('');
    assert.match(log, /"remoteAddress":"203\.0\.113\.20"/, 'request logs carry the forwarded client address');
  } finally {
    await eng.stop();
  }
});

test('a peer that is not the configured proxy cannot choose its address', async () => {
  const eng = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: String(LIMIT), KIPU_TRUST_PROXY: '10.0.0.0/8' }, undefined, { scheduler: false });
  try {
    assert.deepEqual(await unauthenticated(eng, '203.0.113.10', LIMIT), Array(LIMIT).fill(401));
    assert.deepEqual(await unauthenticated(eng, '203.0.113.20', 1), [429]);
  } finally {
    await eng.stop();
  }
});

test('KIPU_TRUST_PROXY takes IP addresses and CIDR ranges; anything else stops start-up naming the setting', () => {
  const base = { KIPU_DATA_DIR: '/tmp/kipu-trust-proxy-settings' };
  assert.deepEqual(loadSettings(base).trustProxy, [], 'off by default');
  assert.deepEqual(loadSettings({ ...base, KIPU_TRUST_PROXY: ' 10.0.0.5, 192.168.1.0/24 ,::1,fd00::/8' }).trustProxy, ['10.0.0.5', '192.168.1.0/24', '::1', 'fd00::/8']);
  for (const bad of ['*', 'true', 'proxy.tienda.bo', '10.0.0.0/33', '::1/129', '10.0.0.1/', '10.0.0.0/8/1']) {
    assert.throws(
      () => loadSettings({ ...base, KIPU_TRUST_PROXY: bad }),
      (err: unknown) => err instanceof SettingsError && err.setting === 'KIPU_TRUST_PROXY' && /direcciones IP o rangos CIDR/.test(err.message),
      bad,
    );
  }
});
