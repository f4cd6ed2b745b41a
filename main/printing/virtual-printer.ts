// The virtual printer (issue 24, item 7): a print job becomes files in the engine's data
// directory — the ESC/POS bytes a real printer would have received (drawer pulse included) and,
// for a ticket or a cash report, its 80 mm PDF — under <data dir>/tickets/<tenant id>/. Training's
// printer preset, so a trainee never reaches the store's network; the till shows the ticket on
// screen. The directory is fixed when the engine starts and every file name is made here from the
// clock and the job's kind: nothing a request carries names a file (issue #19, finding 1).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type VirtualJobKind = 'ticket' | 'reporte' | 'cajon' | 'prueba';

export interface VirtualJob {
  kind: VirtualJobKind;
  /** A number the engine knows (invoice number, session number); only digits are kept. */
  number?: number;
  escpos: Uint8Array;
  /** The document as the customer would get it (ticket, cash report); none for a drawer pulse. */
  pdf?: () => Promise<Uint8Array>;
}

export interface VirtualPrint {
  /** Paths relative to the data directory, for messages and the log. */
  escpos: string;
  pdf: string | null;
}

/** The folder under the data directory; README "Training mode" names it. */
export const VIRTUAL_PRINTER_DIR = 'tickets';

const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class VirtualPrinter {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.root = join(dataDir, VIRTUAL_PRINTER_DIR);
  }

  /** Writes the job's files (never over an existing one); throws on a disk error. */
  async print(tenantId: string, job: VirtualJob): Promise<VirtualPrint> {
    // The tenant id comes from the API key's row, but it names a folder: only a UUID will do.
    if (!TENANT_ID.test(tenantId)) throw new Error('tenant id is not a UUID');
    const dir = join(this.root, tenantId);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const stamp = this.now().toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').replace('Z', '');
    const number = job.number !== undefined && Number.isSafeInteger(job.number) && job.number >= 0 ? `-${job.number}` : '';
    const pdf = job.pdf ? await job.pdf() : null;
    for (let n = 0; ; n++) {
      const stem = `${stamp}-${job.kind}${number}${n === 0 ? '' : `-${n}`}`;
      try {
        // 'wx': a second job in the same millisecond gets the next name, never this file.
        await writeFile(join(dir, `${stem}.escpos`), job.escpos, { flag: 'wx', mode: 0o600 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST' && n < 100) continue;
        throw err;
      }
      if (pdf) await writeFile(join(dir, `${stem}.pdf`), pdf, { flag: 'wx', mode: 0o600 });
      const rel = (ext: string) => join(VIRTUAL_PRINTER_DIR, tenantId, `${stem}.${ext}`);
      return { escpos: rel('escpos'), pdf: pdf ? rel('pdf') : null };
    }
  }
}
