// Where the simulator writes what it does: the engine passes its logger, the CLI the console,
// tests nothing. Runs in: SIAT simulator only.

export interface SimLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: SimLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
