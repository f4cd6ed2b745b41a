// The virtual printer's ticket on screen (issue 24, item 7): in training the ticket is a file in
// the engine's data directory, not paper, so the till shows it beside the sale just issued. It
// never takes the focus (the cashier goes on by keyboard or scanner), closes with its button or
// Esc, and steps aside as soon as the next sale has a product.
import { useEffect, useState } from 'react';
import { useCart } from './cart-store';

/** `copy`: a reprint; the file the virtual printer kept says COPIA, the stored ticket shown here does not. */
export function VirtualTicket({ url, detail, copy = false }: { url: string; detail: string; copy?: boolean }) {
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const selling = useCart((s) => s.lines.length > 0);
  const shown = !selling && closedFor !== url;
  // Esc puts it away (a fresh walk found no key for it while it covered the payment's column).
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setClosedFor(url);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, url]);
  if (!shown) return null;
  return (
    <aside className="virtual-ticket" data-testid="virtual-ticket" aria-label="Ticket de la impresora virtual">
      <div className="vt-head">
        <strong>Impresora virtual{copy && <span data-testid="virtual-ticket-copy"> · COPIA (reimpresión)</span>}</strong>
        <button type="button" tabIndex={-1} data-testid="virtual-ticket-close" onClick={() => setClosedFor(url)}>
          Cerrar
        </button>
      </div>
      <iframe src={url} title="Ticket (impresora virtual)" data-testid="virtual-ticket-frame" tabIndex={-1} />
      <p className="vt-detail">{detail}</p>
    </aside>
  );
}
