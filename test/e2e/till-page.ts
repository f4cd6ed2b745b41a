// Page object of the till UI for the end-to-end suite: selectors come from
// renderer/TESTIDS.md only, and the sale is driven with the keyboard as a cashier does.
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import CHROMIUM_ARGS_LIST from './chromium-args.json';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');
/** The built renderer the engine serves in the end-to-end suite. */
export const RENDERER = resolve('dist/renderer');
/**
 * How long an e2e test waits for a state of the page (an element, a text, a request) before it
 * fails. A wait ends as soon as the state is there, so the bound costs nothing when all is well;
 * it is wide because CI runs on a loaded 2-core machine where the engine, the simulator and
 * Chromium share the cores, and a state that takes 10 s there is not a bug.
 */
export const E2E_WAIT_MS = 60_000;

/** Debian's Chromium flags for the suite (a JSON file: scripts/test.mjs starts the run's browser with the same). */
export const CHROMIUM_ARGS: readonly string[] = CHROMIUM_ARGS_LIST;

/**
 * A Chromium for one test file. In a run of the suite, scripts/test.mjs starts one browser server
 * and every file connects to it (KIPU_E2E_BROWSER_WS): a launch and its shutdown cost about 2.5 s
 * of CPU, twenty times over, on a run that is CPU-bound. Each file still works in contexts of its
 * own (cookies, storage and viewport apart), and its close() closes them and disconnects. A file
 * run on its own (`node scripts/test.mjs e2e <name>` with one match) launches its own browser.
 */
export function launchChromium(): Promise<Browser> {
  const ws = process.env.KIPU_E2E_BROWSER_WS;
  return ws ? chromium.connect(ws, { timeout: E2E_WAIT_MS }) : chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS] });
}

/** Which test run built dist/renderer last: the runner's pid (every test file's parent). */
const BUILD_STAMP = resolve('dist/.renderer-e2e-build');
const BUILD_LOCK = resolve('dist/.renderer-e2e-build.lock');

/**
 * Builds the renderer when it is missing (KIPU_E2E_BUILD=1 rebuilds it after editing renderer/**),
 * once per run: the test files run in parallel processes, and a second build empties
 * dist/renderer while the first file's browser is loading it.
 */
export function ensureRendererBuilt(): void {
  const rebuild = process.env.KIPU_E2E_BUILD === '1';
  const built = () => existsSync(join(RENDERER, 'index.html')) && (!rebuild || readStamp() === String(process.ppid));
  if (built()) return;
  mkdirSync(resolve('dist'), { recursive: true });
  acquireBuildLock();
  try {
    if (built()) return;
    const r = spawnSync(process.execPath, ['scripts/build.mjs', 'renderer'], { stdio: 'inherit' });
    assert.equal(r.status, 0, 'renderer build');
    writeFileSync(BUILD_STAMP, String(process.ppid));
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

function readStamp(): string | null {
  try {
    return readFileSync(BUILD_STAMP, 'utf8');
  } catch {
    return null;
  }
}

/** mkdir is atomic: whoever creates the lock builds, the others wait for it. */
function acquireBuildLock(): void {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      return;
    } catch {
      // A lock older than any build is left over from a killed run.
      const held = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 5 * 60_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`renderer build lock ${BUILD_LOCK} held too long`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

/**
 * Debian's Chromium on the engine's URL at 1366×768, es-BO, logged in with the demo key (a till
 * key) or with `key` (screens that need the admin scope), in a browser context of its own
 * (launchChromium).
 */
export async function openTill(url: string, key?: string): Promise<{ browser: Browser; context: BrowserContext; till: TillPage }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-BO', timezoneId: 'America/La_Paz' });
    // When the last key reached the page (its own time), for scanKeys.
    await context.addInitScript(() => {
      window.addEventListener('keydown', (e) => ((window as { __lastKeyAt?: number }).__lastKeyAt = e.timeStamp), true);
    });
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_WAIT_MS);
    const till = new TillPage(page);
    await page.goto(url);
    await till.login(key);
    return { browser, context, till };
  } catch (err) {
    // The caller never gets the browser to close: left open, it keeps the test process alive.
    await browser.close();
    throw err;
  }
}

export class TillPage {
  constructor(readonly page: Page) {}

  id(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async login(key?: string): Promise<void> {
    await this.id('login-screen').waitFor();
    // Prefilled with the demo key in training mode; Enter submits.
    await this.id('api-key-input').focus();
    if (key) await this.id('api-key-input').fill(key);
    await this.page.keyboard.press('Enter');
    await this.id('sale-screen').waitFor();
  }

  /**
   * A keyboard-wedge scanner: the code's keys and Enter in one burst, a fraction of a millisecond
   * apart, with the focus wherever it is. Playwright's keyboard sends one key per round trip, and
   * on a loaded machine those gaps exceed the till's 50 ms burst limit, so a real typing pace
   * would read as a person typing. Like a keyboard, a key the page does not cancel types its
   * character into the focused text field (a synthetic event has no such default action). For a
   * scan into a text field the till guards (field-scan-listener.ts): the guard releases what it
   * holds on a real-time timer, so only a burst delivered in one go is a scan on a loaded machine.
   */
  async scan(code: string): Promise<void> {
    await this.page.evaluate((keys) => {
      for (const key of keys) {
        const target = document.activeElement ?? document.body;
        const typed = target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        const field = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type));
        if (typed && field && key.length === 1) document.execCommand('insertText', false, key);
      }
    }, [...code, 'Enter']);
  }

  /**
   * A keyboard-wedge scanner outside a text field (the focus on the page, the product search or a
   * button): the code's keys and Enter as Chromium's own key presses, default actions included
   * (a key types into the focused field, Enter presses a focused button), stamped 4 ms apart as a
   * scanner sends them and sent in one go. Each key carries its platform time as a real key does,
   * and the till reads that time (renderer/src/sale/scanner.ts, keyTime), so it sees the
   * scanner's pace however late a loaded machine delivers the keys. (Playwright's keyboard stamps
   * each key at its delivery, one round trip apart: under load, a person typing.)
   */
  async scanKeys(code: string): Promise<void> {
    // Stamped from 0.1 s in the past (seconds since the epoch), so that every stamp is before its
    // delivery; and never within 0.1 s of the key before (a person's, or another scan's): a hand
    // goes from the keyboard to the scanner, and a burst that starts within the till's 50 ms gap
    // of a typed «4» is one code «4…» (a loaded CI sent the scan that soon after the key).
    const start = await this.page.waitForFunction(
      () => {
        const now = performance.now();
        const last = (window as { __lastKeyAt?: number }).__lastKeyAt ?? -Infinity;
        return now - 100 - last >= 100 && (performance.timeOrigin + now - 100) / 1000;
      },
      undefined,
      { polling: 10 },
    );
    await this.keysAt([...code, 'Enter'], (await start.jsonValue()) as number);
  }

  /**
   * Sends `keys` as Chromium's own key presses stamped from `start` (seconds since the epoch), 4 ms
   * apart, all at once (the browser takes them in order, back to back). Two calls with stamps
   * that continue each other are one scanner burst the till was handed over late.
   */
  async keysAt(keys: string[], start: number): Promise<void> {
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      const sent = keys.flatMap((key, i) => {
        const timestamp = start + i * 0.004;
        const enter = key === 'Enter';
        // A digit's or a letter's virtual key is its character's code; a symbol's is not («.» would be Delete).
        const vk = enter ? 13 : /^[0-9A-Za-z]$/.test(key) ? key.toUpperCase().charCodeAt(0) : 0;
        const up = { key, code: enter ? 'Enter' : '', windowsVirtualKeyCode: vk, timestamp };
        return [
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...up, text: enter ? '\r' : key, unmodifiedText: enter ? '\r' : key }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...up }),
        ];
      });
      await Promise.all(sent);
    } finally {
      await cdp.detach();
    }
  }

  /**
   * Waits for the cart line of `code`; when it never comes, the error says what the page showed
   * instead (the search field and its message, the focused control, an open dialog, the lines).
   */
  async waitForCartLine(code: string): Promise<void> {
    try {
      await this.page.locator(`[data-testid="cart-line"][data-code="${code}"]`).waitFor({ timeout: E2E_WAIT_MS });
    } catch (err) {
      const seen = await this.page
        .evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return {
            search: (document.querySelector('[data-testid="search-input"]') as HTMLInputElement | null)?.value ?? null,
            message: document.querySelector('.search-message')?.textContent ?? null,
            focus: active ? `${active.tagName} ${active.dataset.testid ?? ''}`.trim() : null,
            dialog: document.querySelector('.modal-backdrop')?.textContent?.slice(0, 200) ?? null,
            lines: [...document.querySelectorAll('[data-testid="cart-line"]')].map((e) => e.getAttribute('data-code')),
          };
        })
        .catch((e: unknown) => String(e));
      throw new Error(`No cart line for ${code}; the page showed ${JSON.stringify(seen)}`, { cause: err });
    }
  }

  /** By the screen's Alt key, read from its tab (the screen registry, renderer/src/app/screens.ts, gives it). */
  async go(screen: string): Promise<void> {
    const keys = await this.id(`nav-${screen}`).getAttribute('aria-keyshortcuts');
    if (!keys) throw new Error(`The tab of ${screen} announces no Alt key`);
    await this.page.keyboard.press(keys);
    await this.id(`screen-${screen}`).waitFor();
  }

  private async activeTestId(): Promise<string | null> {
    return this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? null);
  }

  /**
   * Waits until the keyboard is inside the shown screen (issue 24, set 12: the focus fell to the
   * page after a dialog, a confirmation or a form, and on arriving at some screens) and returns the
   * test id of the control that has it ('' for the screen itself, which holds it when the screen
   * has no control). Fails when the focus stays on the page.
   */
  async focusInScreen(): Promise<string> {
    await this.page.waitForFunction(() => {
      const active = document.activeElement;
      const screen = document.querySelector('main.screen');
      return active !== null && active !== document.body && screen !== null && screen.contains(active);
    });
    return (await this.activeTestId()) ?? '';
  }

  /** Tab until the field with this test id has focus (keyboard only). */
  async tabTo(testId: string, max = 6): Promise<void> {
    for (let i = 0; i < max; i++) {
      if ((await this.activeTestId()) === testId) return;
      await this.page.keyboard.press('Tab');
    }
    const at = await this.activeTestId();
    if (at !== testId) throw new Error(`Tab never reached ${testId} (the focus is on ${at ?? 'an element without a test id'})`);
  }

  /**
   * One sale by keyboard only: F2 product ("n*CODE" Enter) and/or scanner bursts (`scans`, EAN
   * codes), F4 client (document number, Tab to the name; `nit` picks NIT in the document type with
   * the arrow keys) or F5 the quick client (99002), F6 cash received (or `pay`, which types the
   * payment with focus in "Recibido"), F12 issue. Returns the new invoice's number.
   */
  async sellByKeyboard(
    opts: { items?: [number, string][]; scans?: { barcode: string; code: string }[] } & ({ docNumber: string; name: string; nit?: boolean } | { quick: true }) & ({ cash: string } | { pay: () => Promise<void> }),
  ): Promise<number> {
    const k = this.page.keyboard;
    const before = await this.lastInvoiceNumber();
    await k.press('F2');
    for (const [qty, code] of opts.items ?? []) {
      await k.type(`${qty}*${code}`);
      await k.press('Enter');
      await this.page.locator(`[data-testid="cart-line"][data-code="${code}"]`).waitFor();
    }
    for (const { barcode, code } of opts.scans ?? []) {
      await this.scanKeys(barcode);
      await this.waitForCartLine(code);
    }
    if ('quick' in opts) {
      await k.press('F5');
      await this.id('quick-client-badge').waitFor();
    } else {
      await k.press('F4');
      if (opts.nit) {
        await k.press('Shift+Tab');
        assert.equal(await this.activeTestId(), 'client-doc-type');
        // NIT is the last document type.
        await k.press('End');
        await this.page.waitForFunction(() => (document.querySelector('[data-testid="client-doc-type"]') as HTMLSelectElement).value === '5');
        await k.press('Tab');
      }
      await k.type(opts.docNumber);
      await this.tabTo('client-name');
      await k.type(opts.name);
    }
    await k.press('F6');
    if ('pay' in opts) await opts.pay();
    else await k.type(opts.cash);
    await k.press('F12');
    await this.page.waitForFunction(
      (prev) => {
        const el = document.querySelector('[data-testid="last-invoice-number"]');
        return el !== null && el.textContent !== prev;
      },
      before,
      { timeout: E2E_WAIT_MS },
    );
    return Number(await this.id('last-invoice-number').textContent());
  }

  /** Shift+F12: reprints the last ticket; resolves once the till asked the engine to print it. */
  async reprintLast(): Promise<void> {
    const printed = this.page.waitForRequest((r) => r.method() === 'POST' && /\/api\/v1\/invoices\/[^/]+\/print$/.test(r.url()), { timeout: E2E_WAIT_MS });
    await this.page.keyboard.press('Shift+F12');
    await printed;
  }

  /** Facturas: types the number in the search and moves the selection to it with the arrows. */
  async openInvoice(n: number): Promise<void> {
    const k = this.page.keyboard;
    await this.go('facturas');
    await this.id('invoices-search').focus();
    await k.press('Control+A');
    await k.type(String(n));
    await this.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"]`).first().waitFor();
    for (let i = 0; i < 20; i++) {
      if (await this.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"].selected`).count()) break;
      await k.press('ArrowDown');
    }
    await this.id('invoice-detail-number').filter({ hasText: String(n) }).waitFor();
  }

  /** Tab to a button of the open screen and press Enter (keyboard only). */
  async pressButton(testId: string, max = 40): Promise<void> {
    await this.tabTo(testId, max);
    await this.page.keyboard.press('Enter');
  }

  /** Facturas, the invoice open: "Anular", the dialog's reason as offered, Enter confirms. */
  async cancelOpenInvoice(): Promise<void> {
    await this.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
    await this.pressButton('cancel-invoice-button');
    await this.id('cancel-dialog').waitFor();
    await this.page.keyboard.press('Enter');
    await this.page.locator('[data-testid="invoice-detail-state"][data-state="CANCELLED"]').waitFor({ timeout: E2E_WAIT_MS });
  }

  /**
   * Facturas, the invoice open: "Devolución", the quantities taken back per line (Tab between
   * them), the refund method left as offered, Enter issues. Returns the note's number.
   */
  async returnOpenInvoice(quantities: string[]): Promise<number> {
    const k = this.page.keyboard;
    await this.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
    await this.pressButton('return-button');
    await this.id('return-dialog').waitFor();
    for (const [i, q] of quantities.entries()) {
      await this.tabTo(`return-qty`, 1 + i);
      await k.type(q);
      if (i < quantities.length - 1) await k.press('Tab');
    }
    await k.press('Enter');
    await this.id('return-note-number').waitFor({ timeout: E2E_WAIT_MS });
    const note = Number(await this.id('return-note-number').textContent());
    // Esc closes it; the keyboard goes back to «Devolución…» (or, gone, to the invoices' search).
    await k.press('Escape');
    await this.id('return-dialog').waitFor({ state: 'detached' });
    assert.match(await this.focusInScreen(), /^(return-button|invoices-search)$/, 'the focus after the return dialog');
    return note;
  }

  /** Caja: opens the session with the float typed (the float field has the focus). */
  async openCash(float: string): Promise<void> {
    await this.go('caja');
    await this.id('cash-float-input').waitFor();
    assert.equal(await this.activeTestId(), 'cash-float-input');
    await this.page.keyboard.type(float);
    await this.page.keyboard.press('Enter');
    await this.id('cash-report-X').waitFor();
    // The float's field is gone: the keyboard stays on the screen (its F-keys), not the page.
    await this.focusInScreen();
  }

  /**
   * Caja: a key that opens a form, pressed until the form shows (bounded). The screen binds its
   * keys once the session has loaded, a moment after it paints on a loaded machine; pressing the
   * key again on an open form keeps it open.
   */
  private async pressUntil(key: string, testId: string, timeoutMs = 20_000): Promise<void> {
    await this.id('cash-screen').waitFor();
    await this.page.locator('[data-testid="cash-report-X"], [data-testid="cash-report-Z"]').first().waitFor({ timeout: timeoutMs });
    const end = Date.now() + timeoutMs;
    for (;;) {
      await this.page.keyboard.press(key);
      try {
        await this.id(testId).waitFor({ timeout: 1_000 });
        return;
      } catch (err) {
        if (Date.now() > end) throw err;
      }
    }
  }

  /** Caja: F2 cash in / F3 cash out, the amount, Tab, the reason, Enter. */
  async cashMovement(kind: 'IN' | 'OUT', amount: string, reason: string): Promise<void> {
    const k = this.page.keyboard;
    const before = await this.page.locator('[data-testid="cash-movements"] tbody tr').count();
    await this.pressUntil(kind === 'IN' ? 'F2' : 'F3', 'cash-movement-amount');
    await k.type(amount);
    await k.press('Tab');
    await k.type(reason);
    await k.press('Enter');
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="cash-movements"] tbody tr').length > n, before);
    await this.focusInScreen();
  }

  /**
   * Caja: F8, pieces per denomination (Tab between them, in the form's order: largest first), the
   * card terminal's total, Enter: the Z. Pairs, not an object: an object lists "100" before "200".
   */
  async closeCash(count: { pieces: [string, string][]; card: string }): Promise<void> {
    const k = this.page.keyboard;
    await this.pressUntil('F8', 'cash-denomination-200');
    for (const [key, n] of count.pieces) {
      await this.tabTo(`cash-denomination-${key}`, 20);
      await k.type(n);
    }
    await this.tabTo('cash-counted-card', 20);
    await k.type(count.card);
    await k.press('Enter');
    await this.id('cash-report-Z').waitFor({ timeout: E2E_WAIT_MS });
  }

  /** Compras (Alt+9): one supplier invoice typed field by field, saved; waits for the emptied form. */
  async registerPurchase(p: { nit: string; name: string; auth: string; number: string; date: string; total: string }): Promise<void> {
    const k = this.page.keyboard;
    if ((await this.id('purchases-screen').count()) === 0) {
      await k.press('Alt+9');
      await this.id('purchases-screen').waitFor();
    }
    const fields: [string, string][] = [
      ['purchase-nit', p.nit],
      ['purchase-name', p.name],
      ['purchase-auth', p.auth],
      ['purchase-number', p.number],
      ['purchase-date', p.date],
      ['purchase-totalPurchaseAmount', p.total],
    ];
    for (const [testId, text] of fields) {
      await this.id(testId).focus();
      await k.press('Control+A');
      await k.type(text);
    }
    await this.pressButton('purchase-save');
    await this.page.waitForFunction(() => (document.querySelector('[data-testid="purchase-number"]') as HTMLInputElement | null)?.value === '');
  }

  /** The CUF the sale card shows (its text is "CUF <cuf>"). */
  async lastInvoiceCuf(): Promise<string> {
    return ((await this.id('last-invoice-cuf').textContent()) ?? '').replace(/^CUF\s*/, '').trim();
  }

  /** The notices on screen whose text matches. */
  notice(text: RegExp): Locator {
    return this.id('notice').filter({ hasText: text });
  }

  async lastInvoiceNumber(): Promise<string | null> {
    const el = this.id('last-invoice-number');
    return (await el.count()) > 0 ? el.textContent() : null;
  }

  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const path = join(SCREENSHOT_DIR, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
