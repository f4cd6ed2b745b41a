// Structured logs (pino) to stdout and to a rotating file in the data directory, so a manager
// can send the last days of logs when something went wrong at the till.
import pino, { type Logger } from 'pino';
import { createStream } from 'rotating-file-stream';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LogLevel } from '../config/settings';

export interface LoggerHandle {
  logger: Logger;
  close(): Promise<void>;
}

export function createLogger(opts: { level: LogLevel; dataDir: string | null; stdout?: boolean }): LoggerHandle {
  const streams: pino.StreamEntry[] = [];
  if (opts.stdout !== false) streams.push({ level: opts.level === 'silent' ? 'fatal' : opts.level, stream: process.stdout });
  let file: ReturnType<typeof createStream> | null = null;
  if (opts.dataDir && opts.level !== 'silent') {
    const dir = join(opts.dataDir, 'logs');
    mkdirSync(dir, { recursive: true });
    file = createStream('kipu.log', { path: dir, size: '10M', interval: '1d', maxFiles: 14, compress: 'gzip' });
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
