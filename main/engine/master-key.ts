// Runs in: the engine process (Electron utilityProcess). The engine's secrets file (SIAT tokens,
// certificate keys of every tenant) is AES-256-GCM encrypted with a random master key that the
// Electron main process keeps with safeStorage, i.e. the OS keystore (DESIGN.md, Desktop). The
// key is asked for over the parent port (shared/ipc.ts 'secret.*'); the first run creates it.
import { randomBytes, randomUUID } from 'node:crypto';
import type { EngineToMainMessage, MainToEngineMessage } from '../../shared/ipc';

export interface ParentPortLike {
  postMessage(msg: EngineToMainMessage): void;
  on(event: 'message', cb: (e: { data: unknown }) => void): void;
  off?(event: 'message', cb: (e: { data: unknown }) => void): void;
  removeListener?(event: 'message', cb: (e: { data: unknown }) => void): void;
}

type SecretResult = Extract<MainToEngineMessage, { type: 'secret.result' }>;

function isSecretResult(m: unknown, requestId: string): m is SecretResult {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'secret.result' && (m as { requestId?: unknown }).requestId === requestId;
}

function ask(parent: ParentPortLike, msg: Extract<EngineToMainMessage, { type: 'secret.get' | 'secret.set' }>, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      if (parent.off) parent.off('message', onMessage);
      else parent.removeListener?.('message', onMessage);
    };
    const onMessage = (e: { data: unknown }) => {
      if (!isSecretResult(e.data, msg.requestId)) return;
      done();
      if (e.data.ok) resolve(e.data.value);
      else reject(new Error(e.data.error));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('El proceso principal no respondió a la solicitud de la clave maestra'));
    }, timeoutMs);
    parent.on('message', onMessage);
    parent.postMessage(msg);
  });
}

const NAME = 'engine.master-key' as const;

/**
 * The 32-byte master key from the desktop's keystore, created on first use. Rejects when the
 * keystore is unavailable (Linux without a keyring) or the main process does not answer.
 */
export async function obtainMasterKey(parent: ParentPortLike, timeoutMs = 10_000): Promise<Buffer> {
  const stored = await ask(parent, { type: 'secret.get', requestId: randomUUID(), name: NAME }, timeoutMs);
  if (stored) {
    const key = Buffer.from(stored, 'base64');
    if (key.length !== 32) throw new Error('La clave maestra guardada no tiene 32 bytes');
    return key;
  }
  const key = randomBytes(32);
  await ask(parent, { type: 'secret.set', requestId: randomUUID(), name: NAME, value: key.toString('base64') }, timeoutMs);
  return key;
}
