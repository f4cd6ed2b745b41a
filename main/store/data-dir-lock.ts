// One engine per data directory ("never twice"): two engines on the same folder — the desktop app
// and `npm run serve`, or an admin command such as `certify --autoevaluacion` run while Kipu is
// open — would each resume the same pending submissions, batches and packages at start and send
// them to SIAT twice, and each would number sales from the same counters in its own memory. The
// engine takes this lock before it opens the database and gives it back when it stops.
//
// The lock is a file created exclusively (O_EXCL) holding the owner's process id. A lock left by a
// process that no longer runs (a crash, kill -9, a power cut) is taken over; so is one left by
// this same process (an engine of a test or a command that was never stopped). The check of the
// pid cannot tell another program that got the same pid after a reboot from Kipu: in that rare
// case the message names the file to delete.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'kipu.lock';

/** Another engine holds the data directory: the message names its process and the folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Otra instancia de Kipu${pid ? ` (proceso ${pid})` : ''} está usando la carpeta de datos ${dataDir}. Ciérrela antes de abrir Kipu o de ejecutar un comando de administración sobre esa carpeta. Si no hay ninguna abierta, borre el archivo ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/** The holder's pid, waiting a moment for one being written (a lock created an instant ago is still empty). */
function holderSettled(path: string): number | null {
  for (let i = 0; i < 5; i++) {
    const pid = holder(path);
    if (pid !== null) return pid;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return null;
}

/** Takes the data directory for this process; throws DataDirInUseError while another live process holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
      } finally {
        closeSync(fd);
      }
      return {
        release() {
          // Only our own: a lock another process took over meanwhile stays. Never throws: a disk
          // gone read-only (EROFS) keeps the file, which the next start takes over (this process
          // or a dead one); a throw here would leave the rest of the engine's close undone.
          try {
            if (holder(path) === process.pid) rmSync(path, { force: true });
          } catch {
            // kept; see above
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderSettled(path);
      if (pid !== null && pid !== process.pid && alive(pid)) throw new DataDirInUseError(dataDir, pid);
      // Two starts taking over the same stale lock: the second one yields.
      if (attempt >= 2) throw new DataDirInUseError(dataDir, pid ?? 0);
      // Left by a process that is gone, by this one, or empty (its write cut short by a crash or a
      // disk turned read-only): taken over.
      rmSync(path, { force: true });
    }
  }
}
