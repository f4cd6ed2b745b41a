// `npm run siat-sim -- --port N [--token T] [--data DIR] [--admin-port M] [--delay MS]`:
// the SIAT simulator alone (DESIGN.md, Operating interface). Prints the base URL and the
// admin URL; Ctrl+C closes it cleanly.
// Runs in: its own Node process.

import { parseArgs } from 'node:util';
import { startSiatSimulator } from './simulator';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    data: { type: 'string' },
    'admin-port': { type: 'string' },
    ambiente: { type: 'string' },
    delay: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
  strict: true,
});

const log = (level: string) => (message: string) => {
  if (!values.quiet) console.log(`[${new Date().toISOString()}] ${level} ${message}`);
};

// No top-level await: the build bundles this file as CommonJS (dist/engine/siat-sim.cjs).
async function main(): Promise<void> {
  const sim = await startSiatSimulator({
    port: Number(values.port),
    host: values.host,
    ...(values.token ? { token: values.token } : {}),
    ...(values.data ? { dataDir: values.data } : {}),
    ...(values['admin-port'] ? { adminPort: Number(values['admin-port']) } : {}),
    ...(values.ambiente ? { ambiente: Number(values.ambiente) === 1 ? 1 : 2 } : {}),
    ...(values.delay ? { packageValidationDelayMs: Number(values.delay) } : {}),
    logger: { info: log('INFO'), warn: log('WARN'), error: log('ERROR') },
  });

  console.log(`SIAT simulator: ${sim.url}`);
  console.log(`Admin API:      ${sim.adminUrl}`);
  console.log(`Training mode:  KIPU_TRAINING=1 KIPU_SIAT_URL=${sim.url}`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    sim.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
