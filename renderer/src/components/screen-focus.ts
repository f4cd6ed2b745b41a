// Where the keyboard is when nothing else says (issue 24, walk of set 12): focus fell to the page
// — keys stopped reaching a field — after a dialog closed, after «No eliminar», after a cash form
// was sent, and on arriving at Libros, Configuración or Sucursales. One rule for every screen:
// - a dialog gives the focus back to the control that opened it (Modal.tsx), when it is still there;
// - arriving at a screen puts the focus on its start (App.tsx);
// - when the focused control disappears (a form sent, a confirmation answered) and nothing took
//   the focus, it goes to the screen's start (watchFocusLoss).
// The screen's start: its control marked `data-autofocus`, else its first field, else its first
// button, else the screen itself (App's <main tabIndex=-1>: Caja with its session open has no
// control, only keys); in Venta that is the product search, its first field.

/** A field a person types into or picks from (not a hidden or file input). */
const FIELD = 'input:not([disabled]):not([type="hidden"]):not([type="file"]), select:not([disabled]), textarea:not([disabled])';
const BUTTON = 'button:not([disabled]), a[href]';
/** The screen being shown (App.tsx). */
const SCREEN = 'main.screen';

function shown(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

/** The control a screen starts on: `data-autofocus`, else its first field, else its first button, else the screen if it takes the focus. */
export function screenStart(root: HTMLElement): HTMLElement | null {
  for (const selector of ['[data-autofocus]', FIELD, BUTTON]) {
    const found = [...root.querySelectorAll<HTMLElement>(selector)].find(shown);
    if (found) return found;
  }
  return root.hasAttribute('tabindex') ? root : null;
}

/** A dialog is open: it holds the focus itself (Modal.tsx). */
function dialogOpen(doc: Document): boolean {
  return doc.querySelector('.modal-backdrop') !== null;
}

/** What the arrival at a screen focused: a later start (a screen that loaded) may replace it. */
let arrival: HTMLElement | null = null;

/**
 * Focuses the shown screen's start. `when`: 'outside' (arrival) acts only if the focus is not
 * already inside the screen (a screen that focused its own field keeps it); 'untouched' (a screen
 * whose fields came with its data) only if the focus is still where the arrival put it, or nowhere.
 */
export function focusScreenStart(when: 'outside' | 'untouched' | 'always' = 'outside', doc: Document = document): boolean {
  const screen = doc.querySelector<HTMLElement>(SCREEN);
  if (!screen || dialogOpen(doc)) return false;
  const active = doc.activeElement;
  const nowhere = active === null || active === doc.body || active === doc.documentElement;
  // The screen itself holds the focus only for lack of a control: another screen's start replaces it.
  if (when === 'outside' && !nowhere && active !== screen && screen.contains(active)) return false;
  if (when === 'untouched' && !nowhere && active !== arrival) return false;
  const start = screenStart(screen);
  if (!start) return false;
  // No jump of the page: a start far down (Configuración's own section) is not scrolled to.
  start.focus({ preventScroll: when !== 'always' });
  if (when === 'outside') arrival = start;
  return doc.activeElement === start;
}

/**
 * Whether the focus was lost with the control that held it: nothing focused now, and the control
 * focused last is no longer in the page. Pure, for test/renderer/components/screen-focus.test.ts.
 */
export function focusLost(active: Element | null, body: Element | null, last: { isConnected: boolean } | null): boolean {
  const nowhere = active === null || active === body;
  return nowhere && last !== null && !last.isConnected;
}

/**
 * Watches the page: when the focused control is removed (a form sent, a confirmation answered, a
 * screen left by its Alt key) and nothing took the focus by the time the change settled, the
 * shown screen's start gets it. A click on empty space leaves the focus where the person put it.
 */
export function watchFocusLoss(doc: Document = document): () => void {
  let last: HTMLElement | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;
  const onFocusIn = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement) last = e.target;
  };
  // A click puts the focus where the person chose (empty space included): nothing to restore.
  const onPointer = () => {
    last = null;
  };
  const check = () => {
    pending = null;
    if (!focusLost(doc.activeElement, doc.body, last)) return;
    last = null;
    if (dialogOpen(doc)) return;
    focusScreenStart('always', doc);
  };
  const observer = new MutationObserver(() => {
    // After React's effects of the same change: a screen that focuses a field of its own wins.
    if (pending === null && focusLost(doc.activeElement, doc.body, last)) pending = setTimeout(check, 0);
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('mousedown', onPointer, true);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('mousedown', onPointer, true);
    if (pending !== null) clearTimeout(pending);
  };
}
