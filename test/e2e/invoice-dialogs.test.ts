// Issue 24 in Chromium, Facturas: the cancel dialog names SIAT's reversal term (the engine's
// deadline), keeps the focus inside and confirms with Enter (item 13); "Reenviar por correo"
// without an SMTP server leads to Configuración › Correo, which with the demo till key says the
// administration key is needed and with the owner's key saves the server, after which the invoice
// reaches a real SMTP server on loopback (item 12); a credit-debit note is listed as a note with
// its original's number (item 11). Screenshots at 1024×768.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let smtp: { port: number; inbox: { mail: ParsedMail; rcpt: string[] }[]; close: () => Promise<void> };

/** A real SMTP server on loopback that keeps what it receives (as test/api/email.test.ts). */
async function startSmtp(): Promise<typeof smtp> {
  const inbox: (typeof smtp)['inbox'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push({ mail, rcpt: session.envelope.rcptTo.map((r) => r.address) });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

before(async () => {
  ensureRendererBuilt();
  smtp = await startSmtp();
  // No KIPU_SMTP_URL: the engine has no mail server until the owner saves the store's. The lab
  // switch lets that server be on loopback (issue #19, finding 8).
  eng = await startTestEngine({ KIPU_SMTP_ALLOW_PRIVATE: '1' }, undefined, { rendererDir: RENDERER });
  ({ browser, context, till } = await openTill(eng.url));
  await till.page.setViewportSize({ width: 1024, height: 768 });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
  await smtp?.close();
});

async function openInvoice(n: number): Promise<void> {
  await till.go('facturas');
  await till.id('invoices-search').fill(String(n));
  await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"]`).first().click();
  await till.page.locator(`[data-testid="invoice-detail-number"]:text-is("${n}")`).waitFor();
}

/** Whether the focused element is inside the dialog with this test id. */
const focusInside = (testId: string) =>
  till.page.evaluate((id) => Boolean(document.activeElement && document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)), testId);

test('Anular: the dialog says the annulment can be reverted once and until when, Tab stays inside, Enter confirms', async () => {
  const inv = await issueInvoice(eng);
  const deadline = ((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()) as { data: { cancellationDeadline: string } }).data.cancellationDeadline;
  const [d, t] = deadline.split('T') as [string, string];
  const shown = `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${t.slice(0, 5)}`;

  await openInvoice(inv.invoiceNumber);
  await till.id('cancel-invoice-button').click();
  await till.id('cancel-dialog').waitFor();
  const notice = (await till.id('cancel-notice').textContent()) ?? '';
  assert.match(notice, /una sola vez/);
  assert.ok(notice.includes(`hasta el ${shown} (hora de Bolivia)`), notice);
  assert.doesNotMatch((await till.id('cancel-dialog').textContent()) ?? '', /no se puede revertir/);
  await till.screenshot('issue24-cancel-dialog-1024');

  // Tab and Shift+Tab go round the dialog's controls, never to the screen behind it.
  assert.equal(await focusInside('cancel-dialog'), true, 'the dialog takes the focus');
  for (let i = 0; i < 7; i++) {
    await till.page.keyboard.press('Tab');
    assert.equal(await focusInside('cancel-dialog'), true, `after Tab ${i + 1}`);
  }
  for (let i = 0; i < 5; i++) {
    await till.page.keyboard.press('Shift+Tab');
    assert.equal(await focusInside('cancel-dialog'), true, `after Shift+Tab ${i + 1}`);
  }

  // Enter from the reason confirms.
  await till.id('cancel-reason').focus();
  await till.page.keyboard.press('Enter');
  await till.page.locator('[data-testid="invoice-detail-state"][data-state="CANCELLED"]').waitFor({ timeout: E2E_WAIT_MS });
  assert.equal(await till.id('cancel-dialog').count(), 0);
  const after = ((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()) as { data: { state: string } }).data.state;
  assert.equal(after, 'CANCELLED');
  assert.match((await till.id('invoice-action-result').textContent()) ?? '', new RegExp(`Factura N° ${inv.invoiceNumber} anulada`));

  // Esc leaves without annulling.
  const other = await issueInvoice(eng);
  await openInvoice(other.invoiceNumber);
  await till.id('cancel-invoice-button').click();
  await till.id('cancel-dialog').waitFor();
  await till.page.keyboard.press('Escape');
  await till.id('cancel-dialog').waitFor({ state: 'detached' });
  assert.equal(((await (await eng.api(`/api/v1/invoices/${other.id}`)).json()) as { data: { state: string } }).data.state, 'VALIDATED');
});

test('Facturas lists a credit-debit note as a note, with the number of the invoice it refers to', async () => {
  const original = await issueInvoice(eng);
  const note: IssuedInvoice = await issueInvoice(eng, {
    invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
    originalInvoiceId: original.id,
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
  });
  await till.go('facturas');
  await till.id('invoices-search').fill('');
  const row = till.page.locator('[data-testid="invoice-row"][data-sector="24"]', { has: till.page.locator('[data-testid="invoice-row-kind"]') }).first();
  await row.waitFor();
  assert.equal(await row.getByTestId('invoice-row-kind').textContent(), `Nota de crédito-débito N° ${note.invoiceNumber} sobre factura N° ${original.invoiceNumber}`);
  await row.click();
  await till.id('invoice-detail-reference').waitFor();
  assert.match((await till.id('invoice-detail-reference').textContent()) ?? '', new RegExp(`^Sobre factura N° ${original.invoiceNumber}`));
  await till.screenshot('issue24-facturas-note-1024');
});

test('Reenviar por correo without SMTP leads to Configuración › Correo; the owner saves the server and the invoice arrives', async () => {
  const inv = await issueInvoice(eng);
  const resend = async () => {
    await openInvoice(inv.invoiceNumber);
    await till.id('resend-email-input').fill('cliente@tienda.bo');
    await till.id('resend-email-button').click();
  };

  // The demo key is a till key: no server yet, and the way there says who can set it.
  await resend();
  await till.id('invoice-action-error').waitFor();
  const said = (await till.id('invoice-action-error').textContent()) ?? '';
  assert.match(said, /Configuración › Correo/);
  assert.doesNotMatch(said, /KIPU_SMTP_URL|PUT \/api/);
  await till.screenshot('issue24-resend-without-smtp-1024');
  await till.id('configure-smtp-button').click();
  await till.id('screen-configuracion').waitFor();
  await till.id('settings-forbidden-smtp').waitFor();
  assert.match((await till.id('settings-forbidden-smtp').textContent()) ?? '', /clave de administración/);
  await till.screenshot('issue24-correo-till-key-1024');

  // The owner's key: the same way now opens the Correo form, its first field focused.
  await till.id('settings-forbidden-login').click();
  await till.id('login-screen').waitFor();
  await till.id('api-key-input').fill(eng.ownerKey!);
  await till.page.keyboard.press('Enter');
  await till.id('login-screen').waitFor({ state: 'detached' });
  await resend();
  await till.id('configure-smtp-button').click();
  await till.id('settings-smtp').waitFor();
  await till.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset?.testid === 'smtp-host');
  await till.page.keyboard.type('127.0.0.1');
  await till.id('smtp-port').fill(String(smtp.port));
  await till.id('smtp-from').fill('Comercial Kipu <facturas@kipu.test>');
  await till.id('smtp-save').click();
  await till.id('smtp-ok').waitFor();
  await till.screenshot('issue24-correo-saved-1024');
  const saved = ((await (await eng.api('/api/v1/settings/smtp')).json()) as { data: { host: string; port: number; effectiveSource: string } }).data;
  assert.deepEqual([saved.host, saved.port, saved.effectiveSource], ['127.0.0.1', smtp.port, 'tenant']);

  const before = smtp.inbox.length;
  await resend();
  await till.id('invoice-action-result').waitFor({ timeout: E2E_WAIT_MS });
  assert.match((await till.id('invoice-action-result').textContent()) ?? '', /Factura reenviada a cliente@tienda\.bo/);
  assert.equal(smtp.inbox.length, before + 1);
  assert.deepEqual(smtp.inbox.at(-1)!.rcpt, ['cliente@tienda.bo']);
  assert.match(smtp.inbox.at(-1)!.mail.subject ?? '', new RegExp(`Factura N° ${inv.invoiceNumber}`));
});
