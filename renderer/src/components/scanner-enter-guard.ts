// A barcode scanner ends its code with Enter. Where a dialog or the assistant has the keyboard,
// that Enter must not press the focused button nor ask the question: a walk saw a scan confirm
// «¿Cancelar la venta?» (the whole sale gone), press «Retomar» in «Ventas en espera» (the sale
// swapped for a held one) and ask «Ayuda SIAT» about the code. A person's Enter there still
// does what it says; a scanner's (after a burst of code keys, by their own times: scanner.ts) is
// dropped. Fields of a dialog keep their Enter (the QR reader in Compras sends its URL that way).
import { createScanDetector, isCodeChar, keyTime } from '../sale/scanner';

/** Where a scanner's Enter is dropped: a control of a dialog, or anything in the assistant's panel. */
export function dropsScannerEnter(target: Element | null): boolean {
  if (!target) return false;
  if (target.closest('.assistant-panel')) return true;
  if (!target.closest('.modal-backdrop')) return false;
  return target.tagName === 'BUTTON' || target.tagName === 'A' || target.getAttribute('role') === 'dialog';
}

/** Watches the window's keys (capture phase, before any control sees them); returns the stop. */
export function guardScannerEnter(win: Window = window): () => void {
  const detector = createScanDetector();
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
