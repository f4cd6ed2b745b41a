// Runs in: Electron main. Starts the engine (dist/engine/engine-process.cjs) in a
// utilityProcess and waits for its { type: 'ready', url } message; answers its secret requests.
import { utilityProcess, type UtilityProcess } from 'electron';
import { isEngineToMainMessage, type MainToEngineMessage } from '../../shared/ipc';
import { isLoopbackEngineUrl } from './security';
import type { SecretStore } from './secrets';

export interface EngineHandle {
  url: string;
  child: UtilityProcess;
  stop(): Promise<void>;
}

export interface StartEngineOptions {
  entry: string;
  env: Record<string, string>;
  secrets: SecretStore;
  timeoutMs?: number;
  onExit: (code: number) => void;
  log?: (line: string) => void;
}

export function startEngine(opts: StartEngineOptions): Promise<EngineHandle> {
  const child = utilityProcess.fork(opts.entry, [], {
    serviceName: 'Kipu engine',
    env: { ...process.env, ...opts.env } as Record<string, string>,
    stdio: 'inherit',
  });
  const send = (m: MainToEngineMessage) => child.postMessage(m);
  let ready = false;

  return new Promise<EngineHandle>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (!ready) {
        child.kill();
        reject(new Error('El motor de Kipu no respondió a tiempo.'));
      }
    }, opts.timeoutMs ?? 30_000);

    child.on('message', (m: unknown) => {
      if (!isEngineToMainMessage(m)) return;
      switch (m.type) {
        case 'ready':
          if (ready) return;
          if (!isLoopbackEngineUrl(m.url)) {
            child.kill();
            reject(new Error(`El motor anunció una dirección no local: ${m.url}`));
            return;
          }
          ready = true;
          clearTimeout(timer);
          resolve({
            url: m.url,
            child,
            stop: () =>
              new Promise<void>((done) => {
                const force = setTimeout(() => {
                  child.kill();
                  done();
                }, 5000);
                child.once('exit', () => {
                  clearTimeout(force);
                  done();
                });
                send({ type: 'shutdown' });
              }),
          });
          return;
        case 'fatal':
          opts.log?.(`engine fatal: ${m.message}`);
          if (!ready) {
            clearTimeout(timer);
            reject(new Error(m.message));
          }
          return;
        case 'secret.get':
        case 'secret.set':
        case 'secret.delete':
          try {
            let value: string | null = null;
            if (m.type === 'secret.get') value = opts.secrets.get(m.name);
            else if (m.type === 'secret.set') opts.secrets.set(m.name, m.value);
            else opts.secrets.delete(m.name);
            send({ type: 'secret.result', requestId: m.requestId, ok: true, value });
          } catch (err) {
            send({ type: 'secret.result', requestId: m.requestId, ok: false, error: err instanceof Error ? err.message : String(err) });
          }
          return;
      }
    });

    child.on('exit', (code: number) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`El motor de Kipu terminó al iniciar (código ${code}).`));
      else opts.onExit(code);
    });
  });
}
