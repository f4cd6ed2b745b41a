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

export type NavTarget = 'ventas' | 'productos' | 'facturas' | 'conexion' | 'sincronizacion' | 'configuracion' | 'sucursales' | 'caja' | 'compras' | 'libros' | 'lotes' | 'autorizacion';

export type Command = { kind: 'sale'; command: SaleCommand } | { kind: 'nav'; target: NavTarget } | { kind: 'assistant' };

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  metaKey?: boolean;
}

export interface KeyHint {
  keys: string;
  label: string;
  command: SaleCommand;
}

/** Shown in the sale screen's key bar, in this order. */
export const SALE_KEY_HINTS: readonly KeyHint[] = [
  { keys: 'F2', label: 'Buscar', command: 'focusSearch' },
  { keys: 'F3', label: 'Cantidad', command: 'editQuantity' },
  { keys: 'F4', label: 'Cliente', command: 'focusClient' },
  { keys: 'F5', label: 'Sin documento', command: 'quickClient' },
  { keys: 'F6', label: 'Pago', command: 'focusPayment' },
  { keys: 'F7', label: 'Verificar NIT', command: 'verifyNit' },
  { keys: 'F8', label: 'Descuento', command: 'lineDiscount' },
  { keys: 'Shift+F8', label: 'Precio', command: 'linePrice' },
  { keys: 'F9', label: 'Quitar línea', command: 'removeLine' },
  { keys: 'F12', label: 'Emitir e imprimir', command: 'issue' },
  { keys: 'Shift+F12', label: 'Reimprimir', command: 'reprint' },
  { keys: 'F10', label: 'En espera', command: 'parkSale' },
  { keys: 'Shift+F10', label: 'Retomar', command: 'parkedList' },
  { keys: 'Esc', label: 'Cancelar', command: 'cancel' },
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

// Sucursales came last: appended so Alt+1…6 keep the screens cashiers already know.
export const NAV_ORDER: readonly NavTarget[] = ['ventas', 'productos', 'facturas', 'conexion', 'sincronizacion', 'configuracion', 'sucursales', 'caja'];

/** Screens with a fixed key outside NAV_ORDER's numbering (issue 14: Compras is Alt+9). */
export const EXTRA_NAV: readonly { target: NavTarget; key: string }[] = [
  { target: 'compras', key: '9' },
  { target: 'libros', key: '0' },
];

/**
 * Screens reached from the navigation bar only: Alt+1…9 and Alt+0 are all taken, and an Alt+letter
 * would collide with the desktop window's menu accelerators.
 */
export const UNKEYED_NAV: readonly NavTarget[] = ['lotes'];

/**
 * Maps a key press to a command, or null to let it through.
 * `inField`: focus is in a text field (then plain keys like "*" or Delete keep their meaning).
 */
export function commandForKey(e: KeyLike, inField: boolean): Command | null {
  if (e.metaKey) return null;
  // Alt+1…8 switches screens.
  if (e.altKey && !e.ctrlKey && /^[1-8]$/.test(e.key)) {
    const target = NAV_ORDER[Number(e.key) - 1];
    return target ? { kind: 'nav', target } : null;
  }
  const extra = e.altKey && !e.ctrlKey ? EXTRA_NAV.find((x) => x.key === e.key) : undefined;
  if (extra) return { kind: 'nav', target: extra.target };
  if (e.altKey) return null;
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
