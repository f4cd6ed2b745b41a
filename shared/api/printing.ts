// The ticket printer of a tenant and the outcome of a print (GET/PUT /api/v1/settings/printer,
// POST /api/v1/settings/printer/test, POST /api/v1/invoices/{id}/print).
import Type, { type Static } from 'typebox';

export const PrinterSettingsSchema = Type.Object({
  type: Type.Union([Type.Literal('epson'), Type.Literal('star')]),
  interface: Type.String({ description: 'tcp://IP:puerto (red local) | dispositivo (/dev/usb/lpN, /dev/ttyUSBN, /dev/ttyACMN, COMn, LPTn) | printer:NOMBRE | virtual (archivos en la carpeta de datos, el ticket en pantalla)' }),
  width: Type.Union([Type.Literal(48), Type.Literal(42)]),
  characterSet: Type.Union([Type.Literal('PC850'), Type.Literal('PC858'), Type.Literal('WPC1252')]),
  drawerKick: Type.Boolean(),
  printOnIssue: Type.Boolean({ description: 'La interfaz imprime el ticket al emitir (llama a POST /api/v1/invoices/{id}/print)' }),
  qr: Type.Union([Type.Literal('native'), Type.Literal('image')]),
});
export type PrinterSettings = Static<typeof PrinterSettingsSchema>;

/** What a tenant that saved no printer gets (the engine) and sees until the engine answers (the till). */
export const DEFAULT_PRINTER_SETTINGS: PrinterSettings = {
  type: 'epson',
  interface: 'tcp://192.168.1.100:9100',
  width: 48,
  characterSet: 'PC850',
  drawerKick: false,
  printOnIssue: true,
  qr: 'native',
};

export const PrinterSettingsViewSchema = Type.Intersect([
  PrinterSettingsSchema,
  Type.Object({ configured: Type.Boolean({ description: 'false = valores por defecto, aún no guardados' }) }),
]);

/**
 * What the till needs to know after a sale (GET /api/v1/printing/till-settings, till scope): whether
 * it prints the ticket itself and whether the printer has a cash drawer. The printer's address
 * stays with the administrator's route.
 */
export const TillPrintingSchema = Type.Object({
  configured: Type.Boolean({ description: 'false = no se guardó ninguna impresora (valores por defecto)' }),
  printOnIssue: Type.Boolean({ description: 'La interfaz imprime el ticket al emitir' }),
  drawerKick: Type.Boolean({ description: 'La impresora tiene cajón de dinero' }),
});
export type TillPrinting = Static<typeof TillPrintingSchema>;

export const PrintOutcomeSchema = Type.Object({
  printed: Type.Boolean(),
  virtual: Type.Optional(
    Type.Boolean({ description: 'true = impresora virtual (entrenamiento): el trabajo quedó como archivo en la carpeta de datos (tickets/); no salió papel ni se abrió un cajón' }),
  ),
  detail: Type.String(),
  code: Type.Union([Type.String(), Type.Null()], { description: 'null, PRINTER_NOT_CONFIGURED, PRINTER_OFFLINE, PRINTER_TIMEOUT o PRINTER_ERROR' }),
  cuf: Type.Optional(
    Type.String({
      description:
        'Al imprimir una factura: el CUF que lleva el ticket. Si la factura se reemite fuera de línea con otro CUF (evento invoice.reissued), la interfaz compara para saber si el ticket entregado quedó sin validez',
    }),
  ),
});
export type PrintResult = Static<typeof PrintOutcomeSchema>;

/** POST /api/v1/cash/sessions/{id}/report/print: the body is optional; `copy` marks a Z printed again. */
export const ReportPrintBody = Type.Optional(
  Type.Object(
    { copy: Type.Optional(Type.Boolean({ description: 'true: una reimpresión del reporte; el papel dice COPIA' })) },
    { additionalProperties: false },
  ),
);

/** POST /api/v1/invoices/{id}/print: the body is optional; `copy` marks a reprint. */
export const PrintBody = Type.Optional(
  Type.Object(
    { copy: Type.Optional(Type.Boolean({ description: 'true: una reimpresión; el ticket dice COPIA y el cajón no se abre' })) },
    { additionalProperties: false },
  ),
);
