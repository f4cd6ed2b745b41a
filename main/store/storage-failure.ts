// A write the disk refused, told apart from the engine's own bugs. SQLite reports a full disk as
// SQLITE_FULL, a database it may not write as SQLITE_READONLY*, and a file system that turned
// read-only or failed underneath it (EROFS, EIO) as SQLITE_IOERR*; in every case the statement's
// transaction is rolled back, so nothing of it is stored. The API answers these with a 503
// (main/api/domain-errors.ts); the codes are read here so no other folder depends on SQLite's.

/** FULL: no space left; READ_ONLY: the database or its file system refuses writes; IO: the disk failed. */
export type StorageFailure = 'FULL' | 'READ_ONLY' | 'IO';

/** The API's machine code for each (the one table, main/api/domain-errors.ts, gives them 503). */
export const STORAGE_ERROR_CODE = {
  FULL: 'STORAGE_FULL',
  READ_ONLY: 'STORAGE_READ_ONLY',
  IO: 'STORAGE_IO_ERROR',
} as const satisfies Record<StorageFailure, string>;

export function storageFailureOf(err: unknown): StorageFailure | null {
  if (!(err instanceof Error) || err.name !== 'SqliteError') return null;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'FULL';
  if (code.startsWith('SQLITE_READONLY')) return 'READ_ONLY';
  if (code.startsWith('SQLITE_IOERR')) return 'IO';
  return null;
}
