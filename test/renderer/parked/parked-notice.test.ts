// «Venta en espera (…): Mayús+F10 para retomarla» goes once a held sale is back (a walk saw it stay
// on screen after the recall); the notice of a sale held by the recall itself stays.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { product } from '../sale/fixtures';

const api = vi.hoisted(() => ({ parkSale: vi.fn(), recallParkedSale: vi.fn(), parkedSales: vi.fn() }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { useParked } = await import('../../../renderer/src/parked/parked-store');
const { useCart } = await import('../../../renderer/src/sale/cart-store');
const { useNotices } = await import('../../../renderer/src/components/notices-store');
const { useSession } = await import('../../../renderer/src/session/session-store');

const dto = (id: string, total: number) => ({
  id, posId: 'pos-1', status: 'WAITING', parkedBy: 'Carla', label: null, lineCount: 1, total, parkedAt: '2026-11-28T10:00:00.000', recalledAt: null, recalledBy: null,
  lines: [{ productId: 'p1', code: 'ARR-1', description: 'Arroz', unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', unitPrice: total, quantity: 1, discount: 0 }],
  additionalDiscount: 0, draft: {},
});
const texts = () => useNotices.getState().notices.map((n) => n.text);

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ posId: 'pos-1' });
  useNotices.setState({ notices: [] });
  useCart.getState().clear();
});

describe('the held sale notice', () => {
  it('goes when the sale comes back; a sale held by that recall keeps its own', async () => {
    useCart.getState().addProduct(product({ priceUnit: 9.5 }), 100);
    api.parkSale.mockResolvedValueOnce(dto('a', 9.5));
    expect(await useParked.getState().park()).toBe(true);
    expect(texts()).toEqual([expect.stringMatching(/^Venta en espera \(Bs 9,50\)/)]);

    // Another sale on screen: the recall holds it first (its notice stays), then brings «a» back.
    useCart.getState().addProduct(product({ priceUnit: 6.5 }), 100);
    api.parkSale.mockResolvedValueOnce(dto('b', 6.5));
    api.recallParkedSale.mockResolvedValueOnce(dto('a', 9.5));
    await useParked.getState().recall('a');
    expect(texts()).toEqual([expect.stringMatching(/^Venta en espera \(Bs 6,50\)/)]);

    api.recallParkedSale.mockResolvedValueOnce(dto('b', 6.5));
    useCart.getState().clear();
    await useParked.getState().recall('b');
    expect(texts()).toEqual([]);
  });
});
