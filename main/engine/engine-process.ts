// Entry of the engine when the desktop shell runs it in an Electron utilityProcess: listens on
// 127.0.0.1 with a free port, tells the parent its URL, and stops cleanly when asked. Secrets
// are sealed with the master key the parent keeps in the OS keystore (master-key.ts).
import { join } from 'node:path';
import type { EngineToMainMessage } from '../../shared/ipc';
import { loadSettings } from '../config/settings';
import { FileSecretStore } from '../config/secrets';
import { createLogger } from './logger';
import { startEngine } from './engine';
import { obtainMasterKey, type ParentPortLike } from './master-key';

async function main(): Promise<void> {
  const parent = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
  const settings = loadSettings({ KIPU_PORT: '0', ...process.env });
  const log = createLogger({ level: settings.logLevel, dataDir: settings.dataDir, stdout: !parent });

  let masterKey: Buffer | null = null;
  if (parent) {
    try {
      masterKey = await obtainMasterKey(parent);
    } catch (err) {
      // No keystore (e.g. Linux without a keyring): the file stays plain JSON with mode 0600,
      // as in headless mode. Said loudly, since the desktop promises encryption.
      log.logger.warn({ err }, 'OS keystore unavailable: secrets file is not encrypted (0600 only)');
    }
  }
  const secrets = new FileSecretStore(join(settings.dataDir, 'secrets.json'), masterKey);
  secrets.reseal();

  const engine = await startEngine(settings, { logger: log.logger, secrets });
  const ready: EngineToMainMessage = { type: 'ready', url: engine.url };
  parent?.postMessage(ready);
  const stop = async () => {
    await engine.close();
    await log.close();
    process.exit(0);
  };
  parent?.on('message', (e) => {
    if ((e.data as { type?: string })?.type === 'shutdown') void stop();
  });
  process.on('SIGTERM', () => void stop());
}

main().catch((err: Error) => {
  const parent = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
  parent?.postMessage({ type: 'fatal', message: err.message });
  process.stderr.write(`Kipu: el motor no pudo iniciar: ${err.message}\n`);
  process.exit(1);
});
