// Catalog entries the screens show as names (cancellation reasons, events, units …), loaded
// once per session from the engine's local copy; fallbacks until the first sync.
import { create } from 'zustand';
import type { CatalogEntry, GenericCatalogType } from '../../../shared/api-types';
import { api } from '../api';

interface CatalogsState {
  entries: Partial<Record<GenericCatalogType | 'activities', CatalogEntry[]>>;
  load(type: GenericCatalogType | 'activities', force?: boolean): Promise<CatalogEntry[]>;
}

export const useCatalogs = create<CatalogsState>()((set, get) => ({
  entries: {},
  async load(type, force = false) {
    const have = get().entries[type];
    if (have && have.length > 0 && !force) return have;
    try {
      const list = type === 'activities' ? await api.activities() : await api.catalog(type);
      set((s) => ({ entries: { ...s.entries, [type]: list } }));
      return list;
    } catch {
      return have ?? [];
    }
  },
}));
