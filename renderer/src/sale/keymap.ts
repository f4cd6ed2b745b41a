// Keyboard commands of the till. One table, shown on screen (KeyHints) and used by the
// handler, so the hints never lie.

export type SaleCommand =
  | 'help'
  | 'focusSearch'
  | 'editQuantity'
  | 'focusClient'
  | 'quickClient'
  | 'focusPayment'
  | 'verifyNit'
  | 'lineDiscount'
  | 'linePrice'
  | 'removeLine'
  | 'issue'
  | 'reprint'
  | 'parkSale'
  | 'parkedList'
  | 'cancel'
  | 'selectPrev'
  | 'selectNext';

// Alt+digit switches screens: those keys belong to the screen registry (app/screens.ts), not here.
export type Command = { kind: 'sale'; command: SaleCommand } | { kind: 'assistant' };

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  metaKey?: boolean;
}

/**
 * The Shift key as an es-BO keyboard and Windows in Spanish name it (as «Supr», «RePág»): one
 * word wherever the till writes a key (a walk read «Mayús+F10» in one place, «Shift+F10» in others).
 */
export const SHIFT = 'Mayús';

export interface KeyHint {
  /** What the cashier reads: «F8», «Mayús+F8». */
  keys: string;
  /** The key as the keyboard event names it ('Esc' for Escape), and whether Shift goes with it. */
  key: string;
  shift: boolean;
  /** `key-f8`, `key-shift-f8`: stable whatever the label says. */
  testId: string;
  label: string;
  command: SaleCommand;
}

const hint = (key: string, label: string, command: SaleCommand, shift = false): KeyHint => ({
  keys: `${shift ? `${SHIFT}+` : ''}${key}`,
  key,
  shift,
  testId: `key-${shift ? 'shift-' : ''}${key.toLowerCase()}`,
  label,
  command,
});

/** Shown in the sale screen's key bar, in this order. */
export const SALE_KEY_HINTS: readonly KeyHint[] = [
  hint('F2', 'Buscar', 'focusSearch'),
  hint('F3', 'Cantidad', 'editQuantity'),
  hint('F4', 'Cliente', 'focusClient'),
  hint('F5', 'Sin documento', 'quickClient'),
  hint('F6', 'Pago', 'focusPayment'),
  hint('F7', 'Verificar NIT', 'verifyNit'),
  hint('F8', 'Descuento', 'lineDiscount'),
  hint('F8', 'Precio', 'linePrice', true),
  hint('F9', 'Quitar línea', 'removeLine'),
  hint('F12', 'Emitir e imprimir', 'issue'),
  hint('F12', 'Reimprimir', 'reprint', true),
  hint('F10', 'En espera', 'parkSale'),
  hint('F10', 'Retomar', 'parkedList', true),
  hint('Esc', 'Cancelar', 'cancel'),
];

const SALE_FKEYS: Record<string, SaleCommand> = {
  F2: 'focusSearch',
  F3: 'editQuantity',
  F4: 'focusClient',
  F5: 'quickClient',
  F6: 'focusPayment',
  F7: 'verifyNit',
  F8: 'lineDiscount',
  F9: 'removeLine',
  // Held sales (issue 27): F10 parks the sale on screen (with none, it lists the waiting ones).
  F10: 'parkSale',
  F12: 'issue',
};

/**
 * Maps a key press to a command, or null to let it through.
 * `inField`: focus is in a text field (then plain keys like "*" or Delete keep their meaning).
 */
export function commandForKey(e: KeyLike, inField: boolean): Command | null {
  // Alt+digit is the screen registry's (app/screens.ts); Meta belongs to the system.
  if (e.metaKey || e.altKey) return null;
  // Ctrl+Enter issues too: in a plain browser F12 may open the developer tools.
  if (e.ctrlKey && e.key === 'Enter') return { kind: 'sale', command: 'issue' };
  if (e.ctrlKey) return null;
  // F1 is Ayuda SIAT on every screen (issue 20); the sale's table of keys moved to Shift+F1.
  if (e.key === 'F1') return e.shiftKey ? { kind: 'sale', command: 'help' } : { kind: 'assistant' };
  // Shift+F12 reprints the last ticket (issue 24, item 17): beside F12, which issues and prints.
  if (e.key === 'F12' && e.shiftKey) return { kind: 'sale', command: 'reprint' };
  // Shift+F8 changes the line's price (a price override: a cajero's needs a supervisor, issue 27).
  if (e.key === 'F8' && e.shiftKey) return { kind: 'sale', command: 'linePrice' };
  // Shift+F10 lists the sales waiting (a browser's own Shift+F10 would open the context menu).
  if (e.key === 'F10' && e.shiftKey) return { kind: 'sale', command: 'parkedList' };
  const f = SALE_FKEYS[e.key];
  if (f && !e.shiftKey) return { kind: 'sale', command: f };
  if (e.key === 'Escape') return { kind: 'sale', command: 'cancel' };
  if (!inField) {
    if (e.key === 'Delete') return { kind: 'sale', command: 'removeLine' };
    if (e.key === '*') return { kind: 'sale', command: 'editQuantity' };
    if (e.key === 'ArrowUp') return { kind: 'sale', command: 'selectPrev' };
    if (e.key === 'ArrowDown') return { kind: 'sale', command: 'selectNext' };
  }
  return null;
}
