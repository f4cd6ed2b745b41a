// Productos read through its store (products-store.ts): the product form's checks and saving, and
// SIN's product codes following the activity, against the engine's calls stubbed here
// (test/e2e/till.test.ts and demo-store.test.ts drive the screen on a real engine).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../shared/api-types';

const api = vi.hoisted(() => ({
  products: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  sinProducts: vi.fn(),
  importProducts: vi.fn(),
  demoStore: vi.fn(),
  removeDemoStore: vi.fn(),
}));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { INITIAL_PRODUCTS_STATE, useProducts } = await import('../../../renderer/src/products/products-store');

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const ARROZ = { id: 'p1', code: 'ARR-1', barcode: null, description: 'Arroz 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', active: true } as Product;

beforeEach(() => {
  vi.clearAllMocks();
  useProducts.setState(INITIAL_PRODUCTS_STATE);
  api.products.mockResolvedValue({ content: [ARROZ], page: 0, size: 20, totalElements: 1, totalPages: 1 });
  api.sinProducts.mockResolvedValue([]);
});

describe('Productos: the product form', () => {
  it('refuses blank fields and a price of zero without asking the engine', async () => {
    useProducts.getState().edit('new');
    useProducts.getState().setPrice('0');
    expect(await useProducts.getState().save()).toBe(false);
    expect(api.createProduct).not.toHaveBeenCalled();
    expect(useProducts.getState().draft?.errors).toEqual([
      'Ingrese el código del producto.',
      'Ingrese la descripción.',
      'Ingrese un precio mayor a cero (ejemplo: 12,50).',
      'Elija la actividad económica.',
      'Ingrese el código de producto SIN.',
    ]);
  });

  it('edits with the price as the cashier writes it and saves it in bolivianos, then reads the list again', async () => {
    useProducts.getState().edit(ARROZ);
    expect(useProducts.getState().draft).toMatchObject({ price: '9,50', form: { code: 'ARR-1', barcode: '' } });
    useProducts.getState().setPrice('12,50');
    useProducts.getState().setForm({ description: '  Arroz Grano de Oro 1 kg ' });
    api.updateProduct.mockResolvedValueOnce(ARROZ);
    expect(await useProducts.getState().save()).toBe(true);
    expect(api.updateProduct).toHaveBeenCalledWith('p1', expect.objectContaining({ priceUnit: 12.5, description: 'Arroz Grano de Oro 1 kg', barcode: null }));
    expect(useProducts.getState().draft).toBeNull();
    expect(api.products).toHaveBeenCalledTimes(1);
  });

  it("suggests SIN's codes of the activity chosen last, whatever order the answers come in", async () => {
    const first = deferred<{ codigo: number; descripcion: string }[]>();
    api.sinProducts.mockImplementation((activity: string) => (activity === '471110' ? first.promise : Promise.resolve([{ codigo: 62100, descripcion: 'Servicios' }])));
    useProducts.getState().edit('new');
    useProducts.getState().setForm({ activityEconomic: '471110' });
    useProducts.getState().setForm({ activityEconomic: '620100' });
    await vi.waitFor(() => expect(useProducts.getState().draft?.sinProducts).toHaveLength(1));
    first.resolve([{ codigo: 99100, descripcion: 'Arroz' }]);
    await first.promise;
    await Promise.resolve();
    expect(useProducts.getState().draft?.sinProducts).toEqual([{ codigo: 62100, descripcion: 'Servicios' }]);
  });
});

describe('Productos: CSV import', () => {
  it('drops the byte-order mark a spreadsheet writes and reads the list again', async () => {
    api.importProducts.mockResolvedValueOnce({ created: 1, updated: 0, errors: [] });
    await useProducts.getState().importCsv(new Blob(['\uFEFFcode,description\nA,B']));
    expect(api.importProducts).toHaveBeenCalledWith('code,description\nA,B');
    expect(useProducts.getState().csv).toEqual({ busy: false, result: { created: 1, updated: 0, errors: [] }, error: null });
    expect(api.products).toHaveBeenCalledWith('', 0, 20);
  });
});
