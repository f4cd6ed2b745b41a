// Issue 28: what a client written against the seeds trips on.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';

let eng: TestEngine;
let posId: string;

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
});
after(async () => {
  await eng.stop();
});

describe('issue 28, item 3: catalog sync needs no body', () => {
  test('sync/all and sync/{catalog} answer 200 with no body, {}, ?posId= and {posId}', async () => {
    const variants: [string, RequestInit & { json?: unknown }][] = [
      ['', { method: 'POST' }],
      ['', { method: 'POST', headers: { 'content-type': 'application/json' } }],
      ['', { method: 'POST', json: {} }],
      [`?posId=${posId}`, { method: 'POST' }],
      ['', { method: 'POST', json: { posId } }],
    ];
    for (const path of ['/api/v1/siat/sync/all', '/api/v1/siat/sync/currencies']) {
      for (const [query, init] of variants) {
        const res = await eng.api(path + query, init);
        const body = await res.json();
        assert.equal(res.status, 200, `${path}${query} ${JSON.stringify(init)}: ${JSON.stringify(body)}`);
        assert.equal(body.success, true);
      }
    }
    const bad = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId: 'no-es-uuid' } });
    assert.equal(bad.status, 422, "a posId that is not a UUID is still refused");
  });
});
