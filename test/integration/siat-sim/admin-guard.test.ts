// Issue 26, finding 11: the simulator's admin API (training mode's SIAT) answers only its holder:
// the per-start token in adminUrl's path, a loopback Host, and JSON POST bodies. A cross-site
// text/plain POST, a rebinding Host or a guess at /admin changes nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';

const sim = await startSiatSimulator({ port: 0 });
after(() => sim.close());

/** A raw HTTP request, so the Host header can be anything. */
function raw(url: string, opts: { method?: string; host?: string; type?: string; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: opts.method ?? 'GET', headers: { ...(opts.host ? { host: opts.host } : {}), ...(opts.type ? { 'content-type': opts.type } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const faultMode = async () => ((await (await fetch(`${sim.adminUrl}/state`)).json()) as { faults: { mode: string } }).faults.mode;

test('adminUrl carries a token of its own; /admin without it is not found on either port', async () => {
  assert.match(sim.adminUrl, /^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/admin$/);
  const base = new URL(sim.adminUrl).origin;
  const soapBase = sim.url.replace(/\/v2$/, '');
  for (const origin of [base, soapBase]) {
    const r = await raw(`${origin}/admin/faults`, { method: 'POST', type: 'application/json', body: '{"mode":"refuse"}' });
    assert.equal(r.status, 404, origin);
  }
  assert.equal(await faultMode(), 'none');
});

test('a cross-site text/plain POST and a POST without a type are refused; JSON with the token works', async () => {
  for (const type of ['text/plain', undefined]) {
    const r = await raw(`${sim.adminUrl}/faults`, { method: 'POST', ...(type ? { type } : {}), body: '{"mode":"refuse"}' });
    assert.equal(r.status, 403, String(type));
    assert.match(r.body, /application\/json/);
  }
  assert.equal(await faultMode(), 'none');
  const ok = await raw(`${sim.adminUrl}/faults`, { method: 'POST', type: 'application/json', body: '{"mode":"latency","latencyMs":1}' });
  assert.equal(ok.status, 200);
  assert.equal(await faultMode(), 'latency');
  await raw(`${sim.adminUrl}/reset-faults`, { method: 'POST', type: 'application/json', body: '{}' });
});

test('a Host that is not loopback (DNS rebinding) is refused, reads too', async () => {
  const r = await raw(`${sim.adminUrl}/state`, { host: 'evil.example:80' });
  assert.equal(r.status, 403);
  assert.match(r.body, /loopback/);
  const w = await raw(`${sim.adminUrl}/expire-cufds`, { method: 'POST', host: 'evil.example', type: 'application/json', body: '{}' });
  assert.equal(w.status, 403);
  assert.equal((await raw(`${sim.adminUrl}/state`, { host: `localhost:${new URL(sim.adminUrl).port}` })).status, 200);
});
