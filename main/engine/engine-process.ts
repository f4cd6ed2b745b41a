// Entry of the engine when the desktop shell runs it in an Electron utilityProcess: listens on
// 127.0.0.1 with a free port, tells the parent its URL, and stops cleanly when asked. Secrets
// are sealed with the master key the parent keeps in the OS keystore (master-key.ts).
import { join } from 'node:path';
import type { EngineToMainMessage } from '../../shared/ipc';
import { loadSettings } from '../config/settings';
import { desktopSecretStore, FileSecretStore, type SecretStore } from '../config/secrets';
import { createLogger } from './logger';
import { startEngine } from './engine';
import { Rehearsals } from '../certify/rehearsal';
import { obtainMasterKey, type ParentPortLike } from './master-key';
import { startFailureText } from './start-failure';

/** The data folder, once the settings are read: a start failure names it. */
let dataDir = '';

async function main(): Promise<void> {
  const parent = (process as unknown as { parentPort?: ParentPortLike }).parentPort;
  const settings = loadSettings({ KIPU_PORT: '0', ...process.env });
  dataDir = settings.dataDir;
  const log = createLogger({ level: settings.logLevel, dataDir: settings.dataDir, stdout: !parent });

  const file = join(settings.dataDir, 'secrets.json');
  let secrets: SecretStore;
  if (parent) {
    let masterKey: Buffer | null = null;
    try {
      masterKey = await obtainMasterKey(parent);
    } catch (err) {
      // No keystore (e.g. Linux without a keyring): no plain file unless the administrator
      // opted in (decision 0040); the engine starts and sells either way.
      log.logger.warn({ err }, 'OS keystore unavailable');
    }
    const chosen = desktopSecretStore(file, masterKey, settings.allowPlainSecrets);
    if (chosen.warning) log.logger.warn(chosen.warning);
    secrets = chosen.store;
  } else {
    // Run as plain node outside Electron: headless rules, the 0600 file.
    secrets = new FileSecretStore(file);
  }

  const engine = await startEngine(settings, { logger: log.logger, secrets, rehearsals: (e, dir) => new Rehearsals(e, dir) });
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
  const message = dataDir ? startFailureText(err, { dataDir }) : err.message;
  parent?.postMessage({ type: 'fatal', message });
  process.stderr.write(`Kipu: el motor no pudo iniciar: ${message}\n`);
  process.exit(1);
});
