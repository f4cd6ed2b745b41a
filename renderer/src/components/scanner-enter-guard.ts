// A barcode scanner ends its code with Enter. Where a dialog or the assistant has the keyboard,
// that Enter must not press the focused button nor ask the question: a walk saw a scan confirm
// «¿Cancelar la venta?» (the whole sale gone), press «Retomar» in «Ventas en espera» (the sale
// swapped for a held one, from its button or its list) and ask «Ayuda SIAT» about the code. A
// person's Enter there still does what it says; a scanner's (after a burst of code keys, by their
// own times: scanner.ts) is dropped, in a dialog's fields too: a barcode scanned into the product
// form's «Código de barras» no longer saves the form half filled. (Compras' QR reader, which ends
// its URL with Enter, is on its screen, not in a dialog.)
import { createScanDetector, isCodeChar, keyTime, SHORTEST_BARCODE } from '../sale/scanner';

/** Where a scanner's Enter is dropped: anywhere in a dialog or in the assistant's panel. */
export function dropsScannerEnter(target: Element | null): boolean {
  return target !== null && target.closest('.modal-backdrop, .assistant-panel') !== null;
}

/** Watches the window's keys (capture phase, before any control sees them); returns the stop. */
export function guardScannerEnter(win: Window = window): () => void {
  // A barcode's length at least: a fast typist's short last word before Enter is not taken for one.
  const detector = createScanDetector({ minLength: SHORTEST_BARCODE });
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return detector.reset();
    if (isCodeChar(e.key)) return detector.char(e.key, keyTime(e));
    if (e.key !== 'Enter') return detector.reset();
    if (detector.enter(keyTime(e)).scanned && dropsScannerEnter(e.target instanceof Element ? e.target : null)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  win.addEventListener('keydown', onKey, true);
  return () => win.removeEventListener('keydown', onKey, true);
}
