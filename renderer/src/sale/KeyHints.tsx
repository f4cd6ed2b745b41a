import { SALE_KEY_HINTS, type SaleCommand } from './keymap';

export function KeyHints({ onCommand }: { onCommand: (c: SaleCommand) => void }) {
  return (
    <nav className="key-hints" data-testid="key-hints" aria-label="Atajos de teclado">
      {SALE_KEY_HINTS.map((h) => (
        <button key={h.keys} className="key-hint" tabIndex={-1} onClick={() => onCommand(h.command)} data-testid={h.testId}>
          <kbd>{h.keys}</kbd> {h.label}
        </button>
      ))}
    </nav>
  );
}
