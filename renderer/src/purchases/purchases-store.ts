// The Compras screen's month and its purchases (the engine is the source of truth).
import { create } from 'zustand';
import type { PurchaseRecord } from '../../../shared/api-types';
import { purchasesApi } from './purchases-api';
import { describeError } from '../api/errors';
import { boliviaMonth } from '../format/dates';

interface PurchasesState {
  year: number;
  month: number;
  items: PurchaseRecord[];
  /** The month's list has been read once (before that, no «Sin compras»). */
  loaded: boolean;
  errors: string[];
  setMonth(year: number, month: number): void;
  load(): Promise<void>;
}

export const usePurchases = create<PurchasesState>()((set, get) => ({
  ...boliviaMonth(),
  items: [],
  loaded: false,
  errors: [],
  setMonth: (year, month) => {
    set({ year, month, loaded: false, items: [] });
    void get().load();
  },
  load: async () => {
    try {
      const page = await purchasesApi.list(get().year, get().month);
      set({ items: page.content, loaded: true, errors: [] });
    } catch (err) {
      set({ errors: describeError(err) });
    }
  },
}));
