// Time-ordered UUIDs (RFC 9562 §5.7, version 7) for rows inserted on the sale path. A random
// (v4) key lands on a random leaf of every index that holds it, so each sale dirtied pages all
// over the file and wrote them to the WAL at commit; v7 keys share the last leaf with the sale
// before. Same text format as any UUID: clients and the API's `format: uuid` see no change.
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;
let lastMs = -1;
let counter = 0;

/**
 * 48-bit Unix milliseconds, version 7, a 12-bit counter (rand_a, RFC 9562 method 1) so ids
 * issued within one millisecond stay in order, then the variant and 62 random bits.
 */
export function uuidv7(nowMs: number = Date.now()): string {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const b = pool.subarray(poolAt, poolAt + 16);
  poolAt += 16;
  if (nowMs > lastMs) {
    lastMs = nowMs;
    counter = b[6]! & 0x07; // random start, leaving room to count up within the millisecond
  } else {
    counter++;
    if (counter > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next millisecond rather than lose the order.
      lastMs++;
      counter = 0;
    }
  }
  const ms = lastMs;
  b[0] = Math.floor(ms / 2 ** 40) & 0xff;
  b[1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (counter >>> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
