// A supervisor's approval in place (issue 27) at the HTTP client: a 403 ROLE_REQUIRED opens the
// prompt, the same request goes again with the supervisor's headers, a refused PIN is asked again
// with the engine's words, giving up does nothing more, and the approver's name comes back.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../renderer/src/api/errors';
import { APPROVAL_CANCELLED, createHttpClient, type Approval, type ApprovalPrompt } from '../../../renderer/src/api/http';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function scriptedFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const r = replies.shift();
    if (!r) throw new Error('no more replies');
    return new Response(JSON.stringify(r.body), { status: r.status, headers: r.headers ?? {} });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const roleRequired: Reply = {
  status: 403,
  body: { success: false, error: { code: 'ROLE_REQUIRED', detail: 'Para registrar una devolución hace falta el rol «supervisor»; Carla es cajero. Pida a un supervisor que apruebe con su usuario y PIN (cabeceras X-Supervisor-User y X-Supervisor-Pin).' }, detail: 'x' },
};
const wrongPin: Reply = { status: 403, body: { success: false, error: { code: 'WRONG_PIN', detail: 'PIN incorrecto para «sergio». Quedan 4 intentos antes de que el usuario se bloquee.' } } };
const done: Reply = { status: 201, body: { success: true, data: { id: 'note-1' }, error: null, message: null }, headers: { 'x-supervisor-name': encodeURIComponent('Sergio Supervisor') } };

function prompt(answers: (Approval | null)[]) {
  const asked: { need: string; refusal: string | null }[] = [];
  const finished: (string | null)[] = [];
  const p: ApprovalPrompt = {
    ask: async (need, refusal) => {
      asked.push({ need: need.detail, refusal: refusal?.detail ?? null });
      return answers.shift() ?? null;
    },
    done: (approver) => void finished.push(approver),
  };
  return { p, asked, finished };
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('supervisor approval in place', () => {
  it('asks, says a wrong PIN in the engine’s words, and sends the same request again with the supervisor’s headers', async () => {
    const f = scriptedFetch([roleRequired, wrongPin, done]);
    const pr = prompt([{ user: 'sergio', pin: '1111' }, { user: 'sergio', pin: '9999' }]);
    const http = createHttpClient({ getApiKey: () => 'kipt_x', fetchImpl: f.fn, approvals: () => pr.p });
    const body = { invoiceType: 'CREDIT_DEBIT_NOTE', x: 1 };
    await expect(http.request('POST', '/api/v1/invoices', { json: body, headers: { 'Idempotency-Key': 'k-1' } })).resolves.toEqual({ id: 'note-1' });
    expect(f.calls).toHaveLength(3);
    expect(pr.asked.map((a) => a.refusal)).toEqual([null, 'PIN incorrecto para «sergio». Quedan 4 intentos antes de que el usuario se bloquee.']);
    expect(pr.asked[0]!.need).toMatch(/^Para registrar una devolución/);
    for (const c of f.calls) {
      expect(c.init.body).toBe(JSON.stringify(body));
      expect(header(c.init, 'Idempotency-Key')).toBe('k-1');
    }
    expect(header(f.calls[0]!.init, 'X-Supervisor-User')).toBeUndefined();
    expect([header(f.calls[2]!.init, 'X-Supervisor-User'), header(f.calls[2]!.init, 'X-Supervisor-Pin')]).toEqual(['sergio', '9999']);
    expect(pr.finished).toEqual(['Sergio Supervisor']);
  });

  it('giving up does nothing more: no second request, a clear error', async () => {
    const f = scriptedFetch([roleRequired]);
    const pr = prompt([null]);
    const http = createHttpClient({ getApiKey: () => 'kipt_x', fetchImpl: f.fn, approvals: () => pr.p });
    const err = await http.request('POST', '/api/v1/invoices/i1/cancel').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(APPROVAL_CANCELLED);
    expect((err as ApiError).detail).toMatch(/no se hizo nada/);
    expect(f.calls).toHaveLength(1);
    expect(pr.finished).toEqual([null]);
  });

  it('an error of the act itself (not of the approval) closes the dialog and reaches the caller; without a prompt the 403 is thrown as is', async () => {
    const f = scriptedFetch([roleRequired, { status: 422, body: { success: false, error: { code: 'SIAT_REJECTED', detail: 'SIAT 1013: EL CALCULO' } } }]);
    const pr = prompt([{ user: 'sergio', pin: '9999' }]);
    const http = createHttpClient({ getApiKey: () => 'kipt_x', fetchImpl: f.fn, approvals: () => pr.p });
    await expect(http.request('POST', '/api/v1/invoices', { json: {} })).rejects.toMatchObject({ code: 'SIAT_REJECTED' });
    expect(pr.finished).toEqual([null]);

    const g = scriptedFetch([roleRequired]);
    const bare = createHttpClient({ getApiKey: () => 'kipt_x', fetchImpl: g.fn });
    await expect(bare.request('POST', '/api/v1/invoices', { json: {} })).rejects.toMatchObject({ code: 'ROLE_REQUIRED', status: 403 });
  });
});
