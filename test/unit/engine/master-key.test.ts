import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { obtainMasterKey, type ParentPortLike } from '../../../main/engine/master-key';
import type { EngineToMainMessage } from '../../../shared/ipc';

/** The Electron main side of shared/ipc.ts, with an in-memory keystore. */
function fakeParent(opts: { fail?: string; silent?: boolean } = {}) {
  const emitter = new EventEmitter();
  const store = new Map<string, string>();
  const sent: EngineToMainMessage[] = [];
  const port: ParentPortLike = {
    postMessage(m) {
      sent.push(m);
      if (opts.silent) return;
      setImmediate(() => {
        if (opts.fail) return emitter.emit('message', { data: { type: 'secret.result', requestId: (m as { requestId: string }).requestId, ok: false, error: opts.fail } });
        if (m.type === 'secret.get') emitter.emit('message', { data: { type: 'secret.result', requestId: m.requestId, ok: true, value: store.get(m.name) ?? null } });
        if (m.type === 'secret.set') {
          store.set(m.name, m.value);
          emitter.emit('message', { data: { type: 'secret.result', requestId: m.requestId, ok: true, value: null } });
        }
      });
    },
    on: (e, cb) => void emitter.on(e, cb),
    off: (e, cb) => void emitter.off(e, cb),
  };
  return { port, store, sent, listeners: () => emitter.listenerCount('message') };
}

test('creates a 32-byte master key on first run, stores it in the keystore and reuses it', async () => {
  const p = fakeParent();
  const first = await obtainMasterKey(p.port);
  assert.equal(first.length, 32);
  assert.equal(p.store.get('engine.master-key'), first.toString('base64'));
  const again = await obtainMasterKey(p.port);
  assert.deepEqual(again, first);
  assert.equal(p.listeners(), 0, 'no listener left behind');
});

test('rejects when the keystore is unavailable or the main process does not answer', async () => {
  await assert.rejects(obtainMasterKey(fakeParent({ fail: 'El almacén seguro del sistema no está disponible.' }).port), /almacén seguro/);
  await assert.rejects(obtainMasterKey(fakeParent({ silent: true }).port, 50), /no respondió/);
});
