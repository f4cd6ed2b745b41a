import { useEffect, useRef, type ReactNode } from 'react';

/** A dialog: closes on Esc or a click outside, focuses its first field or its main action. */
export function Modal(props: { title: string; onClose: () => void; children: ReactNode; testId?: string; wide?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
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
