import { test } from 'node:test';
import assert from 'node:assert/strict';
import { uuidv7 } from '../../../main/store/uuid7';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('uuidv7: RFC 9562 layout, the timestamp in the first 48 bits', () => {
  const ms = Date.UTC(2026, 10, 22, 3, 0, 0, 123);
  const id = uuidv7(ms);
  assert.match(id, FORMAT);
  assert.equal(parseInt(id.replace(/-/g, '').slice(0, 12), 16), ms);
});

test('uuidv7: ids sort in issue order, also many within one millisecond and when the clock steps back', () => {
  const ids: string[] = [];
  const ms = Date.UTC(2026, 10, 22);
  for (let i = 0; i < 10_000; i++) ids.push(uuidv7(ms + Math.floor(i / 5000))); // 5,000 per millisecond: past the counter
  ids.push(uuidv7(ms - 10)); // a clock stepping back keeps the order too
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `order broken at ${i}: ${ids[i - 1]} ≥ ${ids[i]}`);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, FORMAT);
});
