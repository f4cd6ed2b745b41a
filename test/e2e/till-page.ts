// Page object of the till UI for the end-to-end suite: selectors come from
// renderer/TESTIDS.md only, and the sale is driven with the keyboard as a cashier does.
import type { Locator, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const SCREENSHOT_DIR = join('test-results', 'screenshots');

export class TillPage {
  constructor(readonly page: Page) {}

  id(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async login(): Promise<void> {
    await this.id('login-screen').waitFor();
    // Prefilled with the demo key in training mode; Enter submits.
    await this.id('api-key-input').focus();
    await this.page.keyboard.press('Enter');
    await this.id('sale-screen').waitFor();
  }

  /** Alt+1…6 */
  async go(screen: 'ventas' | 'productos' | 'facturas' | 'conexion' | 'sincronizacion' | 'configuracion'): Promise<void> {
    const n = ['ventas', 'productos', 'facturas', 'conexion', 'sincronizacion', 'configuracion'].indexOf(screen) + 1;
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
   * the name), F6 cash received, F12 issue. Returns the new invoice's number.
   */
  async sellByKeyboard(opts: { items: [number, string][]; docNumber: string; name: string; cash: string }): Promise<number> {
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
    await k.type(opts.cash);
    await k.press('F12');
    await this.page.waitForFunction(
      (prev) => {
        const el = document.querySelector('[data-testid="last-invoice-number"]');
        return el !== null && el.textContent !== prev;
      },
      before,
      { timeout: 15_000 },
    );
    return Number(await this.id('last-invoice-number').textContent());
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
