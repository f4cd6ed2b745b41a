// Cashiers and supervisors over real HTTP (issue 27): the administrator's CRUD of users, the PIN
// login at a point of sale and its lockout, the roles × acts matrix (each forbidden act a 403
// naming the role needed, nothing done), a supervisor's approval in place recorded with both
// names, and another tenant's supervisor refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, saleRequest } from '../fixtures/issued-invoice';
import { waitFor } from '../fixtures/wait';
import type { KipuEvent } from '../../main/events/event-map';

let eng: TestEngine;
let posId: string;
let tenantId: string;
const events: KipuEvent[] = [];

const PINS = { cajero: '1357', supervisor: '24680', admin: '975310', otro: '4444' } as const;
const ids: Record<string, string> = {};

async function createUser(login: string, name: string, role: string, pin: string, key?: string | null) {
  return eng.api('/api/v1/till-users', { method: 'POST', json: { login, name, role, pin }, ...(key !== undefined ? { key } : {}) });
}

async function login(user: string, pin: string, at = posId) {
  const res = await eng.api('/api/v1/till/login', { method: 'POST', json: { posId: at, user, pin }, key: null });
  return { status: res.status, body: await res.json() };
}

async function tokenOf(user: string, pin: string): Promise<string> {
  const r = await login(user, pin);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data.token as string;
}

before(async () => {
  eng = await startTestEngine();
  eng.bus.subscribe((e) => void events.push(e));
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  for (const [login, name, role, pin] of [
    ['ana', 'Ana Quispe', 'cajero', PINS.cajero],
    ['luis', 'Luis Mamani', 'supervisor', PINS.supervisor],
    ['rosa', 'Rosa Choque', 'administrador', PINS.admin],
    ['pedro', 'Pedro Flores', 'cajero', PINS.otro],
  ] as const) {
    const res = await createUser(login, name, role, pin);
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    ids[login] = body.data.id;
  }
  const sync = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  assert.equal(sync.status, 200);
});
after(() => eng.stop());

test('the administrator creates, lists, changes and deactivates people; no answer carries the PIN or its hash; bad input is refused in Spanish', async () => {
  const list = await (await eng.api('/api/v1/till-users?size=50')).json();
  assert.deepEqual(list.data.content.map((u: { login: string }) => u.login).sort(), ['ana', 'luis', 'pedro', 'rosa']);
  const text = JSON.stringify(list);
  for (const pin of Object.values(PINS)) assert.ok(!text.includes(pin), 'the PIN never leaves the engine');
  assert.ok(!/hash|salt|pin/i.test(Object.keys(list.data.content[0]).join(' ')), Object.keys(list.data.content[0]).join(' '));

  // Stored as a slow salted hash, never as typed.
  const row = eng.store.tillUsers.pinOf(tenantId, ids.ana!)!;
  assert.notEqual(row.hash, PINS.cajero);
  assert.equal(row.params, 'N=16384,r=8,p=1,len=32');
  assert.equal(row.salt.length, 32);

  const dup = await createUser('ANA', 'Otra Ana', 'cajero', '1111');
  assert.equal(dup.status, 409);
  assert.match((await dup.json()).detail, /Ya existe el usuario «ana»/);
  const shortPin = await createUser('mario', 'Mario', 'cajero', '12');
  assert.equal(shortPin.status, 422);
  const shortBody = await shortPin.json();
  assert.ok(shortBody.error.fields.some((f: { field: string }) => /pin/.test(f.field)), JSON.stringify(shortBody));
  const badRole = await createUser('mario', 'Mario', 'gerente', '1234');
  const badRoleBody = await badRole.json();
  assert.equal(badRole.status, 400, JSON.stringify(badRoleBody));
  assert.match(badRoleBody.detail, /role/, badRoleBody.detail);
  assert.match(shortBody.detail, /pin: debe tener al menos 4 caracteres/);
  const letters = await createUser('mario', 'Mario', 'cajero', '12ab');
  assert.equal(letters.status, 422);
  assert.match((await letters.json()).detail, /El PIN debe tener de 4 a 6 dígitos \(solo números\)/);
  // A till key (the published demo key) cannot manage people.
  const byTill = await createUser('mario', 'Mario', 'cajero', '1234', eng.demoApiKey);
  assert.equal(byTill.status, 403);

  const renamed = await eng.api(`/api/v1/till-users/${ids.pedro}`, { method: 'PUT', json: { name: 'Pedro Flores Vargas' } });
  assert.equal((await renamed.json()).data.name, 'Pedro Flores Vargas');
});

test('a person logs in at a point of sale with user and PIN; the token works like a till key but names the person', async () => {
  const r = await login('ana', PINS.cajero);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.match(r.body.data.token, /^kipt_/);
  assert.equal(r.body.data.user.role, 'cajero');
  const me = await (await eng.api('/api/v1/till/me', { key: r.body.data.token })).json();
  assert.equal(me.data.user.name, 'Ana Quispe');
  assert.equal(me.data.posId, posId);

  // A sale by her carries her name as usuario, on the detail and on the list.
  const sale = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId), key: r.body.data.token });
  const body = await sale.json();
  assert.equal(sale.status, 201, JSON.stringify(body));
  assert.equal(body.data.usuario, 'Ana Quispe');
  const listed = (await (await eng.api('/api/v1/invoices?size=5')).json()).data.content.find((i: { id: string }) => i.id === body.data.id);
  assert.equal(listed.usuario, 'Ana Quispe');
  // An API key's sale keeps the key's name.
  const byKey = await issueInvoice(eng);
  assert.equal((await (await eng.api(`/api/v1/invoices/${byKey.id}`)).json()).data.usuario, 'Clave del dueño (pruebas)');

  // Logged out: the token no longer works.
  assert.equal((await eng.api('/api/v1/till/logout', { method: 'POST', key: r.body.data.token })).status, 200);
  const after = await eng.api('/api/v1/till/me', { key: r.body.data.token });
  assert.equal(after.status, 401);
  assert.match((await after.json()).detail, /terminó/);
});

test('five wrong PINs lock the user (423 with the time), every attempt is logged, supervisors are told; the right PIN does not open it until the lock ends', async () => {
  for (let i = 1; i <= 4; i++) {
    const r = await login('pedro', '0000');
    assert.equal(r.status, 401);
    assert.equal(r.body.error.code, 'WRONG_PIN');
    assert.match(r.body.detail, new RegExp(`Queda(n)? ${5 - i} intento`));
  }
  const fifth = await login('pedro', '0000');
  assert.equal(fifth.status, 423, JSON.stringify(fifth.body));
  assert.equal(fifth.body.error.code, 'USER_LOCKED');
  assert.match(fifth.body.detail, /bloqueado por 5 PIN incorrectos seguidos hasta las \d\d:\d\d del \d\d\/\d\d\/\d{4}/);
  const right = await login('pedro', PINS.otro);
  assert.equal(right.status, 423, 'locked: the right PIN is not even checked');
  await waitFor('the till.user_locked event', () => events.some((e) => e.type === 'till.user_locked' && e.data.login === 'pedro'));
  const locked = events.find((e) => e.type === 'till.user_locked')!;
  assert.equal(locked.tenantId, tenantId);
  assert.equal(locked.posId, posId);
  const outcomes = eng.store.tillUsers.attempts(tenantId, ids.pedro!).map((a) => a.outcome);
  assert.deepEqual(outcomes, ['WRONG_PIN', 'WRONG_PIN', 'WRONG_PIN', 'WRONG_PIN', 'LOCKED', 'LOCKED']);
  const listed = await (await eng.api(`/api/v1/till-users/${ids.pedro}`)).json();
  assert.equal(listed.data.locked, true);

  // The administrator gives a new PIN: the lock is lifted.
  await eng.api(`/api/v1/till-users/${ids.pedro}`, { method: 'PUT', json: { pin: '8642' } });
  assert.equal((await login('pedro', '8642')).status, 201);
});

test('inactive users, unknown users and another tenant’s users cannot log in; deactivating ends open sessions', async () => {
  const token = await tokenOf('pedro', '8642');
  const off = await eng.api(`/api/v1/till-users/${ids.pedro}`, { method: 'PUT', json: { active: false } });
  assert.equal((await off.json()).data.active, false);
  assert.equal((await eng.api('/api/v1/till/me', { key: token })).status, 401);
  const r = await login('pedro', '8642');
  assert.equal(r.status, 403);
  assert.match(r.body.detail, /desactivado/);
  const unknown = await login('nadie', '1234');
  assert.equal(unknown.status, 401);
  assert.match(unknown.body.detail, /No hay un usuario «nadie» en esta tienda/);
  // Nobody is deleted: the list still has him, deactivated.
  const inactive = (await (await eng.api('/api/v1/till-users?active=false')).json()).data.content;
  assert.deepEqual(inactive.map((u: { login: string }) => u.login), ['pedro']);
});

/** A validated invoice to act on, issued by the owner's key. */
const fresh = () => issueInvoice(eng);

test('roles × acts: each act a cajero or supervisor may not do is a 403 naming the role it needs, and nothing is done', async () => {
  const cajero = await tokenOf('ana', PINS.cajero);
  const supervisor = await tokenOf('luis', PINS.supervisor);
  const admin = await tokenOf('rosa', PINS.admin);
  const inv = await fresh();

  // The cash session Luis opens, for the cash acts.
  const open = await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId, openingFloat: 100 }, key: supervisor });
  assert.equal(open.status, 201, await open.clone().text());
  const sessionId = (await open.json()).data.id as string;

  const note = {
    ...saleRequest(posId),
    invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
    originalInvoiceId: inv.id,
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
  };
  const acts: { name: string; method: string; path: string; json?: unknown; needs: string }[] = [
    { name: 'cancel', method: 'POST', path: `/api/v1/invoices/${inv.id}/cancel?motivo=1`, needs: 'supervisor' },
    { name: 'reverse', method: 'POST', path: `/api/v1/invoices/${inv.id}/reverse-cancellation`, needs: 'supervisor' },
    { name: 'return', method: 'POST', path: '/api/v1/invoices?wait=true', json: note, needs: 'supervisor' },
    { name: 'cash out', method: 'POST', path: `/api/v1/cash/sessions/${sessionId}/movements`, json: { kind: 'OUT', amount: 10, reason: 'Pago a proveedor' }, needs: 'supervisor' },
    { name: 'close another’s session', method: 'POST', path: `/api/v1/cash/sessions/${sessionId}/close`, json: { denominations: {} }, needs: 'supervisor' },
    { name: 'reopen', method: 'POST', path: `/api/v1/cash/sessions/${sessionId}/reopen`, json: { reason: 'Cerrada por error' }, needs: 'supervisor' },
    { name: 'change a price', method: 'POST', path: '/api/v1/products', json: { code: 'X1', description: 'Producto X', priceUnit: 1, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' }, needs: 'supervisor' },
    { name: 'settings', method: 'PUT', path: '/api/v1/settings/sales', json: {}, needs: 'administrador' },
    { name: 'people', method: 'POST', path: '/api/v1/till-users', json: { login: 'zz', name: 'Z', role: 'administrador', pin: '1234' }, needs: 'administrador' },
    { name: 'keys', method: 'POST', path: '/api/v1/keys', json: { name: 'x', scopes: ['admin'] }, needs: 'administrador' },
  ];
  const forbidden = async (token: string, role: string) => {
    for (const a of acts) {
      if (a.needs === 'supervisor' && role === 'supervisor') continue;
      const res = await eng.api(a.path, { method: a.method, key: token, ...(a.json !== undefined ? { json: a.json } : {}) });
      const body = await res.json();
      if (a.name === 'return' && role === 'cajero') {
        // Luis's drawer is open at this till: a cajero's return there is refused before any
        // supervisor is called over (an approval would reach the same refusal).
        assert.equal(res.status, 409, `${role} → ${a.name}: ${JSON.stringify(body)}`);
        assert.match(body.detail, /^No puede devolver en la caja de Luis Mamani/);
        continue;
      }
      assert.equal(res.status, 403, `${role} → ${a.name}: ${JSON.stringify(body)}`);
      // Who does it, in plain words (decision 0087): «hace falta el rol «supervisor»; Ana Quispe es
      // cajero» where a supervisor may approve it in place, «… lo hace un administrador; …» where not.
      assert.match(body.detail, new RegExp(`(rol «${a.needs}»|lo hace un ${a.needs}\\b)[^;]*; .+ es ${role}\\.`), `${role} → ${a.name}: ${body.detail}`);
    }
  };
  await forbidden(cajero, 'cajero');
  await forbidden(supervisor, 'supervisor');
  // Nothing was done: the invoice is still valid, the session open with no movement, no note, no user zz.
  assert.equal((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data.state, 'VALIDATED');
  const s = (await (await eng.api(`/api/v1/cash/sessions/${sessionId}`)).json()).data;
  assert.equal(s.state, 'OPEN');
  assert.equal(JSON.stringify(s).includes('Pago a proveedor'), false);
  assert.equal(eng.store.tillUsers.byLogin(tenantId, 'zz'), null);

  // What each role may do: a supervisor takes cash out and closes his drawer; a cajero opens her
  // own, sells and puts cash in (decision 0069: one drawer, one person); a supervisor cancels; the
  // administrador reads settings.
  assert.equal((await eng.api(`/api/v1/cash/sessions/${sessionId}/movements`, { method: 'POST', json: { kind: 'OUT', amount: 5, reason: 'Retiro a caja fuerte' }, key: supervisor })).status, 201);
  assert.equal((await eng.api(`/api/v1/cash/sessions/${sessionId}/close`, { method: 'POST', json: { denominations: { '50': 1, '20': 2, '5': 1 } }, key: supervisor })).status, 200);
  const own = await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId, openingFloat: 50 }, key: cajero });
  assert.equal(own.status, 201, await own.clone().text());
  const ownId = (await own.json()).data.id as string;
  assert.equal((await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId), key: cajero })).status, 201);
  assert.equal((await eng.api(`/api/v1/cash/sessions/${ownId}/movements`, { method: 'POST', json: { kind: 'IN', amount: 5, reason: 'Cambio' }, key: cajero })).status, 201);
  const cancelled = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST', key: supervisor });
  assert.equal(cancelled.status, 200, await cancelled.clone().text());
  assert.equal((await eng.api('/api/v1/settings/sales', { key: admin })).status, 200);
  const detail = (await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data;
  assert.equal(detail.cancelledBy, 'Luis Mamani');
  assert.equal(detail.cancellationApprovedBy, null);
});

test('a supervisor approves a cajero’s cancellation in place with user and PIN: done, and both names recorded', async () => {
  const cajero = await tokenOf('ana', PINS.cajero);
  const inv = await fresh();
  const res = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, {
    method: 'POST',
    key: cajero,
    headers: { 'x-supervisor-user': 'luis', 'x-supervisor-pin': PINS.supervisor },
  });
  assert.equal(res.status, 200, await res.clone().text());
  const detail = (await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data;
  assert.equal(detail.state, 'CANCELLED');
  assert.equal(detail.cancelledBy, 'Ana Quispe');
  assert.equal(detail.cancellationApprovedBy, 'Luis Mamani');
  const rec = eng.store.tillUsers.actsOn(tenantId, inv.id).find((a) => a.act === 'cancel')!;
  assert.equal(rec.userId, ids.ana);
  assert.equal(rec.approverId, ids.luis);
  assert.equal(eng.store.tillUsers.attempts(tenantId, ids.luis!).at(-1)!.purpose, 'APPROVAL');
});

test('a return and a cash out by a cajero with a supervisor’s approval carry both names; a cajero closes her own session alone', async () => {
  const cajero = await tokenOf('ana', PINS.cajero);
  const approval = { 'x-supervisor-user': ids.luis!, 'x-supervisor-pin': PINS.supervisor };
  const inv = await fresh();
  const note = await eng.api('/api/v1/invoices?wait=true', {
    method: 'POST',
    key: cajero,
    headers: approval,
    json: {
      ...saleRequest(posId),
      invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
      originalInvoiceId: inv.id,
      details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
    },
  });
  const nb = await note.json();
  assert.equal(note.status, 201, JSON.stringify(nb));
  const noteDetail = (await (await eng.api(`/api/v1/invoices/${nb.data.id}`)).json()).data;
  assert.equal(noteDetail.usuario, 'Ana Quispe');
  assert.equal(noteDetail.returnApprovedBy, 'Luis Mamani');

  // Her own session: she opens it, takes cash out with Luis's approval, and closes it herself.
  const current = (await (await eng.api(`/api/v1/cash/sessions/current?posId=${posId}`)).json()).data;
  if (current) assert.equal((await eng.api(`/api/v1/cash/sessions/${current.id}/close`, { method: 'POST', json: { denominations: {}, reason: 'Cierre de la prueba anterior' } })).status, 200);
  const open = await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId, openingFloat: 200 }, key: cajero });
  assert.equal(open.status, 201, await open.clone().text());
  const session = (await open.json()).data;
  assert.equal(session.openedBy, 'Ana Quispe');
  const out = await eng.api(`/api/v1/cash/sessions/${session.id}/movements`, { method: 'POST', key: cajero, headers: approval, json: { kind: 'OUT', amount: 50, reason: 'Retiro a caja fuerte' } });
  assert.equal(out.status, 201, await out.clone().text());
  const outRec = eng.store.tillUsers.actsOn(tenantId, session.id).find((a) => a.act === 'cash-out')!;
  assert.deepEqual([outRec.usuario, outRec.approver], ['Ana Quispe', 'Luis Mamani']);
  const close = await eng.api(`/api/v1/cash/sessions/${session.id}/close`, { method: 'POST', key: cajero, json: { denominations: { '100': 1, '50': 1 } } });
  assert.equal(close.status, 200, await close.clone().text());
  assert.equal((await close.json()).data.closedBy, 'Ana Quispe');
});

test('settings changes, key creation, people changes and reprints are recorded with the person’s or the key’s name', async () => {
  const admin = await tokenOf('rosa', PINS.admin);
  const sales = (await (await eng.api('/api/v1/settings/sales', { key: admin })).json()).data;
  const put = await eng.api('/api/v1/settings/sales', { method: 'PUT', key: admin, json: sales });
  assert.equal(put.status, 200, await put.clone().text());
  const setting = eng.store.tillUsers.actsOn(tenantId, 'PUT /api/v1/settings/sales').at(-1)!;
  assert.deepEqual([setting.act, setting.usuario, setting.userId], ['settings', 'Rosa Choque', ids.rosa]);
  const key = await eng.api('/api/v1/keys', { method: 'POST', json: { name: 'ERP de la tienda', scopes: ['integrator'] } });
  const kb = await key.json();
  assert.equal(key.status, 201, JSON.stringify(kb));
  const keyRec = eng.store.tillUsers.actsOn(tenantId, kb.data.id).at(-1)!;
  assert.deepEqual([keyRec.act, keyRec.usuario, keyRec.userId], ['key-create', 'Clave del dueño (pruebas)', null]);
  const renamed = await eng.api(`/api/v1/till-users/${ids.luis}`, { method: 'PUT', key: admin, json: { name: 'Luis Mamani' } });
  assert.equal(renamed.status, 200);
  assert.equal(eng.store.tillUsers.actsOn(tenantId, ids.luis!).at(-1)!.usuario, 'Rosa Choque');
  const cajero = await tokenOf('ana', PINS.cajero);
  const inv = await fresh();
  // A reprint answers 200 even without a printer (decision 0004): it is still a reprint by her.
  const reprint = await eng.api(`/api/v1/invoices/${inv.id}/print`, { method: 'POST', key: cajero });
  assert.equal(reprint.status, 200, await reprint.clone().text());
  const rec = eng.store.tillUsers.actsOn(tenantId, inv.id).at(-1)!;
  assert.deepEqual([rec.act, rec.usuario], ['reprint', 'Ana Quispe']);
});

test('an approval refused: wrong PIN (counts towards the lockout), a cajero as approver, another tenant’s supervisor; nothing done', async () => {
  const cajero = await tokenOf('ana', PINS.cajero);
  const inv = await fresh();
  const other = eng.store.tenants.create({ nit: '7770016', razonSocial: 'OTRA TIENDA S.R.L.' });
  const otherPos = eng.store.pointsOfSale.list(other.id)[0]!;
  const { TillPeople } = await import('../../main/till-users/till-people');
  const people = new TillPeople({ store: eng.store, bus: eng.bus, training: true });
  const foreign = await people.create(other.id, { login: 'jefa', name: 'Jefa de Otra Tienda', role: 'supervisor', pin: '5555' });
  // She is a real supervisor of her own tenant: she logs in there.
  assert.equal((await login('jefa', '5555', otherPos.id)).status, 201);

  const cancel = (who: string, pin: string) =>
    eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST', key: cajero, headers: { 'x-supervisor-user': who, 'x-supervisor-pin': pin } });
  const wrong = await cancel('luis', '11111');
  // 403, not 401: the cashier's own session is fine (a 401 sends the till to its login screen).
  assert.equal(wrong.status, 403);
  assert.match((await wrong.json()).detail, /PIN incorrecto para «luis»/);
  assert.equal(eng.store.tillUsers.byId(tenantId, ids.luis!)!.failedAttempts, 1);
  const byCajero = await cancel('ana', PINS.cajero);
  assert.equal(byCajero.status, 403);
  assert.match((await byCajero.json()).detail, /es cajero: esta aprobación necesita el rol «supervisor»/);
  for (const who of ['jefa', foreign.id]) {
    const res = await cancel(who, '5555');
    assert.equal(res.status, 403, who);
    assert.match((await res.json()).detail, /supervisor de este mismo contribuyente/);
  }
  assert.equal((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()).data.state, 'VALIDATED');
  assert.equal(eng.store.tillUsers.actsOn(tenantId, inv.id).length, 0);
  // The foreign attempts are logged in this tenant, as unknown users.
  const unknown = eng.store.tillUsers.attempts(tenantId, ids.luis!).length;
  assert.ok(unknown > 0);
  // Her tenant's users are not listed here, nor readable by id.
  assert.equal((await eng.api(`/api/v1/till-users/${foreign.id}`)).status, 404);
});

test('a session locks after the idle time and expires; the policy is the administrator’s', async () => {
  const put = await eng.api('/api/v1/till-users/policy', { method: 'PUT', json: { idleMinutes: 1, sessionHours: 1, lockMinutes: 15 } });
  assert.equal(put.status, 200, await put.clone().text());
  const token = await tokenOf('ana', PINS.cajero);
  const prefix = /^kipt_([a-z0-9]{10})_/.exec(token)![1]!;
  const s = eng.store.tillUsers.sessionByPrefix(prefix)!;
  // Two minutes of silence, written as the last request's time (the clock is not raced).
  eng.store.tillUsers.touchSession(s.id, new Date(Date.now() - 120_000).toISOString());
  const res = await eng.api('/api/v1/till/me', { key: token });
  assert.equal(res.status, 401);
  const body = await res.json();
  assert.equal(body.error.code, 'TILL_SESSION_LOCKED');
  assert.match(body.detail, /se bloqueó tras 1 min sin uso/);
  await eng.api('/api/v1/till-users/policy', { method: 'PUT', json: { idleMinutes: 15, sessionHours: 12, lockMinutes: 15 } });
});
