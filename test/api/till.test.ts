import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { SCOPES } from '../../shared/api-scopes';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { EVENT_SCHEMAS, STREAMED, type KipuEventType } from '../../shared/api/events';
import { TillStatusSchema } from '../../shared/api/till';

/** The stream's contract (shared/api/events.ts): each name it may send, and its data's schema. */
const STREAM_SCHEMAS = new Map<string, TSchema>([
  ['status', TillStatusSchema],
  ...(Object.keys(STREAMED) as KipuEventType[]).flatMap((k): [string, TSchema][] => (STREAMED[k] === null ? [] : [[STREAMED[k], EVENT_SCHEMAS[k]]])),
]);
/** Frames of any stream of this file that the contract does not describe, and the names seen. */
const offContract: string[] = [];
const seen = new Set<string>();

let eng: TestEngine;
let posId: string;

async function json(res: Response): Promise<any> {
  return res.json();
}

interface Sse {
  events: { event: string; data: any }[];
  /** Resolves with the first event (already received or coming) that matches. */
  next(pred: (e: { event: string; data: any }) => boolean, timeoutMs?: number): Promise<{ event: string; data: any }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
  status: number;
  contentType: string | null;
}

/** Opens GET /api/v1/till/stream with fetch (as the renderer does) and parses its frames. */
async function openStream(key: string | null, e: TestEngine = eng): Promise<Sse> {
  const ctl = new AbortController();
  const res = await e.api('/api/v1/till/stream', { key, signal: ctl.signal, headers: { accept: 'text/event-stream' } });
  const events: { event: string; data: any }[] = [];
  const waiters: { pred: (x: { event: string; data: any }) => boolean; resolve: (x: { event: string; data: any }) => void }[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buf += dec.decode(value, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const frame = buf.slice(0, i);
            buf = buf.slice(i + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length === 0) continue;
            const ev = { event, data: JSON.parse(data.join('\n')) };
            const schema = STREAM_SCHEMAS.get(event);
            seen.add(event);
            if (!schema || !Value.Check(schema, ev.data)) offContract.push(`${event}: ${JSON.stringify(ev.data).slice(0, 300)}`);
            events.push(ev);
            for (const w of [...waiters]) {
              if (w.pred(ev)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(ev);
              }
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    events,
    status: res.status,
    contentType: res.headers.get('content-type'),
    ended,
    close: () => ctl.abort(),
    next: (pred, timeoutMs = 5000) => {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; got ${events.map((x) => x.event).join(', ')}`)), timeoutMs);
        waiters.push({ pred, resolve: (x) => (clearTimeout(t), resolve(x)) });
      });
    },
  };
}

function sale(over: Record<string, unknown> = {}) {
  return {
    invoiceType: 'COMPUTERIZED_SALE',
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: '5115889',
    clientBusinessName: 'Juan Pérez',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5 }],
    ...over,
  };
}

async function simAdmin(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

/** A second taxpayer with its own key (tenant isolation). */
function otherTenant(e: TestEngine = eng): { key: string; tenantId: string; posId: string } {
  const t = e.store.tenants.create({ nit: '7777777014', razonSocial: 'Otra Tienda SRL', municipio: 'La Paz', direccion: 'Calle 1' });
  const k = e.store.apiKeys.create(t.id, 'otra', SCOPES);
  return { key: k.key, tenantId: t.id, posId: e.store.pointsOfSale.list(t.id)[0]!.id };
}

let other: { key: string; tenantId: string; posId: string };

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = (await json(await eng.api('/api/v1/pos'))).data[0].id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  other = otherTenant();
});
after(async () => {
  await eng.stop();
});

test('till endpoints need an API key', async () => {
  for (const path of ['/api/v1/till/status', `/api/v1/till/queue?posId=${posId}`, '/api/v1/till/stream']) {
    const res = await eng.api(path, { key: null });
    assert.equal(res.status, 401, path);
    assert.match((await json(res)).detail, /X-API-Key/);
  }
  assert.equal((await eng.api('/api/v1/till/status', { key: 'kipu_aaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbb' })).status, 401);
});

test('status: every point of sale of the caller, online with nothing queued; SIAT reachability without calling SIAT', async () => {
  const { data } = await json(await eng.api('/api/v1/till/status'));
  assert.equal(data.training, true);
  assert.equal(data.siatReachable, true);
  assert.equal(data.pos.length, 1);
  assert.deepEqual(
    { posId: data.pos[0].posId, code: data.pos[0].code, branchCode: data.pos[0].branchCode, mode: data.pos[0].mode, queued: data.pos[0].queued, activeEvent: data.pos[0].activeEvent, flush: data.pos[0].flush },
    { posId, code: 0, branchCode: 0, mode: 'ONLINE', queued: 0, activeEvent: null, flush: { running: false, sent: 0, total: 0 } },
  );
  // Tenant isolation: the other taxpayer sees only its own point of sale.
  const theirs = (await json(await eng.api('/api/v1/till/status', { key: other.key }))).data;
  assert.deepEqual(theirs.pos.map((p: any) => p.posId), [other.posId]);
  assert.equal(theirs.training, true, 'the whole engine is in training mode');
});

test('queue: posId is required and must be one of the caller\'s', async () => {
  assert.equal((await eng.api('/api/v1/till/queue')).status, 400);
  assert.equal((await eng.api('/api/v1/till/queue?posId=nope')).status, 400);
  assert.equal((await eng.api(`/api/v1/till/queue?posId=${other.posId}`)).status, 404);
  const { data } = await json(await eng.api(`/api/v1/till/queue?posId=${posId}`));
  assert.deepEqual(data, { invoices: [], events: [] });
});

test('stream: status on connect, then an invoice event after a sale — only to the seller\'s tenant', async () => {
  const mine = await openStream(eng.demoApiKey);
  const theirs = await openStream(other.key);
  try {
    assert.equal(mine.status, 200);
    assert.match(mine.contentType ?? '', /^text\/event-stream/);
    const first = await mine.next((e) => e.event === 'status');
    assert.equal(first.data.pos[0].posId, posId);
    await theirs.next((e) => e.event === 'status');

    const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sale() });
    assert.equal(res.status, 201);
    const inv = (await json(res)).data;
    const validated = await mine.next((e) => e.event === 'invoice' && e.data.state === 'VALIDATED');
    assert.deepEqual(
      { ...validated.data, siatMessages: undefined, siatDescription: undefined },
      { id: inv.id, cuf: inv.cuf, invoiceNumber: inv.invoiceNumber, state: 'VALIDATED', amountTotal: 9.5, posId, siatCode: 908, siatMessages: undefined, siatDescription: undefined },
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(theirs.events.filter((e) => e.event === 'invoice').length, 0, 'another tenant never sees the sale');
  } finally {
    mine.close();
    theirs.close();
  }
});

test('a sale answers PENDING once stored; SIAT\'s verdict follows on the stream, a rejection with SIAT\'s code and text', async () => {
  const mine = await openStream(eng.demoApiKey);
  try {
    await mine.next((e) => e.event === 'status');
    // SIAT takes 800 ms: the sale does not wait for it.
    await simAdmin('/faults', { mode: 'latency', latencyMs: 800, operations: ['recepcionFactura'] });
    const res = await eng.api('/api/v1/invoices', { method: 'POST', json: sale({ clientCode: 'C-PEND' }) });
    assert.equal(res.status, 201);
    const inv = (await json(res)).data;
    assert.equal(inv.state, 'PENDING');
    assert.match((await json(await eng.api(`/api/v1/invoices/${inv.id}/status`))).data.state, /^(PENDING|VALIDATED)$/);
    const validated = await mine.next((e) => e.event === 'invoice' && e.data.id === inv.id && e.data.state === 'VALIDATED', 10_000);
    assert.equal(validated.data.siatCode, 908);
    assert.equal((await json(await eng.api(`/api/v1/invoices/${inv.id}/status`))).data.state, 'VALIDATED');
    await simAdmin('/reset-faults');

    // SIAT refuses the next one: the stream carries its code and text verbatim.
    await simAdmin('/force-code', { operation: 'recepcionFactura', codigo: 1037, times: 1 });
    const rejectedSale = (await json(await eng.api('/api/v1/invoices', { method: 'POST', json: sale({ clientCode: 'C-REJ' }) }))).data;
    const rejected = await mine.next((e) => e.event === 'invoice' && e.data.id === rejectedSale.id && e.data.state === 'REJECTED', 10_000);
    assert.equal(rejected.data.siatMessages[0].codigo, 1037);
    assert.ok(rejected.data.siatMessages[0].descripcion.length > 0);
  } finally {
    await simAdmin('/reset-faults');
    mine.close();
  }
});

test('clients: offered by the start of the document or part of the name, most used first, with SIAT\'s remembered NIT verdict; per tenant', async () => {
  for (const c of [
    { clientDocumentType: 5, clientDocumentNumber: '1020304', clientBusinessName: 'Ferretería Alfa SRL', clientCode: 'ALFA' },
    { clientDocumentType: 5, clientDocumentNumber: '1020304', clientBusinessName: 'Ferretería Alfa SRL', clientCode: 'ALFA' },
    { clientDocumentType: 1, clientDocumentNumber: '1020999', clientBusinessName: 'Beatriz Alfaro', clientCode: 'BA' },
  ]) {
    assert.equal((await eng.api('/api/v1/invoices', { method: 'POST', json: sale({ ...c, exceptionCode: 1 }) })).status, 201);
  }
  const byNumber = (await json(await eng.api('/api/v1/till/clients?q=1020'))).data;
  assert.deepEqual(byNumber.map((c: any) => c.documentNumber), ['1020304', '1020999']);
  const byName = (await json(await eng.api('/api/v1/till/clients?q=alfa'))).data;
  assert.deepEqual(byName.map((c: any) => c.businessName), ['Ferretería Alfa SRL', 'Beatriz Alfaro']);
  assert.equal(byName[1].nitValid, null, 'a CI has no NIT verdict');
  assert.equal((await eng.api('/api/v1/till/clients?q=')).status, 400);
  assert.deepEqual((await json(await eng.api('/api/v1/till/clients?q=1020', { key: other.key }))).data, []);
});

test('stream: a revoked key ends its own stream', async () => {
  const k = eng.store.apiKeys.create(other.tenantId, 'temporal', SCOPES);
  const s = await openStream(k.key);
  await s.next((e) => e.event === 'status');
  const del = await eng.api(`/api/v1/keys/${k.info.id}`, { method: 'DELETE', key: other.key });
  assert.equal(del.status, 200);
  const t0 = Date.now();
  await s.ended;
  assert.ok(Date.now() - t0 < 5000);
});

test('stream: a person’s till session streams like a till key, hears of a locked user, and ends when the person is deactivated (issue 27)', async () => {
  const mk = async (login: string, role: string, pin: string) => {
    const res = await eng.api('/api/v1/till-users', { method: 'POST', json: { login, name: login.toUpperCase(), role, pin } });
    assert.equal(res.status, 201, await res.clone().text());
    return (await res.json()).data.id as string;
  };
  const supervisorId = await mk('sup-stream', 'supervisor', '2580');
  await mk('caj-stream', 'cajero', '1470');
  const loginRes = await eng.api('/api/v1/till/login', { method: 'POST', key: null, json: { posId, user: 'sup-stream', pin: '2580' } });
  assert.equal(loginRes.status, 201);
  const s = await openStream((await loginRes.json()).data.token);
  assert.equal(s.status, 200);
  await s.next((e) => e.event === 'status');
  for (let i = 0; i < 5; i++) await eng.api('/api/v1/till/login', { method: 'POST', key: null, json: { posId, user: 'caj-stream', pin: '0000' } });
  const locked = await s.next((e) => e.event === 'till.user_locked');
  assert.equal(locked.data.login, 'caj-stream');
  assert.equal(locked.data.posId, posId);
  await eng.api(`/api/v1/till-users/${supervisorId}`, { method: 'PUT', json: { active: false } });
  await s.ended;
});

test('contingency: SIAT refuses → the sale is issued offline, the stream says so, status and queue show it', async () => {
  const s = await openStream(eng.demoApiKey);
  try {
    await s.next((e) => e.event === 'status');
    await simAdmin('/faults', { mode: 'refuse' });
    const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sale() });
    assert.equal(res.status, 201);
    const inv = (await json(res)).data;
    assert.equal(inv.state, 'CONTINGENCY');
    await s.next((e) => e.event === 'contingency.opened' && e.data.posId === posId);
    await s.next((e) => e.event === 'siat.connection_lost');
    await s.next((e) => e.event === 'invoice' && e.data.id === inv.id && e.data.state === 'CONTINGENCY');
    const st = await s.next((e) => e.event === 'status' && e.data.pos[0].mode === 'CONTINGENCY' && e.data.siatReachable === false);
    assert.equal(st.data.pos[0].queued, 1);
    assert.equal(st.data.pos[0].activeEvent.posId, posId);
    assert.equal(st.data.pos[0].activeEvent.finalizado, false);

    const q = (await json(await eng.api(`/api/v1/till/queue?posId=${posId}`))).data;
    assert.deepEqual(q.invoices.map((i: any) => [i.id, i.state]), [[inv.id, 'CONTINGENCY']]);
    assert.equal(q.events.length, 1);
    assert.equal(q.events[0].id, st.data.pos[0].activeEvent.id);
  } finally {
    s.close();
    await simAdmin('/reset-faults');
  }
});

test('engine close is not held up by an open stream', async () => {
  const e2 = await startTestEngine({}, undefined, { scheduler: false });
  const s = await openStream(e2.demoApiKey, e2);
  await s.next((e) => e.event === 'status');
  const t0 = Date.now();
  await e2.stop();
  await s.ended;
  assert.ok(Date.now() - t0 < 3000, `close took ${Date.now() - t0} ms`);
});

// Runs last: the streams of the tests above carried sales, rejections, contingency and a locked user.
test('every frame the streams sent is an event of the contract (shared/api/events.ts) with data of its schema', () => {
  for (const name of ['status', 'invoice', 'contingency.opened', 'siat.connection_lost', 'till.user_locked']) assert.ok(seen.has(name), `the tests above saw ${name}`);
  assert.deepEqual(offContract, []);
});
