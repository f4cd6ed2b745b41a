import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { loadSettings, SettingsError } from '../../main/config/settings';
import { SCOPES } from '../../shared/api-scopes';
import { closedPort, notThatProtocol } from '../fixtures/loopback';
import { sqliteConnection } from '../../main/store/store';

interface Received {
  mail: ParsedMail;
  rcpt: string[];
  user: string | null;
}

/** A real SMTP server on loopback that parses whatever it receives. */
async function startSmtp(auth?: { user: string; pass: string }): Promise<{ port: number; inbox: Received[]; server: net.Server; close: () => Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(a, _session, cb) {
      if (auth && a.username === auth.user && a.password === auth.pass) return cb(null, { user: a.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ mail, rcpt: session.envelope.rcptTo.map((r) => r.address), user: (session.user as string | undefined) ?? null });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, inbox, server: server.server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let eng: TestEngine;
let inv: IssuedInvoice;
before(async () => {
  smtp = await startSmtp();
  // Tenant SMTP servers below listen on loopback, which only the lab switch allows (issue #19, finding 8).
  eng = await startTestEngine(
    { KIPU_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, KIPU_SMTP_FROM: 'Kipu Facturas <facturas@kipu.test>', KIPU_SMTP_ALLOW_PRIVATE: '1' },
    undefined,
    { scheduler: false },
  );
  inv = await issueInvoice(eng, { clientEmail: 'juan.perez@example.com' });
});
after(async () => {
  await eng.stop();
  await smtp.close();
});

const resend = (id: string, email?: string, key?: string) =>
  eng.api(`/api/v1/invoices/${id}/resend-email${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`, { method: 'POST', ...(key ? { key } : {}) });

test('resend without ?email goes to the client e-mail with the A4 PDF and the XML attached', async () => {
  const n = smtp.inbox.length;
  const res = await resend(inv.id);
  const body = (await res.json()) as { success: boolean; message: string; data: unknown };
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.success, true);
  assert.equal(body.message, 'Factura reenviada a juan.perez@example.com');
  assert.equal(body.data, 'juan.perez@example.com');

  assert.equal(smtp.inbox.length, n + 1);
  const { mail, rcpt } = smtp.inbox.at(-1)!;
  assert.deepEqual(rcpt, ['juan.perez@example.com']);
  assert.equal(mail.subject, `[SIN VALOR FISCAL] Factura N° ${inv.invoiceNumber} de COMERCIAL KIPU DEMO S.R.L.`);
  assert.equal(mail.from?.value[0]?.address, 'facturas@kipu.test');
  assert.match(mail.text ?? '', /Estimado\(a\) Juan Pérez/);
  assert.match(mail.text ?? '', /Importe total: Bs 46,60/);
  assert.ok((mail.text ?? '').includes(inv.cuf));

  assert.equal(mail.attachments.length, 2);
  const [pdf, xml] = mail.attachments;
  assert.equal(pdf!.filename, `factura-${inv.invoiceNumber}-${inv.cuf}.pdf`);
  assert.equal(pdf!.contentType, 'application/pdf');
  assert.equal(pdf!.content.subarray(0, 5).toString('latin1'), '%PDF-');
  // The stored public PDF (issue 25): the file the mail links to, not one more render.
  const rendered = eng.documents.renders.pdf;
  const linked = Buffer.from(await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/pdf`)).arrayBuffer());
  assert.ok(pdf!.content.equals(linked), 'the PDF attachment is the public PDF, byte for byte');
  assert.equal(eng.documents.renders.pdf, rendered, 'the download after the mail renders nothing');
  assert.equal(xml!.filename, `factura-${inv.invoiceNumber}-${inv.cuf}.xml`);
  const served = await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/xml`)).text();
  assert.equal(xml!.content.toString('utf8'), served, 'the XML attachment is the invoice XML, byte for byte');
});

test('?email overrides the destination', async () => {
  const res = await resend(inv.id, 'contabilidad@cliente.bo');
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { message: string }).message, 'Factura reenviada a contabilidad@cliente.bo');
  assert.deepEqual(smtp.inbox.at(-1)!.rcpt, ['contabilidad@cliente.bo']);
});

test('a bad address → 400; no address at all → 400; unknown invoice → 404', async () => {
  for (const bad of ['no-es-correo', 'a@b', 'x@y.com\r\nBcc: z@w.com', 'a b@c.com']) {
    const res = await resend(inv.id, bad);
    assert.equal(res.status, 400, bad);
    assert.match(((await res.json()) as { detail: string }).detail, /no es una dirección de correo válida/);
  }
  const noEmail = await issueInvoice(eng);
  const res = await resend(noEmail.id);
  assert.equal(res.status, 400);
  assert.match(((await res.json()) as { detail: string }).detail, /no tiene correo del cliente/);
  assert.equal((await resend('00000000-0000-4000-8000-000000000000', 'a@b.com')).status, 404);
});

test('another tenant cannot resend this invoice', async () => {
  const other = eng.store.tenants.create({ nit: '1020304050', razonSocial: 'FERRETERIA EL CLAVO' });
  const { key } = eng.store.apiKeys.create(other.id, 'test', SCOPES);
  assert.equal((await resend(inv.id, 'a@b.com', key)).status, 404);
});

test('an SMTP server that is down → 503 quickly, with a detail naming it', async () => {
  // Tenant settings take precedence over KIPU_SMTP_URL: point them at a closed port.
  const closed = await closedPort();
  const put = await eng.api('/api/v1/settings/smtp', { method: 'PUT', json: { host: '127.0.0.1', port: closed, secure: false, from: 'a@kipu.test' } });
  assert.equal(put.status, 200);
  const t0 = Date.now();
  const res = await resend(inv.id);
  assert.equal(res.status, 503);
  const b = (await res.json()) as { message: string; detail: string; error: { code: string } };
  assert.equal(b.error.code, 'SMTP_UNAVAILABLE');
  assert.match(b.detail, new RegExp(`servidor de correo 127\\.0\\.0\\.1:${closed}`));
  assert.equal(b.message, 'Servicio de correo no disponible');
  assert.ok(Date.now() - t0 < 5000);
  assert.equal((await eng.api('/api/v1/settings/smtp', { method: 'DELETE' })).status, 200);
});

test('per-tenant SMTP with user and password: password kept in the secret store, never returned', async () => {
  const authed = await startSmtp({ user: 'kipu', pass: 's3cr3t-clave' });
  try {
    const put = await eng.api('/api/v1/settings/smtp', {
      method: 'PUT',
      json: { host: '127.0.0.1', port: authed.port, secure: false, user: 'kipu', password: 's3cr3t-clave', from: 'Ventas <ventas@comercial.bo>' },
    });
    const pb = (await put.json()) as { data: Record<string, unknown> };
    assert.equal(put.status, 200);
    assert.equal(pb.data.passwordSet, true);
    assert.equal(pb.data.effectiveSource, 'tenant');
    assert.ok(!JSON.stringify(pb).includes('s3cr3t'));
    const got = (await (await eng.api('/api/v1/settings/smtp')).json()) as { data: Record<string, unknown> };
    assert.ok(!JSON.stringify(got).includes('s3cr3t'));
    const rows = JSON.stringify(sqliteConnection(eng.store).prepare('SELECT * FROM settings').all());
    assert.ok(!rows.includes('s3cr3t'), 'not in SQLite');
    assert.ok(readFileSync(join(eng.dataDir, 'secrets.json'), 'utf8').includes('s3cr3t'), 'in the secret store');

    const res = await resend(inv.id, 'x@y.bo');
    assert.equal(res.status, 200, await res.clone().text());
    const got2 = authed.inbox.at(-1)!;
    assert.equal(got2.user, 'kipu');
    assert.equal(got2.mail.from?.value[0]?.address, 'ventas@comercial.bo');

    // Keeping the password when it is omitted; a wrong password → 503 SMTP_AUTH_FAILED.
    await eng.api('/api/v1/settings/smtp', { method: 'PUT', json: { host: '127.0.0.1', port: authed.port, secure: false, user: 'kipu', from: 'ventas@comercial.bo' } });
    assert.equal((await resend(inv.id, 'x@y.bo')).status, 200);
    await eng.api('/api/v1/settings/smtp', { method: 'PUT', json: { host: '127.0.0.1', port: authed.port, secure: false, user: 'kipu', password: 'mala', from: 'ventas@comercial.bo' } });
    const bad = await resend(inv.id, 'x@y.bo');
    assert.equal(bad.status, 503);
    assert.equal(((await bad.json()) as { error: { code: string } }).error.code, 'SMTP_AUTH_FAILED');

    const invalid = await eng.api('/api/v1/settings/smtp', { method: 'PUT', json: { host: 'smtp.x.bo', port: 587, secure: false, from: 'no es correo' } });
    assert.equal(invalid.status, 422);
  } finally {
    await eng.api('/api/v1/settings/smtp', { method: 'DELETE' });
    await authed.close();
  }
});

test('without any SMTP configured → 503 saying so', async () => {
  const bare = await startTestEngine({}, undefined, { scheduler: false });
  try {
    const i = await issueInvoice(bare, { clientEmail: 'juan.perez@example.com' });
    const res = await bare.api(`/api/v1/invoices/${i.id}/resend-email`, { method: 'POST' });
    assert.equal(res.status, 503);
    const b = (await res.json()) as { detail: string; error: { code: string } };
    assert.equal(b.error.code, 'SMTP_NOT_CONFIGURED');
    assert.match(b.detail, /No hay servidor de correo configurado: defina KIPU_SMTP_URL/);
  } finally {
    await bare.stop();
  }
});

test('KIPU_SMTP_URL and KIPU_SMTP_FROM are checked at start with Spanish messages naming them', () => {
  const base = { KIPU_TRAINING: '1', KIPU_DATA_DIR: '/tmp/x' };
  const fails = (env: Record<string, string>, setting: string, re: RegExp) => {
    assert.throws(() => loadSettings({ ...base, ...env }), (e: unknown) => e instanceof SettingsError && e.setting === setting && re.test(e.message));
  };
  fails({ KIPU_SMTP_URL: 'http://mail.x.bo' }, 'KIPU_SMTP_URL', /debe empezar con smtp:\/\/ o smtps:\/\//);
  fails({ KIPU_SMTP_URL: 'smtp://mail.x.bo:99999' }, 'KIPU_SMTP_URL', /no es una URL válida|puerto/);
  fails({ KIPU_SMTP_URL: 'smtp://kipu:clave@mail.x.bo' }, 'KIPU_SMTP_FROM', /es obligatoria/);
  fails({ KIPU_SMTP_URL: 'smtp://mail.x.bo', KIPU_SMTP_FROM: 'no-correo' }, 'KIPU_SMTP_FROM', /dirección de correo/);
  const s = loadSettings({ ...base, KIPU_SMTP_URL: 'smtps://ventas%40x.bo:clave@mail.x.bo' });
  assert.equal(s.smtpUrl, 'smtps://ventas%40x.bo:clave@mail.x.bo');
  assert.equal(s.smtpFrom, null, 'the user (ventas@x.bo) is used as From');
  assert.equal(loadSettings(base).smtpUrl, null);
});

test('a refused port, a port that does not speak SMTP and a name that does not resolve get the same 503 text, with no socket code (issue #19, finding 8)', async () => {
  const closed = await closedPort();
  const http = await notThatProtocol();
  const httpPort = http.port;
  try {
    const details: string[] = [];
    for (const [host, port] of [['127.0.0.1', closed], ['127.0.0.1', httpPort], ['nadie.invalid', closed]] as const) {
      assert.equal((await eng.api('/api/v1/settings/smtp', { method: 'PUT', json: { host, port, secure: false, from: 'a@kipu.test' } })).status, 200);
      const res = await resend(inv.id);
      assert.equal(res.status, 503);
      const b = (await res.json()) as { detail: string; error: { code: string } };
      assert.doesNotMatch(b.detail, /E[A-Z]{4,}|HTTP|getaddrinfo/, 'no socket code, no banner');
      details.push(`${b.error.code} ${b.detail.replace(/ \S+:\d+\./, ' X.')}`);
    }
    assert.equal(new Set(details).size, 1, details.join('\n'));
    assert.match(details[0]!, /^SMTP_UNAVAILABLE No se pudo conectar con el servidor de correo X\./);
  } finally {
    http.close();
    await eng.api('/api/v1/settings/smtp', { method: 'DELETE' });
  }
});

describe('issue #19, finding 8: without KIPU_SMTP_ALLOW_PRIVATE a tenant cannot aim the engine at its own network', () => {
  let bare: TestEngine;
  let admin: Awaited<ReturnType<typeof startSmtp>>;
  let target: Awaited<ReturnType<typeof startSmtp>>;
  let connections = 0;
  before(async () => {
    // The administrator's KIPU_SMTP_URL may be anywhere, loopback included.
    admin = await startSmtp();
    target = await startSmtp();
    target.server.on('connection', () => connections++);
    bare = await startTestEngine({ KIPU_SMTP_URL: `smtp://127.0.0.1:${admin.port}`, KIPU_SMTP_FROM: 'facturas@kipu.test' }, undefined, { scheduler: false });
  });
  after(async () => {
    await bare.stop();
    await admin.close();
    await target.close();
  });

  test('a loopback, private, link-local or metadata SMTP host is refused on save (422) and on send (503), and nothing connects to it', async () => {
    const put = (host: string) => bare.api('/api/v1/settings/smtp', { method: 'PUT', json: { host, port: target.port, secure: false, user: 'x', password: 'y', from: 'a@kipu.test' } });
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '10.0.0.5', '192.168.1.10', '169.254.169.254', '0.0.0.0']) {
      const res = await put(host);
      assert.equal(res.status, 422, host);
      const b = (await res.json()) as { detail: string; error: { fields: { field: string }[] } };
      assert.match(b.detail, /debe ser un servidor público de Internet/, host);
      assert.deepEqual(b.error.fields.map((f) => f.field), ['host']);
    }
    assert.equal(((await (await bare.api('/api/v1/settings/smtp')).json()) as { data: { configured: boolean } }).data.configured, false, 'nothing saved');

    // A value that got in anyway (stored before the fix, or a name that resolved elsewhere at
    // save time) is checked again on every send.
    const i = await issueInvoice(bare, { clientEmail: 'juan.perez@example.com' });
    const tenantId = bare.store.apiKeys.authenticate(bare.demoApiKey!)!.tenantId;
    for (const host of ['127.0.0.1', 'localhost']) {
      bare.store.settings.set(tenantId, 'mail.smtp', { host, port: target.port, secure: false, user: null, from: 'a@kipu.test' });
      const res = await bare.api(`/api/v1/invoices/${i.id}/resend-email`, { method: 'POST' });
      assert.equal(res.status, 503, host);
      const b = (await res.json()) as { detail: string; error: { code: string } };
      assert.equal(b.error.code, 'SMTP_ADDRESS_REFUSED', host);
      assert.doesNotMatch(b.detail, /127\.0\.0\.1/, 'the resolved address is not echoed');
    }
    assert.equal(connections, 0, 'the engine never connected to the tenant\'s target');
    assert.equal(target.inbox.length, 0);

    // Without tenant settings the administrator's server on loopback still works.
    bare.store.settings.set(tenantId, 'mail.smtp', null);
    const ok = await bare.api(`/api/v1/invoices/${i.id}/resend-email`, { method: 'POST' });
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal(admin.inbox.length, 1);
  });
});
