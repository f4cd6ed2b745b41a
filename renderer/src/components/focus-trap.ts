// Keeps Tab inside a dialog: from its last control Tab goes to the first, from its first
// Shift+Tab goes to the last, and a focus that sits outside the controls (the dialog itself,
// after a click on its text) re-enters at the first or last. Pure: the Modal gives it the
// controls in Tab order.

/** What a dialog can focus with Tab, in document order (disabled and hidden ones are skipped by the caller). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The control Tab must move to so the focus stays in the dialog, or null when the browser's own
 * move already stays inside (between two controls of the dialog).
 */
export function trapTarget<T>(controls: readonly T[], active: T | null, backwards: boolean): T | null {
  if (controls.length === 0) return null;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  const at = active === null ? -1 : controls.indexOf(active);
  if (at === -1) return backwards ? last : first;
  if (backwards && at === 0) return last;
  if (!backwards && at === controls.length - 1) return first;
  return null;
}

/**
 * Whether Enter on this element confirms the dialog: not on a button or link (they act on Enter
 * themselves), not in a multi-line text, not while an IME composes.
 */
export function enterConfirms(target: { tagName: string } | null, composing = false): boolean {
  if (composing || !target) return false;
  const tag = target.tagName.toUpperCase();
  return tag !== 'BUTTON' && tag !== 'A' && tag !== 'TEXTAREA';
}
