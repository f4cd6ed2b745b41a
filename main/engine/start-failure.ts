// Why the engine could not start, in the words of the person who started it (serve.ts prints it,
// the desktop shell shows it in a dialog). The failures a store meets at start are the machine's,
// not Kipu's: the disk of the data folder full or turned read-only, a folder it may not write, a
// port taken. Node and SQLite say those in English codes (ENOSPC, SQLITE_READONLY); they are
// said here in Spanish with what to do, the original code kept at the end for support.
import { storageFailureOf } from '../store/storage-failure';

export function startFailureText(err: unknown, where: { dataDir: string; port?: number }): string {
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : '';
  const folder = `la carpeta de datos ${where.dataDir}`;
  const storage = storageFailureOf(err);
  let text: string | null = null;
  if (code === 'EADDRINUSE') text = `el puerto ${where.port ?? ''} ya está en uso por otro programa (cambie KIPU_PORT o cierre ese programa)`;
  else if (code === 'ENOSPC' || code === 'EDQUOT' || storage === 'FULL') text = `el disco de ${folder} está lleno: libere espacio y vuelva a abrir Kipu`;
  else if (code === 'EROFS' || storage === 'READ_ONLY') text = `el disco de ${folder} no permite escribir (solo lectura): revise el disco o elija otra carpeta con KIPU_DATA_DIR`;
  else if (code === 'EACCES' || code === 'EPERM') text = `Kipu no tiene permiso para escribir en ${folder}: dé permiso al usuario que ejecuta Kipu o elija otra carpeta con KIPU_DATA_DIR`;
  else if (code === 'EIO' || storage === 'IO') text = `el disco de ${folder} falló al leer o escribir: revise el disco antes de volver a abrir Kipu`;
  if (!text) return e instanceof Error ? e.message : String(err);
  return `${text} (${code || (err as Error).name})`;
}
