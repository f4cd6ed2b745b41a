// The cash drawer pulse (issue 17): the printer's drawer port, on its own (a key on the till,
// cash in/out) — a ticket for a sale with cash carries the same pulse in front. Never sent for a
// card-only sale: CashService.paidInCash decides (main/cash).
import { newEscposBuilder } from './escpos-ticket';
import type { PrinterSettings } from './settings';

/** ESC @, the code page, then the kick: EPSON ESC p 0 t1 t2 (pin 2, 50 ms on, 500 ms off); STAR its own. */
export function buildDrawerPulse(settings: PrinterSettings): Buffer {
  return newEscposBuilder(settings, { drawerKick: true }).getBuffer();
}
