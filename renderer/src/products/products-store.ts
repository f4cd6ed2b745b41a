// Productos: the catalog list and its search, the product being edited, the CSV import and the
// training demo store's removal. The engine is the source of truth; each act reads the list again.
import { create } from 'zustand';
import type { DemoStoreState, Page, Product, ProductImportResult, ProductInput } from '../../../shared/api-types';
import { fromHundredths, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { amountInputText, parseAmount } from '../format/amount-input';
import { countOf } from '../format/labels';
import { usePrefs } from '../settings/prefs-store';

const EMPTY: ProductInput = {
  code: '',
  barcode: '',
  description: '',
  priceUnit: 0,
  unitMeasure: 58,
  activityEconomic: '',
  codeProductSin: '',
  active: true,
};

/** The product form: what is typed (the price as the cashier writes it, "12,50") and its errors. */
export interface ProductDraft {
  /** null: a new product. */
  product: Product | null;
  form: ProductInput;
  price: string;
  errors: string[];
  saving: boolean;
  /** SIN's product codes of the chosen activity (the code field suggests them). */
  sinProducts: { codigo: number | string; descripcion: string }[];
}

interface ProductsState {
  q: string;
  page: Page<Product> | null;
  error: unknown;
  /** The row ↑ ↓ move to and Enter opens. */
  selected: number;
  draft: ProductDraft | null;
  csv: { busy: boolean; result: ProductImportResult | null; error: unknown };
  demo: { state: DemoStoreState | null; confirm: boolean; busy: boolean; result: string | null; errors: string[] };
  setQuery(q: string): void;
  load(pageNo?: number): Promise<void>;
  /** Moves the selected row by `delta`, within the page. */
  move(delta: number): void;
  edit(product: Product | 'new'): void;
  closeForm(): void;
  setForm(patch: Partial<ProductInput>): void;
  setPrice(price: string): void;
  /** Checks the form, then creates or updates the product; true when the engine kept it. */
  save(): Promise<boolean>;
  /** Imports a CSV file (a byte-order mark at its start is dropped). */
  importCsv(file: Blob): Promise<void>;
  loadDemo(): Promise<void>;
  confirmDemo(open: boolean): void;
  removeDemo(): Promise<void>;
}

export const INITIAL_PRODUCTS_STATE = {
  q: '',
  page: null,
  error: null,
  selected: 0,
  draft: null,
  csv: { busy: false, result: null, error: null },
  demo: { state: null, confirm: false, busy: false, result: null, errors: [] },
} satisfies Partial<ProductsState>;

export const useProducts = create<ProductsState>()((set, get) => {
  const patchDraft = (patch: Partial<ProductDraft>) => set((s) => (s.draft ? { draft: { ...s.draft, ...patch } } : {}));
  /** SIN's product codes follow the activity chosen; a failed call leaves no suggestion. */
  const loadSinProducts = (activity: string) => {
    if (!activity) return patchDraft({ sinProducts: [] });
    api.sinProducts(activity).then(
      (sinProducts) => {
        if (get().draft?.form.activityEconomic === activity) patchDraft({ sinProducts });
      },
      () => patchDraft({ sinProducts: [] }),
    );
  };
  const reloadPage = () => void get().load(get().page?.page ?? 0);

  return {
    ...INITIAL_PRODUCTS_STATE,

    setQuery: (q) => set({ q }),

    async load(pageNo = 0) {
      try {
        set({ page: await api.products(get().q.trim(), pageNo, usePrefs.getState().productPageSize), error: null });
      } catch (err) {
        set({ error: err });
      }
    },

    move: (delta) => set((s) => ({ selected: Math.max(0, Math.min((s.page?.content.length ?? 0) - 1, s.selected + delta)) })),

    edit(product) {
      const p = product === 'new' ? null : product;
      const form = p ? { ...p, barcode: p.barcode ?? '' } : EMPTY;
      set({ draft: { product: p, form, price: p ? amountInputText(toHundredths(p.priceUnit) ?? 0) : '', errors: [], saving: false, sinProducts: [] } });
      loadSinProducts(form.activityEconomic);
    },

    closeForm: () => set({ draft: null }),

    setForm(patch) {
      const before = get().draft?.form.activityEconomic;
      set((s) => (s.draft ? { draft: { ...s.draft, form: { ...s.draft.form, ...patch } } } : {}));
      const after = get().draft?.form.activityEconomic;
      if (after !== undefined && after !== before) loadSinProducts(after);
    },

    setPrice: (price) => patchDraft({ price }),

    async save() {
      const draft = get().draft;
      if (!draft) return false;
      const { form, product } = draft;
      const errs: string[] = [];
      const cents = parseAmount(draft.price);
      if (!form.code.trim()) errs.push('Ingrese el código del producto.');
      if (!form.description.trim()) errs.push('Ingrese la descripción.');
      if (cents === null || cents <= 0) errs.push('Ingrese un precio mayor a cero (ejemplo: 12,50).');
      if (!form.activityEconomic.trim()) errs.push('Elija la actividad económica.');
      if (!form.codeProductSin.trim()) errs.push('Ingrese el código de producto SIN.');
      if (errs.length) {
        patchDraft({ errors: errs });
        return false;
      }
      const body: ProductInput = {
        ...form,
        code: form.code.trim(),
        barcode: form.barcode?.trim() || null,
        description: form.description.trim(),
        priceUnit: fromHundredths(cents ?? 0),
      };
      patchDraft({ saving: true });
      try {
        if (product) await api.updateProduct(product.id, body);
        else await api.createProduct(body);
        set({ draft: null });
        reloadPage();
        return true;
      } catch (err) {
        patchDraft({ errors: describeError(err), saving: false });
        return false;
      }
    },

    async importCsv(file) {
      set({ csv: { busy: true, result: null, error: null } });
      try {
        const text = await file.text();
        const result = await api.importProducts(text.replace(/^\uFEFF/, ''));
        set({ csv: { busy: false, result, error: null } });
        void get().load(0);
      } catch (err) {
        set({ csv: { busy: false, result: null, error: err } });
      }
    },

    async loadDemo() {
      // Outside training the engine answers 409: nothing is shown.
      const state = await api.demoStore().catch(() => null);
      set((s) => ({ demo: { ...s.demo, state } }));
    },

    confirmDemo: (confirm) => set((s) => ({ demo: { ...s.demo, confirm } })),

    async removeDemo() {
      set((s) => ({ demo: { ...s.demo, busy: true, errors: [] } }));
      try {
        const r = await api.removeDemoStore();
        set((s) => ({
          demo: {
            ...s.demo,
            busy: false,
            confirm: false,
            result: `Tienda de demostración quitada: ${countOf(r.products, 'producto')} y ${countOf(r.clients, 'cliente')}.`,
            state: s.demo.state ? { ...s.demo.state, products: 0, removed: true } : s.demo.state,
          },
        }));
        void get().load(0);
      } catch (err) {
        set((s) => ({ demo: { ...s.demo, busy: false, errors: describeError(err) } }));
      }
    },
  };
});
