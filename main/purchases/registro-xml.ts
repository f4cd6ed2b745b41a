// The two XML documents of ServicioRecepcionCompras (PURCHASES.md §1.2, §1.3): registroCompra
// (one purchase, for recepcionPaqueteCompras) and confirmacionCompra (for confirmacionCompras).
// No namespace, strict xs:sequence order, no signature in either modality. Pure.
import { xmlEscape } from '../siat/soap';
import type { PurchaseData } from './purchase-model';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** Cents as the XSD's decimal (2 fraction digits). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** registroCompra of `p` as entry `nro` (1..9999) of its package. */
export function buildRegistroCompraXml(p: PurchaseData, nro: number): string {
  const a = p.amounts;
  const el = (name: string, value: string) => `<${name}>${value}</${name}>`;
  return (
    DECLARATION +
    '<registroCompra>' +
    el('nro', String(nro)) +
    el('nitEmisor', p.nitEmisor) +
    el('razonSocialEmisor', xmlEscape(p.razonSocialEmisor)) +
    el('codigoAutorizacion', xmlEscape(p.codigoAutorizacion)) +
    el('numeroFactura', p.numeroFactura) +
    el('numeroDuiDim', xmlEscape(p.numeroDuiDim)) +
    el('fechaEmision', p.fechaEmision) +
    el('montoTotalCompra', decimal(a.total)) +
    el('importeIce', decimal(a.ice)) +
    el('importeIehd', decimal(a.iehd)) +
    el('importeIpj', decimal(a.ipj)) +
    el('tasas', decimal(a.tasas)) +
    el('otroNoSujetoCredito', decimal(a.otroNoSujeto)) +
    el('importesExentos', decimal(a.exentos)) +
    el('importeTasaCero', decimal(a.tasaCero)) +
    el('subTotal', decimal(p.rcv.subtotal)) +
    el('descuento', decimal(a.descuento)) +
    el('montoGiftCard', decimal(a.giftCard)) +
    el('montoTotalSujetoIva', decimal(p.rcv.base)) +
    el('creditoFiscal', decimal(p.rcv.credito)) +
    el('tipoCompra', String(p.tipoCompra)) +
    el('codigoControl', xmlEscape(p.codigoControl)) +
    '</registroCompra>'
  );
}

export interface ConfirmacionData {
  nitEmisor: string;
  codigoAutorizacion: string;
  numeroFactura: string;
  tipoCompra: number;
}

/** confirmacionCompra (PURCHASES.md §1.3), entry `nro` of its package. */
export function buildConfirmacionCompraXml(c: ConfirmacionData, nro: number): string {
  return (
    DECLARATION +
    '<confirmacionCompra>' +
    `<nro>${nro}</nro>` +
    `<nitEmisor>${c.nitEmisor}</nitEmisor>` +
    `<codigoAutorizacion>${xmlEscape(c.codigoAutorizacion)}</codigoAutorizacion>` +
    `<numeroFactura>${c.numeroFactura}</numeroFactura>` +
    `<tipoCompra>${c.tipoCompra}</tipoCompra>` +
    '</confirmacionCompra>'
  );
}
