// Structured logs (pino) to stdout and to a rotating file in the data directory, so a manager
// can send the last days of logs when something went wrong at the till.
import pino, { type Logger } from 'pino';
import { createStream } from 'rotating-file-stream';
import { join } from 'node:path';
import type { LogLevel } from '../config/settings';
import { ensurePrivateDir, makePrivate, PRIVATE_FILE_MODE } from '../config/paths';

export interface LoggerHandle {
  logger: Logger;
  close(): Promise<void>;
}

export function createLogger(opts: { level: LogLevel; dataDir: string | null; stdout?: boolean }): LoggerHandle {
  const streams: pino.StreamEntry[] = [];
  if (opts.stdout !== false) streams.push({ level: opts.level === 'silent' ? 'fatal' : opts.level, stream: process.stdout });
  let file: ReturnType<typeof createStream> | null = null;
  if (opts.dataDir && opts.level !== 'silent') {
    // Logs name customers and requests: owner-only like the rest of the data (issue #19, finding 10).
    // The logger may start before the engine, so it makes the data directory private itself.
    ensurePrivateDir(opts.dataDir);
    const dir = join(opts.dataDir, 'logs');
    ensurePrivateDir(dir);
    makePrivate(dir);
    // `mode` covers the log and its gzipped rotations; the rotation's history list is written
    // without it, so the folder is tightened again after each rotation.
    file = createStream('kipu.log', { path: dir, size: '10M', interval: '1d', maxFiles: 14, compress: 'gzip', mode: PRIVATE_FILE_MODE });
    file.on('history', () => {
      try {
        makePrivate(dir);
      } catch {
        // A file renamed meanwhile: the next rotation tightens it, and the folder is owner-only anyway.
      }
    });
    // A full or read-only disk (issue #16) must cost the log, never the engine: an 'error' event
    // without a listener would end the process. Said once on stderr; sales answer 503 meanwhile.
    let told = false;
    file.on('error', (err: Error) => {
      if (told) return;
      told = true;
      process.stderr.write(`kipu: no se puede escribir el registro en ${dir}: ${err.message}\n`);
    });
    streams.push({ level: opts.level, stream: file });
  }
  const logger = pino({ level: opts.level, base: { app: 'kipu' } }, pino.multistream(streams));
  return {
    logger,
    close: () =>
      new Promise<void>((resolve) => {
        if (!file) return resolve();
        file.end(() => resolve());
      }),
  };
}
