// Entry of the engine when the desktop shell runs it in an Electron utilityProcess: listens on
// 127.0.0.1 with a free port, tells the parent its URL, and stops cleanly when asked.
import { loadSettings } from '../config/settings';
import { createLogger } from './logger';
import { startEngine } from './engine';

interface ParentPort {
  postMessage(msg: unknown): void;
  on(event: 'message', cb: (e: { data: unknown }) => void): void;
}

async function main(): Promise<void> {
  const parent = (process as unknown as { parentPort?: ParentPort }).parentPort;
  const settings = loadSettings({ KIPU_PORT: '0', ...process.env });
  const log = createLogger({ level: settings.logLevel, dataDir: settings.dataDir, stdout: !parent });
  const engine = await startEngine(settings, { logger: log.logger });
  parent?.postMessage({ type: 'ready', url: engine.url, training: engine.training });
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
  const parent = (process as unknown as { parentPort?: ParentPort }).parentPort;
  parent?.postMessage({ type: 'error', message: err.message });
  process.stderr.write(`Kipu: el motor no pudo iniciar: ${err.message}\n`);
  process.exit(1);
});
