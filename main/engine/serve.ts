// `npm run serve`: the engine + API + web UI without Electron (browser mode). Any browser on
// this machine is a till.
import { loadSettings, SettingsError } from '../config/settings';
import { createLogger } from './logger';
import { startEngine } from './engine';
import { Rehearsals } from '../certify/rehearsal';
import { exposureWarning } from './network-exposure';
import { startFailureText } from './start-failure';

async function main(): Promise<void> {
  let settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof SettingsError) {
      process.stderr.write(`Kipu no pudo iniciar: configuración inválida en ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger({ level: settings.logLevel, dataDir: settings.dataDir });
  let engine;
  try {
    engine = await startEngine(settings, { logger: log.logger, rehearsals: (e, dir) => new Rehearsals(e, dir) });
  } catch (err) {
    process.stderr.write(`Kipu no pudo iniciar: ${startFailureText(err, settings)}\n`);
    await log.close();
    process.exit(1);
  }
  const lines = [`Kipu escuchando en ${engine.url}`, `  Interfaz web: ${engine.url}/   Documentación de la API: ${engine.url}/docs`, `  Datos: ${settings.dataDir}`];
  if (engine.training) {
    lines.push('  MODO ENTRENAMIENTO — sin valor fiscal');
    lines.push(`  Clave de API de demostración: ${engine.demoApiKey}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const warning = exposureWarning(settings.host, settings.publicUrl);
  if (warning) {
    process.stderr.write(`${warning}\n`);
    log.logger.warn({ host: settings.host }, 'serving plain HTTP beyond loopback');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.logger.info({ signal }, 'shutting down');
    try {
      await engine.close();
    } finally {
      await log.close();
      process.stdout.write('Kipu detenido.\n');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
