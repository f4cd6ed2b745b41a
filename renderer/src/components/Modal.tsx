import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { enterConfirms, FOCUSABLE, trapTarget } from './focus-trap';
import { focusScreenStart } from './screen-focus';

/**
 * A dialog: closes on Esc or a click outside, focuses its first field or its main action and
 * keeps Tab inside itself (focus-trap.ts). Closed, it gives the focus back to the control that
 * opened it, or to the screen's start when that control is gone (screen-focus.ts).
 * With `onEnter`, Enter in any of its fields confirms (buttons keep their own Enter).
 */
export function Modal(props: { title: string; onClose: () => void; onEnter?: () => void; children: ReactNode; testId?: string; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // Read while rendering, before a field of the dialog takes the focus (autoFocus, the effect below).
  // (No document when test/renderer renders the dialog to a string.)
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  useLayoutEffect(
    () => () => {
      // Still in the page while the dialog goes: the focus does not pass through the body.
      if (opener?.isConnected && !ref.current?.contains(opener)) opener.focus({ preventScroll: true });
      // Gone, or disabled meanwhile (a button busy with what the dialog did): the screen's start.
      if (document.activeElement !== opener) queueMicrotask(() => focusScreenStart('outside'));
    },
    [opener],
  );
  useEffect(() => {
    // A field first; otherwise the main action, so Enter confirms (never the ✕ in the header).
    const root = ref.current;
    const first =
      root?.querySelector<HTMLElement>('input, select, textarea') ??
      root?.querySelector<HTMLElement>('button.primary') ??
      root?.querySelector<HTMLElement>('.modal-actions button') ??
      // A dialog that only shows something (the sale's table of keys): the dialog itself, so Esc reaches it.
      root;
    first?.focus();
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && props.onClose()}>
      <div
        ref={ref}
        className={`modal ${props.wide ? 'wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        data-testid={props.testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onClose();
            return;
          }
          if (e.key === 'Tab') {
            const root = ref.current;
            if (!root) return;
            const controls = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
            const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const target = trapTarget(controls, active, e.shiftKey);
            if (target) {
              e.preventDefault();
              target.focus();
            }
            return;
          }
          if (e.key === 'Enter' && props.onEnter && !e.ctrlKey && !e.altKey && !e.shiftKey && enterConfirms(e.target as HTMLElement, e.nativeEvent.isComposing)) {
            e.preventDefault();
            e.stopPropagation();
            props.onEnter();
          }
        }}
      >
        <div className="modal-head">
          <h2>{props.title}</h2>
          <button className="ghost" onClick={props.onClose} aria-label="Cerrar" data-testid="modal-close">
            ✕
          </button>
        </div>
        {props.children}
      </div>
    </div>
  );
}
