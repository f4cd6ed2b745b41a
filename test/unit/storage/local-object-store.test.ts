import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LocalObjectStore } from '../../../main/storage/local-object-store';
import { isValidObjectKey } from '../../../main/storage/object-store';
import { tempDir } from '../../fixtures/tmp';

test('put, exists, get with content type, delete', async () => {
  const tmp = tempDir();
  try {
    const store = new LocalObjectStore(join(tmp.dir, 'objects'));
    assert.equal(await store.exists('brand/t/logo.png'), false);
    assert.equal(await store.get('brand/t/logo.png'), null);
    await store.put('brand/t/logo.png', Buffer.from('png-bytes'), { contentType: 'image/png' });
    assert.ok(existsSync(join(tmp.dir, 'objects', 'brand', 't', 'logo.png')));
    assert.equal(await store.exists('brand/t/logo.png'), true);
    const got = await store.get('brand/t/logo.png');
    assert.equal(got?.contentType, 'image/png');
    assert.equal(got?.data.toString(), 'png-bytes');
    assert.equal(got?.size, 9);
    await store.put('brand/t/logo.png', Buffer.from('v2'), { contentType: 'image/png' });
    assert.equal((await store.get('brand/t/logo.png'))?.data.toString(), 'v2');
    await store.delete('brand/t/logo.png');
    await store.delete('brand/t/logo.png');
    assert.equal(await store.exists('brand/t/logo.png'), false);
  } finally {
    tmp.cleanup();
  }
});

test('keys that could leave the root are refused', async () => {
  for (const k of ['', '../x', 'a/../b', '/abs', 'a//b', 'a\\b', 'a/./b', 'sp ace']) assert.equal(isValidObjectKey(k), false, k);
  for (const k of ['a', 'brand/0f-AB/logo-1.png', 'x_y.z']) assert.equal(isValidObjectKey(k), true, k);
  const tmp = tempDir();
  try {
    const store = new LocalObjectStore(tmp.dir);
    await assert.rejects(store.put('../evil', Buffer.from('x'), { contentType: 'text/plain' }), /no válida/);
    await assert.rejects(store.get('a/../../etc/passwd'), /no válida/);
  } finally {
    tmp.cleanup();
  }
});
