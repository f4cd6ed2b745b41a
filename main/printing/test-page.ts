// ESC/POS bytes of the printer test page: the settings, every Spanish character in the chosen
// code page, a ruler for the column width and a QR in the chosen mode. Pure.
import { appendQr, newEscposBuilder, toPrintable } from './escpos-ticket';
import type { PrinterSettings } from './settings';

export const TEST_PAGE_QR_URL = 'https://siat.impuestos.gob.bo';

export function buildEscposTestPage(settings: PrinterSettings): Buffer {
  const p = newEscposBuilder(settings);
  const w = settings.width;
  const line = (t: string) => p.println(toPrintable(t));
  p.alignCenter();
  // ESC ! (EPSON) also resets emphasis, so size goes before bold.
  p.setTextQuadArea();
  p.bold(true);
  line('PRUEBA DE IMPRESIÓN');
  p.setTextNormal();
  line('Kipu');
  p.bold(false);
  p.println('-'.repeat(w));
  p.alignLeft();
  line(`Conexión: ${settings.interface}`);
  line(`Tipo: ${settings.type.toUpperCase()}   Ancho: ${w} columnas`);
  line(`Página de códigos: ${settings.characterSet}`);
  line(`QR: ${settings.qr === 'native' ? 'nativo' : 'imagen'}   Cajón: ${settings.drawerKick ? 'sí' : 'no'}`);
  p.newLine();
  line('Acentos: á é í ó ú  Á É Í Ó Ú');
  line('Eñes: ñ Ñ   Diéresis: ü Ü');
  line('Signos: ¿ ¡ ° º ª');
  // The ruler must fill exactly one line: a wrap means the width setting is too large.
  p.println(Array.from({ length: w }, (_, i) => String((i + 1) % 10)).join(''));
  p.println('-'.repeat(w));
  p.alignCenter();
  line('Si los acentos y el QR se ven bien, la impresora está lista.');
  p.newLine();
  appendQr(p, TEST_PAGE_QR_URL, settings);
  p.newLine();
  p.cut();
  return p.getBuffer();
}
