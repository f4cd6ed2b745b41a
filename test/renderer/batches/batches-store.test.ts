// The Lotes store against a mocked batches-api (as the other renderer store tests mock the
// engine's calls); the routes themselves are tested over HTTP in test/integration/massive.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Batch, BatchSummary, Page } from '../../../shared/api-types';

const batchesApi = vi.hoisted(() => ({ list: vi.fn(), get: vi.fn() }));
vi.mock('../../../renderer/src/batches/batches-api', () => ({ batchesApi }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_BATCHES_STATE, needsRefresh, useBatches } = await import('../../../renderer/src/batches/batches-store');

function summary(id: string, state: BatchSummary['state'], counts: Record<string, number> = {}): BatchSummary {
  return { batchId: id, posId: 'pos-1', state, items: 3, counts, lastError: null, createdAt: '2025-03-07T13:00:00.000Z', completedAt: null };
}

function page(content: BatchSummary[], n = 0): Page<BatchSummary> {
  return { content, page: n, size: 20, totalElements: content.length, totalPages: 1, first: n === 0, last: true };
}

function detail(id: string, state: Batch['state']): Batch {
  return { ...summary(id, state, { VALIDATED: 2, REFUSED: 1 }), packages: { total: 1, sent: 1, settled: 1 }, invoices: [] };
}

beforeEach(() => {
  useBatches.setState({ ...INITIAL_BATCHES_STATE });
  batchesApi.list.mockReset();
  batchesApi.get.mockReset();
});

describe('Lotes store', () => {
  it('loads the first page and keeps the cursor within it', async () => {
    batchesApi.list.mockResolvedValue(page([summary('b2', 'SENDING'), summary('b1', 'COMPLETED')]));
    await useBatches.getState().load(0);
    expect(batchesApi.list).toHaveBeenCalledWith(0, 20);
    expect(useBatches.getState().access).toBe('ready');
    useBatches.getState().move(5);
    expect(useBatches.getState().cursor).toBe(1);
    useBatches.getState().move(-9);
    expect(useBatches.getState().cursor).toBe(0);
  });

  it('a key without the batch scope is told so once, not shown an error per poll', async () => {
    batchesApi.list.mockRejectedValue(new ApiError(403, { code: 'FORBIDDEN', detail: 'Esta clave no tiene el ámbito requerido' }));
    await useBatches.getState().load(0);
    expect(useBatches.getState().access).toBe('forbidden');
    expect(useBatches.getState().errors).toEqual([]);
    await useBatches.getState().refresh();
    expect(batchesApi.list).toHaveBeenCalledTimes(1);
  });

  it('an engine that does not answer is an error in Spanish and the list stays as it was', async () => {
    batchesApi.list.mockResolvedValueOnce(page([summary('b1', 'COMPLETED')]));
    await useBatches.getState().load(0);
    batchesApi.list.mockRejectedValueOnce(new ApiError(0, {}));
    await useBatches.getState().load();
    expect(useBatches.getState().page?.content.map((b) => b.batchId)).toEqual(['b1']);
    expect(useBatches.getState().errors.join(' ')).toMatch(/No se pudo conectar/);
  });

  it('refreshes while a batch is not COMPLETED and stops once every one is', async () => {
    batchesApi.list.mockResolvedValueOnce(page([summary('b1', 'VALIDATING', { PENDING: 2, REFUSED: 1 })]));
    await useBatches.getState().load(0);
    expect(needsRefresh(useBatches.getState())).toBe(true);
    batchesApi.list.mockResolvedValueOnce(page([summary('b1', 'COMPLETED', { VALIDATED: 2, REFUSED: 1 })]));
    await useBatches.getState().refresh();
    expect(useBatches.getState().page?.content[0]?.counts).toEqual({ VALIDATED: 2, REFUSED: 1 });
    expect(needsRefresh(useBatches.getState())).toBe(false);
    await useBatches.getState().refresh();
    expect(batchesApi.list).toHaveBeenCalledTimes(2);
  });

  it('an opened batch is refreshed until COMPLETED; closing it reloads the list', async () => {
    batchesApi.list.mockResolvedValue(page([summary('b1', 'COMPLETED')]));
    await useBatches.getState().load(0);
    batchesApi.get.mockResolvedValueOnce(detail('b1', 'SENDING'));
    await useBatches.getState().open('b1');
    expect(needsRefresh(useBatches.getState())).toBe(true);
    batchesApi.get.mockResolvedValueOnce(detail('b1', 'COMPLETED'));
    await useBatches.getState().refresh();
    expect(batchesApi.get).toHaveBeenCalledTimes(2);
    expect(useBatches.getState().opened?.state).toBe('COMPLETED');
    expect(needsRefresh(useBatches.getState())).toBe(false);
    useBatches.getState().close();
    expect(useBatches.getState().opened).toBeNull();
    expect(batchesApi.list).toHaveBeenCalledTimes(3);
  });
});
