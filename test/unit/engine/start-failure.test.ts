import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startFailureText } from '../../../main/engine/start-failure';

const where = { dataDir: '/datos/kipu', port: 8787 };
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

test('a start failure of the machine is said in Spanish with what to do, its code kept for support', () => {
  assert.equal(
    startFailureText(errno('ENOSPC', 'ENOSPC: no space left on device, write'), where),
    'el disco de la carpeta de datos /datos/kipu está lleno: libere espacio y vuelva a abrir Kipu (ENOSPC)',
  );
  assert.match(startFailureText(errno('EROFS', 'EROFS: read-only file system, open'), where), /^el disco de la carpeta de datos \/datos\/kipu no permite escribir \(solo lectura\).*\(EROFS\)$/);
  assert.match(startFailureText(errno('EACCES', 'EACCES: permission denied, mkdir'), where), /^Kipu no tiene permiso para escribir en la carpeta de datos \/datos\/kipu.*\(EACCES\)$/);
  assert.match(startFailureText(errno('EIO', 'EIO: i/o error, fsync'), where), /falló al leer o escribir.*\(EIO\)$/);
});

test('a port taken and a database SQLite may not write, from the real errors', async () => {
  const first = createServer();
  await new Promise<void>((done) => first.listen(0, '127.0.0.1', done));
  const port = (first.address() as { port: number }).port;
  const second = createServer();
  const err = await new Promise<Error>((done) => second.once('error', done).listen(port, '127.0.0.1'));
  first.close();
  assert.equal(startFailureText(err, { ...where, port }), `el puerto ${port} ya está en uso por otro programa (cambie KIPU_PORT o cierre ese programa) (EADDRINUSE)`);

  const dir = mkdtempSync(join(tmpdir(), 'kipu-start-'));
  try {
    new Database(join(dir, 'x.sqlite')).exec('CREATE TABLE t (a)');
    const ro = new Database(join(dir, 'x.sqlite'), { readonly: true });
    let refused: unknown = null;
    try {
      ro.exec('INSERT INTO t VALUES (1)');
    } catch (e) {
      refused = e;
    }
    ro.close();
    assert.match(startFailureText(refused, where), /no permite escribir \(solo lectura\).*\(SQLITE_READONLY\)$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('any other failure keeps its own message', () => {
  assert.equal(startFailureText(new Error('Otra instancia de Kipu está usando la carpeta de datos'), where), 'Otra instancia de Kipu está usando la carpeta de datos');
});
