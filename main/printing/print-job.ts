// One print job (ticket, cash report, drawer pulse, test page) to the tenant's printer: the
// virtual printer writes files, any other goes through the transport. In training (issue 24,
// item 7) nothing leaves this machine: a tcp:// printer that is not on loopback gets the job in
// the virtual printer instead, and the answer says so — the screen never claims paper or a
// drawer that did not move. Never throws: the answer is the outcome the routes send.
import type { PrintResult as PrintOutcome } from '../../shared/api/printing';
import { parsePrinterInterface, type PrinterSettings } from './settings';
import { sendToPrinter, type SendOptions } from './transport';
import type { VirtualJob, VirtualPrinter } from './virtual-printer';

export interface PrintJobContext {
  tenantId: string;
  /** Training engine or tenant: only loopback connections. */
  training: boolean;
  virtual: VirtualPrinter;
  send: SendOptions;
  /** The system's reason of a failure, for the log only. */
  log: (fields: { code: string; cause?: string }, msg: string) => void;
}

export interface PrintJobWords {
  /** "Ticket de la factura 12 impreso". */
  printed: string;
  /** What the virtual printer did, before where the files went ("Ticket de la factura 12 en pantalla"). */
  virtual: string;
}

export async function runPrintJob(settings: PrinterSettings, job: VirtualJob, words: PrintJobWords, ctx: PrintJobContext): Promise<PrintOutcome> {
  const toVirtual = async (why: string | null): Promise<PrintOutcome> => {
    try {
      // The files' place is the support's business (<data dir>/tickets/), not the cashier's: a
      // fresh walk found a file path in every print message.
      await ctx.virtual.print(ctx.tenantId, job);
      const detail = `${why ? `${why} ` : ''}${words.virtual} (impresora virtual${ctx.training ? ', entrenamiento' : ''}).`;
      return { printed: true, virtual: true, detail, code: null };
    } catch (err) {
      ctx.log({ code: 'PRINTER_ERROR', cause: err instanceof Error ? err.message : String(err) }, 'virtual printer failed');
      return { printed: false, virtual: true, detail: 'La impresora virtual no pudo guardar el ticket en el disco del equipo. Revise el espacio en disco.', code: 'PRINTER_ERROR' };
    }
  };
  if (parsePrinterInterface(settings.interface)?.kind === 'virtual') return toVirtual(null);
  const r = await sendToPrinter(settings, job.escpos, { ...ctx.send, loopbackOnly: ctx.training });
  if (r.ok) return { printed: true, virtual: false, detail: words.printed, code: null };
  if (r.code === 'NETWORK_IN_TRAINING') return toVirtual(r.message);
  ctx.log({ code: r.code, ...(r.cause ? { cause: r.cause } : {}) }, 'printing failed');
  return { printed: false, virtual: false, detail: r.message, code: r.code };
}
