// The current sale's lines. Arithmetic lives in sale/cart.ts; this store only holds state.
import { create } from 'zustand';
import type { Product } from '../../../shared/api-types';
import type { Cents, Hundredths } from '../../../shared/money';
import { addLine, checkLineDiscount, lineFromProduct, withPrice, withQuantity, type CartLine } from './cart';

export type LineEditorKind = 'quantity' | 'discount' | 'price' | 'additionalDiscount';

interface CartState {
  lines: CartLine[];
  selected: number;
  additionalDiscount: Cents;
  editor: LineEditorKind | null;
  confirmCancel: boolean;
  /** Adds a product (merging with its line); returns an error text or null. */
  addProduct(p: Product, quantity: Hundredths): string | null;
  select(index: number): void;
  move(delta: number): void;
  setQuantity(index: number, quantity: Hundredths): string | null;
  setDiscount(index: number, discount: Cents): string | null;
  /** Another price than the catalog's for the line (the engine asks a supervisor of a cajero). */
  setPrice(index: number, price: Cents): string | null;
  setAdditionalDiscount(d: Cents): string | null;
  removeSelected(): void;
  openEditor(kind: LineEditorKind): void;
  closeEditor(): void;
  setConfirmCancel(v: boolean): void;
  clear(): void;
}

const clamp = (i: number, n: number) => (n === 0 ? 0 : Math.max(0, Math.min(n - 1, i)));

export const useCart = create<CartState>()((set, get) => ({
  lines: [],
  selected: 0,
  additionalDiscount: 0,
  editor: null,
  confirmCancel: false,

  addProduct(p, quantity) {
    if (!p.active) return `El producto "${p.description}" está inactivo.`;
    let line: CartLine;
    try {
      line = lineFromProduct(p, quantity);
    } catch (err) {
      return err instanceof Error ? err.message : 'Producto no válido.';
    }
    const { lines, index } = addLine(get().lines, line);
    set({ lines, selected: index });
    return null;
  },

  select(index) {
    set((s) => ({ selected: clamp(index, s.lines.length) }));
  },

  move(delta) {
    set((s) => ({ selected: clamp(s.selected + delta, s.lines.length) }));
  },

  setQuantity(index, quantity) {
    const line = get().lines[index];
    if (!line) return 'No hay una línea seleccionada.';
    if (quantity <= 0) return 'La cantidad debe ser mayor a cero.';
    set((s) => ({ lines: s.lines.map((l, i) => (i === index ? withQuantity(l, quantity) : l)) }));
    return null;
  },

  setDiscount(index, discount) {
    const line = get().lines[index];
    if (!line) return 'No hay una línea seleccionada.';
    const err = checkLineDiscount(line, discount);
    if (err) return err;
    set((s) => ({ lines: s.lines.map((l, i) => (i === index ? { ...l, discount } : l)) }));
    return null;
  },

  setPrice(index, price) {
    const line = get().lines[index];
    if (!line) return 'No hay una línea seleccionada.';
    if (price <= 0) return 'El precio debe ser mayor a cero.';
    set((s) => ({ lines: s.lines.map((l, i) => (i === index ? withPrice(l, price) : l)) }));
    return null;
  },

  setAdditionalDiscount(d) {
    if (d < 0) return 'El descuento no puede ser negativo.';
    set({ additionalDiscount: d });
    return null;
  },

  removeSelected() {
    set((s) => {
      if (s.lines.length === 0) return s;
      const lines = s.lines.filter((_, i) => i !== s.selected);
      return { lines, selected: clamp(s.selected, lines.length) };
    });
  },

  openEditor(kind) {
    if (kind !== 'additionalDiscount' && get().lines.length === 0) return;
    set({ editor: kind });
  },
  closeEditor: () => set({ editor: null }),
  setConfirmCancel: (v) => set({ confirmCancel: v }),
  clear: () => set({ lines: [], selected: 0, additionalDiscount: 0, editor: null, confirmCancel: false }),
}));
