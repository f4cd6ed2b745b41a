// Validation of received documents, as SIAT does it (CONTRACT §3, §4, §5): XSD (939),
// XMLDSig (921/922), issuer and CUFD of the XML (1001/1003/1004/1008/953/1006), CUF
// structure and fields (1002), duplicates (1000), emission date (1009/1040/1039),
// padrón address (1007) and the sector-1 formulas of §3.7 (1013/1014/1015/1018).
// It uses the invoicing core (CUF decoding, signature, certificate), never its own copy, and the
// XSD validator in xsd/.
// Runs in: SIAT simulator only.

import { XMLParser } from 'fast-xml-parser';
import { decodeCuf } from '../invoicing/cuf';
import { verifyXmlSignature } from '../invoicing/signing';
import { certificateNit } from '../invoicing/certificate';
import { hasInvoiceXsd, validateInvoiceXml } from './xsd/invoice-xsd';
import { parseSiatDateTime } from '../siat/datetime';
import { isWarning } from '../siat/messages';
import { msg, type SimMessage } from './respond';
import type { CufdRow, EventRow, SimulatorState } from './state';

/** Online emission: fechaEmision at most this far behind / ahead of SIAT's clock (1009). */
export const ONLINE_PAST_TOLERANCE_MS = 60 * 60 * 1000;
export const ONLINE_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/** Sectors checked with the §3.7 formulas (2-decimal compra-venta layout). */
const FORMULA_SECTORS = new Set([1, 41]);

export interface DocumentCheckContext {
  state: SimulatorState;
  nit: string;
  sucursal: number;
  pv: number;
  modalidad: number;
  /** 1 online, 2 offline package, 3 massive. */
  emision: number;
  sector: number;
  tipoFactura: number;
  /** Offline packages: the significant event the package belongs to. */
  event?: EventRow;
}

export interface DocumentVerdict {
  xml: string;
  cuf: string | null;
  numero: number | null;
  fechaEmision: string | null;
  cufd: string | null;
  /** Errors and warnings, SIAT style. */
  messages: SimMessage[];
  valid: boolean;
  /** True when the only error is 1000 (the CUF is already registered). */
  duplicate: boolean;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  isArray: (name) => name === 'detalle',
});

type Node = Record<string, unknown>;

function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'object') {
    const n = node as Node;
    if (n['@_nil'] === 'true') return null;
    return typeof n['#text'] === 'string' ? n['#text'] : '';
  }
  return String(node);
}

/** A decimal string as an exact scaled integer: value × 10^scale. */
function scaled(value: string | null, scale: number): bigint | null {
  if (value === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  if (frac.length > scale) return null;
  const v = BigInt(m[2]! + frac.padEnd(scale, '0'));
  return m[1] ? -v : v;
}

/** Divides a non-negative scaled integer by 10^drop, rounding HALF-UP (§3.3). */
function roundHalfUp(v: bigint, drop: number): bigint {
  if (drop <= 0) return v;
  const d = 10n ** BigInt(drop);
  return (v + d / 2n) / d;
}

function decimals(value: string | null): number {
  if (!value) return 0;
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** §3.7 formulas on a parsed compra-venta document. */
function formulaMessages(cab: Node, detalles: Node[]): SimMessage[] {
  const out: SimMessage[] = [];
  let sum = 0n;
  detalles.forEach((d, i) => {
    const cantidadText = text(d['cantidad']);
    const precioText = text(d['precioUnitario']);
    const dc = decimals(cantidadText);
    const dp = decimals(precioText);
    const cantidad = scaled(cantidadText, dc);
    const precio = scaled(precioText, dp);
    const descuento = scaled(text(d['montoDescuento']) ?? '0', 2);
    const subTotal = scaled(text(d['subTotal']), 2);
    if (cantidad === null || precio === null || descuento === null || subTotal === null) {
      out.push(msg(1018, { numeroDetalle: i }));
      return;
    }
    // subTotal = cantidad × precioUnitario − montoDescuento (1018), product rounded to cents.
    const product = cantidad * precio; // scale dc + dp
    const productCents = dc + dp >= 2 ? roundHalfUp(product, dc + dp - 2) : product * 10n ** BigInt(2 - dc - dp);
    const expected = productCents - descuento;
    if (expected !== subTotal) out.push(msg(1018, { numeroDetalle: i }));
    sum += subTotal;
  });
  const montoTotal = scaled(text(cab['montoTotal']), 2);
  const descuentoAdicional = scaled(text(cab['descuentoAdicional']) ?? '0', 2) ?? 0n;
  const giftCard = scaled(text(cab['montoGiftCard']) ?? '0', 2) ?? 0n;
  const sujetoIva = scaled(text(cab['montoTotalSujetoIva']), 2);
  const montoTotalMoneda = scaled(text(cab['montoTotalMoneda']), 2);
  const tipoCambioText = text(cab['tipoCambio']);
  const tipoCambio = scaled(tipoCambioText, Math.max(2, decimals(tipoCambioText)));
  // montoTotal = Σ subTotal − descuentoAdicional (1013; the gift card is not subtracted here).
  if (montoTotal === null || montoTotal !== sum - descuentoAdicional) out.push(msg(1013));
  // montoTotalMoneda = montoTotal / tipoCambio (1014), one cent of rounding tolerated.
  if (montoTotal !== null && montoTotalMoneda !== null && tipoCambio !== null && tipoCambio > 0n) {
    const scale = BigInt(Math.max(2, decimals(tipoCambioText)));
    const exact = (montoTotal * 10n ** scale * 10n) / tipoCambio; // cents × 10
    const expected = (exact + 5n) / 10n;
    const diff = expected - montoTotalMoneda;
    if (diff > 1n || diff < -1n) out.push(msg(1014));
  } else {
    out.push(msg(1014));
  }
  // montoTotalSujetoIva = montoTotal − montoGiftCard (1015).
  if (montoTotal === null || sujetoIva === null || sujetoIva !== montoTotal - giftCard) out.push(msg(1015));
  return out;
}

function normalizePem(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/**
 * Validates documents of one request (one for recepcionFactura, all files of a package).
 * A CUF repeated inside the same batch is a duplicate (1000) from its second occurrence.
 */
export async function checkDocuments(ctx: DocumentCheckContext, xmls: string[]): Promise<DocumentVerdict[]> {
  const { state } = ctx;
  const xsd = hasInvoiceXsd(ctx.sector, ctx.modalidad)
    ? await validateInvoiceXml(xmls, ctx.modalidad as 1 | 2, ctx.sector)
    : null;
  const seen = new Set<string>();
  const now = state.clock.now().getTime();

  return xmls.map((xml, i) => {
    const verdict: DocumentVerdict = { xml, cuf: null, numero: null, fechaEmision: null, cufd: null, messages: [], valid: false, duplicate: false };
    const fail = (codigo: number, extra?: Partial<SimMessage>): void => {
      verdict.messages.push(msg(codigo, extra));
    };
    const finish = (): DocumentVerdict => {
      const errors = verdict.messages.filter((m) => !isWarning(m.codigo));
      verdict.valid = errors.length === 0;
      verdict.duplicate = errors.length > 0 && errors.every((m) => m.codigo === 1000);
      return verdict;
    };

    let root: Node;
    let cab: Node;
    let detalles: Node[];
    try {
      const doc = parser.parse(xml) as Node;
      const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('@_'));
      root = (rootName ? doc[rootName] : undefined) as Node;
      cab = root?.['cabecera'] as Node;
      if (!cab || typeof cab !== 'object') throw new Error('no cabecera');
      detalles = ((root['detalle'] as Node[] | undefined) ?? []).filter((d) => typeof d === 'object');
    } catch {
      fail(939);
      return finish();
    }
    verdict.cuf = text(cab['cuf']);
    verdict.cufd = text(cab['cufd']);
    verdict.fechaEmision = text(cab['fechaEmision']);
    const numeroText = text(cab['numeroNotaCreditoDebito']) ?? text(cab['numeroNotaConciliacion']) ?? text(cab['numeroFactura']);
    verdict.numero = numeroText !== null && /^\d+$/.test(numeroText) ? Number(numeroText) : null;

    // 939: the XSD (sector 1; other sectors have no official XSD here, CONTRACT §0.4).
    const xsdResult = xsd?.[i];
    if (xsdResult && !xsdResult.valid) {
      fail(939);
      return finish();
    }

    // 921/922: XMLDSig of the electronic modality (§3.4).
    if (ctx.modalidad === 1) {
      const check = verifyXmlSignature(xml);
      if (!check.valid || !check.certPem) {
        fail(921);
        return finish();
      }
      const pinned = state.padron.pinnedCertificate(ctx.nit);
      const ownCert = certificateNit(check.certPem) === ctx.nit;
      const pinnedCert = pinned !== undefined && normalizePem(pinned) === normalizePem(check.certPem);
      if (!ownCert && !pinnedCert) fail(922);
    }

    // 1001: issuer of the XML.
    if (text(cab['nitEmisor']) !== ctx.nit) fail(1001);

    // 1003/1004/1008: the CUFD written in the XML.
    const xmlSucursal = Number(text(cab['codigoSucursal']));
    const xmlPvText = text(cab['codigoPuntoVenta']);
    const xmlPv = xmlPvText === null || xmlPvText === '' ? 0 : Number(xmlPvText);
    let cufd: CufdRow | undefined = verdict.cufd ? state.codes.cufd(verdict.cufd) : undefined;
    if (!cufd || cufd.nit !== ctx.nit) {
      fail(1003);
      cufd = undefined;
    } else {
      if (cufd.codigo_sucursal !== xmlSucursal || xmlSucursal !== ctx.sucursal) fail(1004);
      if (cufd.codigo_punto_venta !== xmlPv || xmlPv !== ctx.pv) fail(1008);
      if (ctx.emision === 1 && !state.codes.cufdValid(cufd)) fail(953);
      // Offline: the documents were issued with the CUFD in force when the event began (§5.1).
      if (ctx.emision === 2 && ctx.event && cufd.codigo !== ctx.event.cufd_evento) fail(1006);
    }

    // 1002: CUF structure, mod-11 digit, codigoControl suffix and fields vs the XML (§4).
    const cuf = verdict.cuf ?? '';
    const decoded = cufd ? decodeCuf(cuf, cufd.codigo_control) : null;
    if (cufd) {
      const pvForCuf = xmlPv;
      if (
        !decoded ||
        !decoded.checkDigitValid ||
        String(decoded.nit) !== text(cab['nitEmisor']) ||
        decoded.fechaEmision !== verdict.fechaEmision ||
        decoded.codigoSucursal !== xmlSucursal ||
        decoded.modalidad !== ctx.modalidad ||
        decoded.tipoEmision !== ctx.emision ||
        decoded.tipoFacturaDocumento !== ctx.tipoFactura ||
        decoded.codigoDocumentoSector !== ctx.sector ||
        decoded.numeroFactura !== verdict.numero ||
        decoded.codigoPuntoVenta !== pvForCuf
      ) {
        fail(1002);
      }
    } else if (!/^[0-9A-F]+$/.test(cuf)) {
      fail(1002);
    }

    // 1000: CUF already registered (or repeated in this batch).
    if (cuf && (state.reception.invoice(cuf) || seen.has(cuf))) fail(1000);
    if (cuf) seen.add(cuf);

    // Emission date per emission type.
    const fecha = verdict.fechaEmision ? parseSiatDateTime(verdict.fechaEmision) : null;
    if (!fecha) {
      fail(1035);
    } else if (ctx.emision === 1) {
      if (fecha.getTime() < now - ONLINE_PAST_TOLERANCE_MS || fecha.getTime() > now + ONLINE_FUTURE_TOLERANCE_MS) fail(1009);
    } else if (ctx.emision === 2) {
      if (ctx.event && (fecha.getTime() < ctx.event.inicio || fecha.getTime() > ctx.event.fin)) fail(1040);
    } else if (fecha.getTime() > now + ONLINE_FUTURE_TOLERANCE_MS) {
      fail(1039);
    }

    // 1007: the padrón address returned with the CUFD (§2.1).
    if (cufd && text(cab['direccion']) !== cufd.direccion) fail(1007);

    // §3.7 formulas.
    if (FORMULA_SECTORS.has(ctx.sector)) verdict.messages.push(...formulaMessages(cab, detalles));

    return finish();
  });
}
