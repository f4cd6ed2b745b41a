// Page object of the till UI for the end-to-end suite: selectors come from
// renderer/TESTIDS.md only, and the sale is driven with the keyboard as a cashier does.
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

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

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

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
 * key) or with `key` (screens that need the admin scope). launch() gives every run a fresh
 * temporary profile (user-data dir) of its own.
 */
export async function openTill(url: string, key?: string): Promise<{ browser: Browser; context: BrowserContext; till: TillPage }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-BO', timezoneId: 'America/La_Paz' });
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
   * character into the focused text field (a synthetic event has no such default action).
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

  /** Alt+1…8 */
  async go(screen: 'ventas' | 'productos' | 'facturas' | 'conexion' | 'sincronizacion' | 'configuracion' | 'sucursales' | 'caja'): Promise<void> {
    const n = ['ventas', 'productos', 'facturas', 'conexion', 'sincronizacion', 'configuracion', 'sucursales', 'caja'].indexOf(screen) + 1;
    await this.page.keyboard.press(`Alt+${n}`);
    await this.id(`screen-${screen}`).waitFor();
  }

  private async activeTestId(): Promise<string | null> {
    return this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? null);
  }

  /** Tab until the field with this test id has focus (keyboard only). */
  async tabTo(testId: string, max = 6): Promise<void> {
    for (let i = 0; i < max; i++) {
      if ((await this.activeTestId()) === testId) return;
      await this.page.keyboard.press('Tab');
    }
    if ((await this.activeTestId()) !== testId) throw new Error(`Tab never reached ${testId}`);
  }

  /**
   * One sale by keyboard only: F2 product ("n*CODE" Enter), F4 client (document number, Tab to
   * the name), F6 cash received (or `pay`, which types the payment with focus in "Recibido"),
   * F12 issue. Returns the new invoice's number.
   */
  async sellByKeyboard(opts: { items: [number, string][]; docNumber: string; name: string } & ({ cash: string } | { pay: () => Promise<void> })): Promise<number> {
    const k = this.page.keyboard;
    const before = await this.lastInvoiceNumber();
    await k.press('F2');
    for (const [qty, code] of opts.items) {
      await k.type(`${qty}*${code}`);
      await k.press('Enter');
      await this.page.locator(`[data-testid="cart-line"][data-code="${code}"]`).waitFor();
    }
    await k.press('F4');
    await k.type(opts.docNumber);
    await this.tabTo('client-name');
    await k.type(opts.name);
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
