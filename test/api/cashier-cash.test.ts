// Cash sessions per cashier and act records in the act's own transaction (issue 27, decision
// 0069), over real HTTP with the SIAT simulator: one drawer is one person's at a time; a cajero
// cannot sell, refund or move cash in another's; each Z is that cashier's sales, return and cash
// in/out, computed here from what the API answers; a supervisor closes another's session only
// with a reason, kept with both names; a refused act is logged; and an act whose record cannot be
// written is not done at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';
import { sqliteConnection } from '../../main/store/store';
import { toHundredths } from '../../shared/money';
import { DENOMINATIONS, denominationKey } from '../../shared/api/cash';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { cp850, includesBytes } from '../unit/printing/escpos-bytes';

let eng: TestEngine;
let posId: string;
let tenantId: string;
const ids: Record<string, string> = {};
const PINS = { carla: '1357', ana: '2468', sergio: '97531' } as const;
const approval = () => ({ 'x-supervisor-user': 'sergio', 'x-supervisor-pin': PINS.sergio });

interface Payment { method: string; amount: number }
interface Inv { id: string; sector: number; state: string; amountTotal: number; usuario: string; payments?: Payment[]; returnApprovedBy?: string | null }
interface Session { id: string; number: number; openingFloat: number; openedBy: string; closedBy: string | null; cashier: string | null; movements: { kind: 'IN' | 'OUT'; amount: number; usuario: string; approver: string | null }[] }
interface Z { kind: string; cashier: string | null; closedBy: string | null; closeReason: string | null; methods: { method: string; sales: number; refunds: number; expected: number; difference: number | null }[]; invoices: { issued: number; notes: number }; cashIn: number; cashOut: number; totalDifference: number | null }

const cents = (bs: number) => toHundredths(Math.abs(bs))! * Math.sign(bs);

async function tokenOf(login: string, pin: string): Promise<string> {
  const res = await eng.api('/api/v1/till/login', { method: 'POST', json: { posId, user: login, pin }, key: null });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.data.token as string;
}

const post = (path: string, json: unknown, key?: string, headers: Record<string, string> = {}) => eng.api(path, { method: 'POST', json, headers, ...(key ? { key } : {}) });
const get = async <T>(path: string): Promise<T> => {
  const res = await eng.api(path);
  assert.equal(res.status, 200, path);
  return (await res.json()).data as T;
};

async function sell(key: string, lines: { code: string; qty: number; price: number }[]): Promise<Inv> {
  const res = await post(
    '/api/v1/invoices?wait=true',
    {
      ...saleRequest(posId),
      details: lines.map((l) => ({ activityEconomic: '471110', codeProductSin: '99100', codeProduct: l.code, description: `Producto ${l.code}`, quantity: l.qty, unitMeasure: 57, priceUnit: l.price })),
    },
    key,
  );
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.data as Inv;
}

/** The whole count of `bs` in Bolivian notes and coins. */
function countOf(totalCents: number): Record<string, number> {
  const out: Record<string, number> = {};
  let rest = totalCents;
  for (const d of DENOMINATIONS) {
    if (rest >= d) out[denominationKey(d)] = Math.floor(rest / d);
    rest %= d;
  }
  assert.equal(rest, 0, `payable in coins: ${totalCents}`);
  return out;
}

/** What a cashier's Z must say, from the invoices and the session the API answers. */
async function expectedOf(sessionId: string, invoiceIds: string[]) {
  const invoices = await Promise.all(invoiceIds.map((id) => get<Inv>(`/api/v1/invoices/${id}`)));
  const session = await get<Session>(`/api/v1/cash/sessions/${sessionId}`);
  const sum = (list: Inv[], method: string) => list.flatMap((i) => i.payments ?? []).filter((p) => p.method === method).reduce((s, p) => s + cents(p.amount), 0);
  const sales = invoices.filter((i) => i.sector !== 24 && i.state !== 'CANCELLED');
  const notes = invoices.filter((i) => i.sector === 24 && i.state !== 'CANCELLED');
  const moved = (kind: 'IN' | 'OUT') => session.movements.filter((m) => m.kind === kind).reduce((s, m) => s + cents(m.amount), 0);
  const cash = cents(session.openingFloat) + sum(sales, 'CASH') - sum(notes, 'CASH') + moved('IN') - moved('OUT');
  return { cash, cashSales: sum(sales, 'CASH'), cashRefunds: sum(notes, 'CASH'), in: moved('IN'), out: moved('OUT'), sales: sales.length, notes: notes.length };
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  for (const [login, name, role, pin] of [
    ['carla', 'Carla Rojas', 'cajero', PINS.carla],
    ['ana', 'Ana Quispe', 'cajero', PINS.ana],
    ['sergio', 'Sergio Vargas', 'supervisor', PINS.sergio],
  ] as const) {
    const res = await post('/api/v1/till-users', { login, name, role, pin });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    ids[login] = body.data.id;
  }
  assert.equal((await post('/api/v1/siat/sync/all', {})).status, 200);
});
after(() => eng.stop());

test('two cashiers in turn at one till: each sells only in her own session, and each Z is hers (sales, a return, cash in and out)', async () => {
  const carla = await tokenOf('carla', PINS.carla);
  const ana = await tokenOf('ana', PINS.ana);

  // Carla's shift.
  const opened = await post('/api/v1/cash/sessions', { posId, openingFloat: 100 }, carla);
  assert.equal(opened.status, 201, await opened.clone().text());
  const carlaSession = (await opened.json()).data as Session;
  assert.equal(carlaSession.cashier, 'Carla Rojas');
  // Her till-user id too: the till tells another cashier before F12 that this drawer is not hers.
  assert.equal((carlaSession as Session & { cashierId: string | null }).cashierId, ids.carla);
  const carlaDocs = [(await sell(carla, [{ code: 'ARR-1', qty: 2, price: 9.5 }])).id, (await sell(carla, [{ code: 'ACE-9', qty: 1, price: 18.3 }])).id];
  assert.equal((await post(`/api/v1/cash/sessions/${carlaSession.id}/movements`, { kind: 'IN', amount: 20, reason: 'Cambio del banco' }, carla)).status, 201);

  // Ana cannot sell, refund, move cash in or open over Carla's drawer: 409 naming Carla, nothing done.
  const before = (await (await eng.api('/api/v1/invoices?size=1')).json()).data.totalElements as number;
  const intruding = await post('/api/v1/invoices?wait=true', saleRequest(posId), ana);
  const ib = await intruding.json();
  assert.equal(intruding.status, 409, JSON.stringify(ib));
  assert.equal(ib.error.code, 'CASH_SESSION_OF_ANOTHER');
  assert.match(ib.detail, /caja de Carla Rojas — sesión \d+:/);
  const moving = await post(`/api/v1/cash/sessions/${carlaSession.id}/movements`, { kind: 'IN', amount: 5, reason: 'Cambio' }, ana);
  assert.equal(moving.status, 409);
  const second = await post('/api/v1/cash/sessions', { posId, openingFloat: 10 }, ana);
  assert.equal(second.status, 409);
  assert.match((await second.json()).detail, /abierta por Carla Rojas/);
  // A return there is refused the same way before a supervisor is called over (the approval
  // would only reach this refusal: a fresh walk typed a PIN for it), in a return's words; logged.
  const returning = await post(
    '/api/v1/invoices?wait=true',
    {
      invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
      posId,
      originalInvoiceId: carlaDocs[0],
      details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Producto ARR-1', quantity: 1, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
    },
    ana,
  );
  const rb = await returning.json();
  assert.equal(returning.status, 409, JSON.stringify(rb));
  assert.equal(rb.error.code, 'CASH_SESSION_OF_ANOTHER');
  assert.match(rb.detail, /^No puede devolver en la caja de Carla Rojas — sesión \d+:/);
  assert.deepEqual(
    ((r) => [r?.act, r?.code, r?.approver])(eng.store.tillUsers.refusals(tenantId, ids.ana!).at(-1)),
    ['return', 'CASH_SESSION_OF_ANOTHER', null],
  );
  assert.equal((await (await eng.api('/api/v1/invoices?size=1')).json()).data.totalElements, before);

  // Carla counts exactly what should be there and closes her own session.
  const carlaWant = await expectedOf(carlaSession.id, carlaDocs);
  const closed = await post(`/api/v1/cash/sessions/${carlaSession.id}/close`, { denominations: countOf(carlaWant.cash) }, carla);
  assert.equal(closed.status, 200, await closed.clone().text());

  // Ana's shift: a sale, a return approved by Sergio's PIN (refunded in cash), a cash out approved too.
  const anaOpened = await post('/api/v1/cash/sessions', { posId, openingFloat: 50 }, ana);
  assert.equal(anaOpened.status, 201, await anaOpened.clone().text());
  const anaSession = (await anaOpened.json()).data as Session;
  const sold = await sell(ana, [{ code: 'ARR-1', qty: 4, price: 9.5 }]);
  const note = await post(
    '/api/v1/invoices?wait=true',
    {
      invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
      posId,
      originalInvoiceId: sold.id,
      details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Producto ARR-1', quantity: 1, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
    },
    ana,
    approval(),
  );
  const nb = await note.json();
  assert.equal(note.status, 201, JSON.stringify(nb));
  assert.equal(nb.data.usuario, 'Ana Quispe');
  assert.equal((await get<Inv>(`/api/v1/invoices/${nb.data.id}`)).returnApprovedBy, 'Sergio Vargas');
  const out = await post(`/api/v1/cash/sessions/${anaSession.id}/movements`, { kind: 'OUT', amount: 10, reason: 'Pago al proveedor de bolsas' }, ana, approval());
  assert.equal(out.status, 201, await out.clone().text());
  const outRec = eng.store.tillUsers.actsOn(tenantId, anaSession.id).find((a) => a.act === 'cash-out')!;
  assert.deepEqual([outRec.usuario, outRec.userId, outRec.approver, outRec.approverId], ['Ana Quispe', ids.ana, 'Sergio Vargas', ids.sergio]);
  const anaDocs = [sold.id, nb.data.id as string];
  const anaWant = await expectedOf(anaSession.id, anaDocs);
  assert.ok(anaWant.cashRefunds > 0 && anaWant.out > 0, 'her day has a cash refund and a cash out');
  const anaClosed = await post(`/api/v1/cash/sessions/${anaSession.id}/close`, { denominations: countOf(anaWant.cash) }, ana);
  assert.equal(anaClosed.status, 200, await anaClosed.clone().text());

  // Each Z is that cashier's: her name, her sales, her return, her movements, no difference.
  for (const [sessionId, want, name] of [
    [carlaSession.id, carlaWant, 'Carla Rojas'],
    [anaSession.id, anaWant, 'Ana Quispe'],
  ] as const) {
    const z = await get<Z>(`/api/v1/cash/sessions/${sessionId}/report`);
    assert.equal(z.kind, 'Z');
    assert.equal(z.cashier, name);
    assert.equal(z.closedBy, name);
    assert.equal(z.closeReason, null);
    const cash = z.methods.find((m) => m.method === 'CASH')!;
    assert.equal(cents(cash.sales), want.cashSales, `${name}: cash sales`);
    assert.equal(cents(cash.refunds), want.cashRefunds, `${name}: cash refunds`);
    assert.equal(cents(cash.expected), want.cash, `${name}: expected cash`);
    assert.equal(cents(z.cashIn), want.in);
    assert.equal(cents(z.cashOut), want.out);
    assert.equal(z.invoices.issued, want.sales);
    assert.equal(z.invoices.notes, want.notes);
    assert.equal(cents(z.totalDifference!), 0);
  }
  // The sessions list says whose each one is; the printed Z too.
  const listed = (await get<{ content: { id: string; cashier: string | null }[] }>(`/api/v1/cash/sessions?posId=${posId}&size=10`)).content;
  assert.equal(listed.find((s) => s.id === carlaSession.id)!.cashier, 'Carla Rojas');
  assert.equal(listed.find((s) => s.id === anaSession.id)!.cashier, 'Ana Quispe');

  // Each movement names who did it and, for Ana's cash out, Sergio who approved it by PIN: on the
  // session (the Caja screen's rows) and on the Z's paper (issue 24).
  const who = async (id: string) => (await get<Session>(`/api/v1/cash/sessions/${id}`)).movements.map((m) => [m.kind, m.usuario, m.approver]);
  assert.deepEqual(await who(carlaSession.id), [['IN', 'Carla Rojas', null]]);
  assert.deepEqual(await who(anaSession.id), [['OUT', 'Ana Quispe', 'Sergio Vargas']]);
  const printer = await eng.api('/api/v1/settings/printer', {
    method: 'PUT',
    json: { type: 'epson', interface: 'virtual', width: 48, characterSet: 'PC850', drawerKick: true, printOnIssue: false, qr: 'native' },
  });
  assert.equal(printer.status, 200, await printer.clone().text());
  const printed = await eng.api(`/api/v1/cash/sessions/${anaSession.id}/report/print`, { method: 'POST' });
  const pb = await printed.json();
  assert.deepEqual([pb.data.printed, pb.data.virtual], [true, true], JSON.stringify(pb));
  const dir = join(eng.dataDir, 'tickets', tenantId);
  const [file] = (await readdir(dir)).filter((f) => f.endsWith('.escpos'));
  const job = await readFile(join(dir, file!));
  assert.ok(includesBytes(job, cp850('REPORTE Z - CIERRE DE CAJA')));
  assert.ok(includesBytes(job, cp850('Pago al proveedor de bolsas')), 'the cash out on the paper');
  assert.ok(includesBytes(job, cp850('Por: Ana Quispe - Autorizó: Sergio Vargas')), 'who did it and who approved it');
});

test('a supervisor closes a cashier’s session only with a reason; the Z and the act record keep it with both names', async () => {
  const carla = await tokenOf('carla', PINS.carla);
  const sergio = await tokenOf('sergio', PINS.sergio);
  const opened = await post('/api/v1/cash/sessions', { posId, openingFloat: 30 }, carla);
  assert.equal(opened.status, 201, await opened.clone().text());
  const s = (await opened.json()).data as Session;
  await sell(carla, [{ code: 'ARR-1', qty: 1, price: 9.5 }]);

  // Without a reason: 422 naming the field and whose session it is; still open.
  const bare = await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: {} }, sergio);
  const bb = await bare.json();
  assert.equal(bare.status, 422, JSON.stringify(bb));
  assert.equal(bb.error.code, 'REASON_REQUIRED');
  assert.equal(bb.error.fields[0].field, 'reason');
  assert.match(bb.detail, /es de Carla Rojas/);
  assert.equal((await get<Session & { state: string }>(`/api/v1/cash/sessions/${s.id}`)).state, 'OPEN');

  // Ana (a cajero) may do it only with a supervisor's PIN: both names are kept with the reason.
  const ana = await tokenOf('ana', PINS.ana);
  const refused = await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: {}, reason: 'Carla se fue enferma' }, ana);
  assert.equal(refused.status, 403);
  assert.match((await refused.json()).detail, /rol «supervisor»/);
  const closed = await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: { '20': 1, '10': 1, '5': 1 }, reason: 'Carla se fue enferma' }, ana, approval());
  assert.equal(closed.status, 200, await closed.clone().text());
  const z = await get<Z>(`/api/v1/cash/sessions/${s.id}/report`);
  assert.deepEqual([z.cashier, z.closedBy, z.closeReason], ['Carla Rojas', 'Ana Quispe', 'Carla se fue enferma']);
  const rec = eng.store.tillUsers.actsOn(tenantId, s.id).find((a) => a.act === 'cash-close')!;
  assert.deepEqual([rec.usuario, rec.userId, rec.approver, rec.approverId, rec.reason], ['Ana Quispe', ids.ana, 'Sergio Vargas', ids.sergio, 'Carla se fue enferma']);

  // Closing her own needs no reason and keeps none.
  const again = await post('/api/v1/cash/sessions', { posId, openingFloat: 0 }, carla);
  const mine = (await again.json()).data as Session;
  assert.equal((await post(`/api/v1/cash/sessions/${mine.id}/close`, { denominations: {}, reason: 'ignorado' }, carla)).status, 200);
  assert.equal((await get<Z>(`/api/v1/cash/sessions/${mine.id}/report`)).closeReason, null);
});

test('a cajero asking for a supervisor’s act is refused and the attempt is logged: without approval and with a wrong PIN', async () => {
  const carla = await tokenOf('carla', PINS.carla);
  const opened = await post('/api/v1/cash/sessions', { posId, openingFloat: 40 }, carla);
  const s = (await opened.json()).data as Session;
  const bare = await post(`/api/v1/cash/sessions/${s.id}/movements`, { kind: 'OUT', amount: 5, reason: 'Retiro' }, carla);
  assert.equal(bare.status, 403);
  const wrong = await post(`/api/v1/cash/sessions/${s.id}/movements`, { kind: 'OUT', amount: 5, reason: 'Retiro' }, carla, { 'x-supervisor-user': 'sergio', 'x-supervisor-pin': '00000' });
  assert.equal(wrong.status, 403);
  const logged = eng.store.tillUsers.refusals(tenantId, ids.carla!).slice(-2);
  assert.deepEqual(
    logged.map((r) => [r.act, r.usuario, r.role, r.needed, r.code, r.approver]),
    [
      ['cash-out', 'Carla Rojas', 'cajero', 'supervisor', 'ROLE_REQUIRED', null],
      ['cash-out', 'Carla Rojas', 'cajero', 'supervisor', 'WRONG_PIN', 'sergio'],
    ],
  );
  assert.ok(!JSON.stringify(logged).includes('00000'), 'never the PIN');
  // Nothing was done, and nothing recorded as done.
  assert.equal((await get<Session>(`/api/v1/cash/sessions/${s.id}`)).movements.length, 0);
  assert.equal(eng.store.tillUsers.actsOn(tenantId, s.id).filter((a) => a.act === 'cash-out').length, 0);
  assert.equal((await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: { '20': 2 } }, carla)).status, 200);
});

test('an act and its record commit together: when the record cannot be written, the act is not done (cash, keys, people)', async () => {
  const carla = await tokenOf('carla', PINS.carla);
  const db = sqliteConnection(eng.store);
  const opened = await post('/api/v1/cash/sessions', { posId, openingFloat: 60 }, carla);
  assert.equal(opened.status, 201);
  const s = (await opened.json()).data as Session;
  assert.equal(eng.store.tillUsers.actsOn(tenantId, s.id).find((a) => a.act === 'cash-open')?.userId, ids.carla, 'the opening is recorded with it');
  // A failing act_records insert stands for a crash between the act and its name.
  db.exec("CREATE TEMP TRIGGER act_records_fail BEFORE INSERT ON main.act_records BEGIN SELECT RAISE(ABORT, 'simulated failure'); END");
  try {
    const moved = await post(`/api/v1/cash/sessions/${s.id}/movements`, { kind: 'IN', amount: 15, reason: 'Cambio' }, carla);
    assert.ok(moved.status >= 500, `the cash in must fail with its record (${moved.status})`);
    assert.equal((await get<Session>(`/api/v1/cash/sessions/${s.id}`)).movements.length, 0, 'no movement without its name');
    const closing = await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: { '50': 1, '10': 1 } }, carla);
    assert.ok(closing.status >= 500, `the close must fail with its record (${closing.status})`);
    assert.equal((await get<Session & { state: string }>(`/api/v1/cash/sessions/${s.id}`)).state, 'OPEN', 'still open: no Z without its name');
    // Keys and people too: no key, no person without who made them.
    const keys = (await get<unknown[]>('/api/v1/keys')).length;
    const key = await post('/api/v1/keys', { name: 'ERP sin nombre', scopes: ['integrator'] });
    assert.ok(key.status >= 500, `the key must not be created without its record (${key.status})`);
    assert.equal((await get<unknown[]>('/api/v1/keys')).length, keys);
    const person = await post('/api/v1/till-users', { login: 'nadie', name: 'Sin Registro', role: 'cajero', pin: '1111' });
    assert.ok(person.status >= 500, `the person must not be created without its record (${person.status})`);
    assert.equal(eng.store.tillUsers.byLogin(tenantId, 'nadie'), null);
  } finally {
    db.exec('DROP TRIGGER temp.act_records_fail');
  }
  assert.equal((await post(`/api/v1/cash/sessions/${s.id}/close`, { denominations: { '50': 1, '10': 1 } }, carla)).status, 200);
});
