// The Lotes screen's state: one page of the tenant's batches and the batch opened, refreshed
// while any of them is still moving (the engine is the source of truth; polling, not the event
// stream, because the list's counts come from the engine anyway).
import { create } from 'zustand';
import type { Batch, BatchSummary, Page } from '../../../shared/api-types';
import { ApiError, describeError } from '../api/errors';
import { batchesApi } from './batches-api';
import { isActive } from './batch-progress';

export const BATCH_PAGE_SIZE = 20;
/** How often the screen asks again while a batch is not COMPLETED. */
export const BATCH_REFRESH_MS = 3000;

/** `forbidden`: this key lacks the admin (or integrator) scope the batch routes need. */
export type BatchesAccess = 'loading' | 'ready' | 'forbidden';

export interface BatchesState {
  access: BatchesAccess;
  page: Page<BatchSummary> | null;
  /** Keyboard cursor in the list. */
  cursor: number;
  /** The batch opened (its items), or null for the list. */
  opened: Batch | null;
  errors: string[];
  load(pageNo?: number): Promise<void>;
  open(batchId: string): Promise<void>;
  close(): void;
  move(delta: number): void;
  /** One polling tick: reloads the list and the opened batch if something is still moving. */
  refresh(): Promise<void>;
}

export const INITIAL_BATCHES_STATE = { access: 'loading' as BatchesAccess, page: null, cursor: 0, opened: null, errors: [] as string[] };

const forbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

/** Something on screen is not COMPLETED. */
export function needsRefresh(s: Pick<BatchesState, 'page' | 'opened'>): boolean {
  if (s.opened) return isActive(s.opened);
  return (s.page?.content ?? []).some(isActive);
}

export const useBatches = create<BatchesState>()((set, get) => ({
  ...INITIAL_BATCHES_STATE,
  load: async (pageNo) => {
    const n = pageNo ?? get().page?.page ?? 0;
    try {
      const page = await batchesApi.list(n, BATCH_PAGE_SIZE);
      const cursor = Math.min(get().cursor, Math.max(0, page.content.length - 1));
      set({ access: 'ready', page, cursor: pageNo === undefined ? cursor : 0, errors: [] });
    } catch (err) {
      if (forbidden(err)) set({ access: 'forbidden', errors: [] });
      else set({ errors: describeError(err) });
    }
  },
  open: async (batchId) => {
    try {
      set({ opened: await batchesApi.get(batchId), errors: [] });
    } catch (err) {
      set({ errors: describeError(err) });
    }
  },
  close: () => {
    set({ opened: null });
    void get().load();
  },
  move: (delta) => {
    const n = get().page?.content.length ?? 0;
    if (n === 0) return;
    set({ cursor: Math.max(0, Math.min(n - 1, get().cursor + delta)) });
  },
  refresh: async () => {
    const s = get();
    if (s.access !== 'ready' || !needsRefresh(s)) return;
    if (s.opened) await get().open(s.opened.batchId);
    await get().load();
  },
}));
