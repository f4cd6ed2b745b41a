// Small screens (issue 24, item 8): at 1024×768 and 1366×768 every control of every screen of the
// top bar is inside the viewport (or reachable by scrolling its own panel), nothing covers it, and
// the sale keeps its essential controls on screen with the NIT status, a split payment and an error
// shown. Screenshots of every screen at both sizes land in test-results/screenshots.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { waitFor } from '../fixtures/wait';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';
import { issueInvoice, saleRequest } from '../fixtures/issued-invoice';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
];

/** Every entry of the top bar, in its order (renderer/TESTIDS.md). */
const TOP_BAR = ['ventas', 'productos', 'facturas', 'conexion', 'sincronizacion', 'configuracion', 'sucursales', 'caja', 'compras', 'libros', 'lotes'] as const;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, siatTimeouts: { saleMs: 3000, defaultMs: 4000, packageMs: 5000 } });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const res = await eng.api('/api/v1/products', {
    method: 'POST',
    json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(res.status, 201, await res.clone().text());
  // An invoice for Facturas' detail: a client and total as long as the walk's, whose «Bs 38,00»
  // ended its line at 1024 px.
  await issueInvoice(eng, { clientBusinessName: 'Juan Pérez Mamani', clientDocumentNumber: '4567891', details: [{ ...saleRequest('').details[0]!, quantity: 4 }] });
  // The owner's key: Configuración and Sucursales show their forms to the admin scope only.
  ({ browser, context, till } = await openTill(eng.url, eng.ownerKey!));
  till.page.on('request', (r) => {
    if (!r.url().includes('/api/v1/till/stream')) inflight.add(r);
  });
  till.page.on('requestfinished', (r) => inflight.delete(r));
  till.page.on('requestfailed', (r) => inflight.delete(r));
  // tsx names the functions it compiles with a helper the page does not have (layoutProblems).
  await till.page.evaluate('window.__name = (f) => f');
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

/**
 * What a cashier could not reach or read on the current screen, as sentences. For each visible
 * control of `scope`: brought into view the way a person can (its own scrolling panel, never a
 * panel that does not scroll), its box inside the viewport and nothing else drawn over its centre;
 * the page itself never scrolls; a label cut short is reported too.
 */
async function layoutProblems(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const name = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? '';
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} «${text || label}»`;
    };
    const visible = (el: HTMLElement) => {
      // checkVisibility: also false inside a closed <details> (its content is not rendered).
      if (!el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return false;
      if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const scrollsByHand = (el: Element, axis: 'x' | 'y') => {
      const o = getComputedStyle(el)[axis === 'x' ? 'overflowX' : 'overflowY'];
      return o === 'auto' || o === 'scroll';
    };
    const doc = document.scrollingElement ?? document.documentElement;
    if (doc.scrollWidth > vw + 1 || doc.scrollHeight > vh + 1) problems.push(`the page is larger than the window (${doc.scrollWidth}×${doc.scrollHeight})`);
    const scopes = [...document.querySelectorAll(scopeSelector)];
    // A screen or a panel that has to be scrolled sideways hides its right edge from the cashier.
    for (const s of scopes) for (const p of [s, ...s.querySelectorAll('*')]) {
      if (p.scrollWidth > p.clientWidth + 1 && (p === s || scrollsByHand(p, 'x'))) problems.push(`${p.className || p.tagName} scrolls sideways (${p.scrollWidth} > ${p.clientWidth})`);
    }
    const controls = scopes.flatMap((s) => [...s.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])')]);
    for (const el of controls) {
      if (!visible(el)) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      // A panel that cannot be scrolled by hand must not have moved to show the control.
      for (let p = el.parentElement; p; p = p.parentElement) {
        if ((p.scrollTop !== 0 && !scrollsByHand(p, 'y')) || (p.scrollLeft !== 0 && !scrollsByHand(p, 'x'))) {
          problems.push(`${name(el)} is hidden by a panel that does not scroll (${p.className || p.tagName})`);
          p.scrollTop = 0;
          p.scrollLeft = 0;
          break;
        }
      }
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
        problems.push(`${name(el)} is outside the window (${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)})`);
        continue;
      }
      const x = Math.min(vw - 1, Math.max(0, r.left + r.width / 2));
      const y = Math.min(vh - 1, Math.max(0, r.top + r.height / 2));
      const top = document.elementFromPoint(x, y);
      const own = top !== null && (el.contains(top) || top.contains(el) || (el.id !== '' && top instanceof HTMLLabelElement && top.htmlFor === el.id) || (top instanceof HTMLLabelElement && top.contains(el)));
      if (!own) problems.push(`${name(el)} is covered by ${top ? name(top) : 'nothing'}`);
      // A label cut short ("Caja principa…", "pago m…").
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} is cut short`);
    }
    for (const s of scopes) for (const l of s.querySelectorAll<HTMLElement>('label, th, .field > span, h1, h2, h3')) {
      if (visible(l) && l.scrollWidth > l.clientWidth + 1 && getComputedStyle(l).overflowX !== 'visible') problems.push(`${name(l)} is cut short`);
    }
    // An empty field's hint is whole: it tells how to write the value («dd/mm/aaaa hh:m» in CAFC at
    // 1024 px, «Descripción (opcion…»: walk of 28/11). Measured with the field's font; 3 px of slack
    // for the canvas' and the field's text metrics.
    const ruler = document.createElement('canvas').getContext('2d')!;
    for (const s of scopes) for (const f of s.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!visible(f) || f.value !== '') continue;
      const cs = getComputedStyle(f);
      ruler.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = f.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (ruler.measureText(f.placeholder).width > room + 3) problems.push(`${name(f)}'s hint «${f.placeholder}» is cut short`);
    }
    // An amount reads on one line («Bs» above «41,30» in Facturas' detail at 1024 px: walk of 28/11).
    for (const s of scopes) {
      const texts = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        for (const m of (n.textContent ?? '').matchAll(/Bs\s?-?\d{1,3}(?:\.\d{3})*,\d{2}/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) problems.push(`«${m[0]}» of ${name(n.parentElement!)} breaks across lines`);
        }
      }
    }
    return problems;
  }, scope);
}

/** The page's requests to the engine that have not finished (the till's event stream never does, so it is left out). */
const inflight = new Set<Request>();

/**
 * Waits until the screen's own requests have been answered. Not Playwright's 'networkidle': the
 * till keeps its event stream open and polls, so on a loaded machine that state may never come.
 */
async function screenLoaded(): Promise<void> {
  await till.page.waitForFunction(() => !document.querySelector('[data-testid="settings-loading"], [data-testid="loading"], [aria-busy="true"]'));
  await waitFor('the screen\'s requests answered', () => inflight.size === 0, 60_000);
  await till.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function goTo(target: (typeof TOP_BAR)[number]): Promise<void> {
  await till.id(`nav-${target}`).click();
  await till.id(`screen-${target}`).waitFor();
}

describe('screen sizes', () => {
  for (const size of SIZES) {
    const tag = `${size.width}x${size.height}`;

    test(`${tag}: the sale's essential controls stay on screen with the NIT status, a split payment and an error`, async () => {
      await till.page.setViewportSize(size);
      await goTo('ventas');
      const k = till.page.keyboard;
      await k.press('F2');
      await k.type('ARR-1');
      await k.press('Enter');
      await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"]').waitFor();
      await till.id('client-doc-type').selectOption('5');
      await till.id('client-doc-number').fill('1020304050');
      await till.id('nit-status').waitFor();
      await till.id('split-card-amount').fill('5');
      await till.id('payment-split').waitFor();
      // No name: F12 answers with an error.
      await k.press('F12');
      await till.id('issue-errors').waitFor();
      await till.screenshot(`sizes-${tag}-venta-nit-split-error`);
      const essentials = ['search-input', 'cart', 'client-doc-number', 'total-amount', 'issue-button', ...TOP_BAR.map((t) => `nav-${t}`), 'current-pos', 'logout-button'];
      const outside = await till.page.evaluate((ids) => {
        const out: string[] = [];
        for (const id of ids) {
          const el = document.querySelector(`[data-testid="${id}"]`);
          if (!el) {
            out.push(`${id}: missing`);
            continue;
          }
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) out.push(`${id}: ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}`);
        }
        return out;
      }, essentials);
      assert.deepEqual(outside, [], `outside the ${tag} window without scrolling`);
      assert.deepEqual(await layoutProblems(till.page, 'header.topbar, main.screen'), [], `Venta at ${tag}`);
      await k.press('Escape');
      await k.press('Escape');
      await till.id('confirm-cancel-button').click();
      await till.id('cart-empty').waitFor();
    });

    test(`${tag}: every screen of the top bar has its controls on screen and uncovered`, async () => {
      await till.page.setViewportSize(size);
      const problems: string[] = [];
      for (const target of TOP_BAR) {
        await goTo(target);
        // Screens that load their data first: wait until the engine answered.
        await screenLoaded();
        // Facturas with an invoice open: its detail is part of the screen.
        if (target === 'facturas') {
          await till.page.locator('[data-testid="invoice-row"]').first().click();
          await till.id('invoice-detail-number').waitFor();
          await screenLoaded();
        }
        // Arrived, the keyboard is in sight (before anything below scrolls): a manager's second visit
        // to Configuración left it on a checkbox far below the fold (a fresh walk, issue 30).
        const below = await till.page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null;
          const r = a?.getBoundingClientRect();
          return a && r && r.height > 0 && (r.top < 0 || r.bottom > window.innerHeight) ? `${a.dataset.testid ?? a.tagName} at ${Math.round(r.top)}–${Math.round(r.bottom)} px` : null;
        });
        if (below) problems.push(`${target}: the keyboard is out of sight, on ${below}`);
        await till.screenshot(`sizes-${tag}-${target}`);
        for (const p of await layoutProblems(till.page, 'header.topbar, main.screen')) problems.push(`${target}: ${p}`);
        // Arrived, the keyboard is on the screen, not left on its tab or the page (issue 24, set 12:
        // keys stopped working on arriving at Libros, Configuración and Sucursales).
        const focused = await till.page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null;
          return document.querySelector('main.screen')?.contains(a) ? null : `${a?.tagName ?? 'nothing'} ${a?.dataset.testid ?? ''}`.trim();
        });
        if (focused) problems.push(`${target}: the keyboard is on ${focused}, not on the screen`);
      }
      await goTo('ventas');
      assert.deepEqual(problems, [], `controls a cashier cannot reach at ${tag}`);
    });
  }
});
