// The X/Z report as ESC/POS bytes for the 80 mm printer (issue 17). Pure: report + printer
// settings in, bytes out; the drawer never opens for a report.
import type { CashReport } from '../../shared/api/cash';
import { newEscposBuilder, toPrintable } from '../printing/escpos-ticket';
import type { PrinterSettings } from '../printing/settings';
import { reportLines } from './report-layout';

export function buildEscposCashReport(report: CashReport, settings: PrinterSettings, copy = false): Buffer {
  const p = newEscposBuilder(settings, { drawerKick: false });
  const w = settings.width;
  for (const l of reportLines(report, copy)) {
    switch (l.kind) {
      case 'title':
        p.alignCenter();
        p.bold(true);
        p.println(toPrintable(l.text));
        p.bold(false);
        p.alignLeft();
        break;
      case 'text':
        if (l.center) p.alignCenter();
        if (l.bold) p.bold(true);
        p.println(toPrintable(l.text));
        if (l.bold) p.bold(false);
        if (l.center) p.alignLeft();
        break;
      case 'row': {
        const label = toPrintable(l.label);
        const value = toPrintable(l.value);
        if (l.bold) p.bold(true);
        if (label.length + value.length + 1 <= w) p.println(label + ' '.repeat(w - label.length - value.length) + value);
        else {
          p.println(label);
          p.println(' '.repeat(Math.max(w - value.length, 0)) + value);
        }
        if (l.bold) p.bold(false);
        break;
      }
      case 'rule':
        p.println('-'.repeat(w));
        break;
    }
  }
  p.newLine();
  p.cut();
  return p.getBuffer();
}
