// The DOM side of field-scan.ts: a capture-phase key listener on the window, so that a scan's
// keys are caught before the field (or its own Enter handler) sees them. The product search is
// left to itself (it reads scans as codes); a drop-down list keeps its type-ahead and gets its
// choice back after a scan.
import { createFieldScanGuard } from './field-scan';
import { createScanDetector, isCodeChar, keyTime } from './scanner';

/** A field whose typing the guard holds back: text-like inputs and text areas. */
function textField(el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  if (!(el instanceof HTMLInputElement) || el.readOnly || el.disabled) return false;
  return ['text', 'search', 'email', 'tel', 'url', 'number', 'password', ''].includes(el.type);
}

/**
 * Puts held characters into the field where the caret is, as typing would (React's onChange
 * fires, undo works). execCommand is the one way to do that for every input type (an email input
 * has no selection API); when the field no longer has the focus, the text is appended.
 */
export function typeInto(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (!text) return;
  if (document.activeElement === el && document.execCommand('insertText', false, text)) return;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, el.value + text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

interface FieldState {
  value: string;
  start: number | null;
  end: number | null;
}

function fieldState(el: HTMLInputElement | HTMLTextAreaElement): FieldState {
  return { value: el.value, start: el.selectionStart, end: el.selectionEnd };
}

/** Puts a field back as it was, value and caret, the way typing would (React's onChange fires). */
function restoreField(el: HTMLInputElement | HTMLTextAreaElement, state: FieldState): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, state.value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  // An email or number input has no caret to set.
  if (state.start !== null && state.end !== null && document.activeElement === el) {
    try {
      el.setSelectionRange(state.start, state.end);
    } catch {
      /* no selection API on this input type */
    }
  }
}

/** Sets a drop-down list back to `value` the way a person's choice would (React's onChange fires). */
function restoreSelect(el: HTMLSelectElement, value: string): void {
  if (el.value === value) return;
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export interface FieldScanListenerOptions {
  /** Fields inside this element are guarded. */
  root: () => Element | null;
  /** Fields the guard leaves alone (the product search reads scans itself). */
  skip: (el: Element) => boolean;
  /** A scan ended in `field` (which did not get the code; `typeInto` puts it there if it belongs). */
  onScan: (code: string, field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) => void;
  maxGapMs?: number;
}

export function listenForFieldScans(opts: FieldScanListenerOptions): () => void {
  const maxGap = opts.maxGapMs ?? 50;
  const guard = createFieldScanGuard({ maxGapMs: maxGap });
  let target: HTMLInputElement | HTMLTextAreaElement | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const selectScan = createScanDetector({ maxGapMs: maxGap });
  let selectBefore: { el: HTMLSelectElement; value: string } | null = null;

  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  /** Held characters go into the field they were typed in. */
  const release = (text: string) => {
    if (target && text) typeInto(target, text);
  };
  /** The field as it was before the gap let held characters in, and as they left it. */
  let undo: { el: HTMLInputElement | HTMLTextAreaElement; before: FieldState; after: string } | null = null;
  const releaseExpired = () => {
    const text = guard.expire();
    undo = null;
    if (!target || !text) return;
    const before = fieldState(target);
    typeInto(target, text);
    undo = { el: target, before, after: target.value };
  };
  /** Takes characters the gap let in back out of `el`; false when the field changed since. */
  const takeBack = (el: HTMLInputElement | HTMLTextAreaElement): boolean => {
    if (!undo || undo.el !== el || el.value !== undo.after) return false;
    restoreField(el, undo.before);
    return true;
  };
  /** Text taken from an insertion that came while characters were held (onInput below). */
  let pending = '';
  const flushPending = () => {
    const text = pending;
    pending = '';
    release(text);
  };
  const flush = () => {
    stopTimer();
    flushPending();
    releaseExpired();
  };

  const guarded = (el: EventTarget | null): el is Element => {
    if (!(el instanceof Element) || opts.skip(el)) return false;
    if (el.closest('.modal-backdrop')) return false; // dialogs handle their own keys
    return opts.root()?.contains(el) ?? false;
  };

  const onKey = (e: KeyboardEvent) => {
    flushPending();
    const el = e.target;
    if (el instanceof HTMLSelectElement && guarded(el)) return onSelectKey(e, el);
    if (!textField(el) || !guarded(el)) {
      flush();
      return;
    }
    if (el !== target) {
      flush();
      target = el;
    }
    if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) {
      flush();
      return;
    }
    stopTimer();
    const a = guard.key(e.key, keyTime(e));
    // A burst's key a busy till handed over late: what the gap let in was the code's beginning.
    if (a.reclaim && !takeBack(el) && a.scan === null) guard.drop(a.reclaim.length);
    undo = null;
    release(a.release);
    if (a.scan !== null) {
      // The field never saw the code: its value and caret are as the cashier left them.
      e.preventDefault();
      e.stopPropagation();
      opts.onScan(a.scan, el);
      return;
    }
    if (a.hold) {
      e.preventDefault();
      timer = setTimeout(flush, maxGap);
    }
  };

  // A drop-down list's type-ahead may change its choice during the burst: put it back.
  const onSelectKey = (e: KeyboardEvent, el: HTMLSelectElement) => {
    flush();
    const t = keyTime(e);
    if (isCodeChar(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey) {
      if (!selectScan.inBurst(t) || selectBefore?.el !== el) selectBefore = { el, value: el.value };
      selectScan.char(e.key, t);
    } else if (e.key === 'Enter') {
      const r = selectScan.enter(t);
      if (r.scanned && selectBefore?.el === el) {
        e.preventDefault();
        e.stopPropagation();
        restoreSelect(el, selectBefore.value);
        opts.onScan(r.code, el);
      }
      selectBefore = null;
    } else {
      selectScan.reset();
      selectBefore = null;
    }
  };

  // A click elsewhere: what was typed goes in before the focus moves.
  const onPointer = () => flush();
  // Text that arrives without a key press of its own (an accent from an input method or an
  // on-screen keyboard): what was held was typed before it, so both go in together, in order
  // ("Pé", not "éP"). Not from inside this event (the browser refuses an insertion while it is
  // inserting): right after it, or before the next key, whichever comes first.
  const onInput = (e: Event) => {
    const ev = e as InputEvent;
    if (ev.target !== target || ev.inputType !== 'insertText' || !ev.data || !(guard.held() || pending)) return;
    ev.preventDefault();
    stopTimer();
    pending += guard.expire() + ev.data;
    setTimeout(flushPending, 0);
  };

  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointer, true);
  window.addEventListener('beforeinput', onInput, true);
  return () => {
    flush();
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('pointerdown', onPointer, true);
    window.removeEventListener('beforeinput', onInput, true);
  };
}
