// Heavy work stored in short lots (issue 25): a batch's received items, its issuing steps and a
// purchase import's rows are written on the engine's thread, and one transaction of thousands of
// rows held every till for as long as it took. Here each lot is one transaction that ends at
// `max` items or once it has held the thread `ms` — a loaded machine gets smaller lots, not longer
// waits — and never under `min` items, whose one durable commit costs less than the items
// themselves; the thread is given back between lots (decisions 0067, 0078, 0088).
//
// What a lot stores is committed whole or not at all. A crash between lots keeps the lots before
// it: each caller makes that a state it resumes from without storing anything twice (an import's
// rows found again as duplicates, a batch's reception left out of every read until made whole,
// an issued item skipped by the next step).
//
// A lot waits while the till's sale or ticket is in flight, within a bound (sale-first.ts).
import { saleFirst } from './sale-first';

export interface LotLimits {
  /** Items per lot at most… */
  max: number;
  /** …and past `min` items, none once the lot has held the thread `ms` milliseconds. */
  min: number;
  ms: number;
}

/** What a lot's item answers: `false` ends the work after it (what the lot stored before it is committed). */
type LotItem = (index: number) => boolean | void;

/**
 * Runs `item(i)` for i from 0 to `count - 1` in lots, each inside `transaction`, the event loop
 * given the thread before every lot (and a sale in flight let through first, sale-first.ts), and
 * `afterLot` (events, a stop check) after each commit.
 * Resolves with how many items ran to the end: `count`, or the index of the one that answered false.
 */
export async function storeInLots(
  count: number,
  limits: LotLimits,
  transaction: (fn: () => void) => void,
  item: LotItem,
  afterLot?: (done: number) => void,
): Promise<number> {
  let at = 0;
  let ended = false;
  while (at < count && !ended) {
    await new Promise((r) => setImmediate(r));
    await saleFirst.clear();
    const started = performance.now();
    const end = Math.min(count, at + limits.max);
    const least = at + limits.min;
    transaction(() => {
      for (; at < end && (at < least || performance.now() - started < limits.ms); at++) {
        if (item(at) === false) {
          ended = true;
          return;
        }
      }
    });
    afterLot?.(at);
  }
  return at;
}
