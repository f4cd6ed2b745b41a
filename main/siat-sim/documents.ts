// Validation of received documents, as SIAT does it (CONTRACT §3, §4, §5): XSD (939),
// XMLDSig (921/922), issuer and CUFD of the XML (1001/1003/1004/1008/953/1006), CUF
// structure and fields (1002), duplicates (1000), emission date (1009/1040/1039),
// padrón address (1007), the buyer's document (client-document.ts: 1010, 1037) and the amount
// rules of the document's sector (formulas.ts: §3.7 on every sector's lines, tasa cero's tax
// base, the credit-debit note's sums, §9.3).
// It uses the invoicing core (CUF decoding, signature, certificate), never its own copy, and the
// XSD validator in xsd/.
// Runs in: SIAT simulator only.

import { decodeCuf } from '../invoicing/cuf';
import { verifyXmlSignature } from '../invoicing/signing';
import { certificateNit } from '../invoicing/certificate';
import { hasInvoiceXsd, validateInvoiceXml } from '../xml-schema/invoice-xsd';
import { parseSiatDateTime } from '../siat/datetime';
import { isWarning } from '../siat/messages';
import { SECTOR } from '../siat/code-catalog';
import { msg, type SimMessage } from './respond';
import { parseDocument, sectorFormulaMessages, text, type XmlNode } from './formulas';
import { sectorLayout } from '../invoicing/sectors/layouts';
import { clientDocumentMessages } from './client-document';
import type { CufdRow, EventRow, SimulatorState } from './state';

/** Online emission: fechaEmision at most this far behind / ahead of SIAT's clock (1009). */
export const ONLINE_PAST_TOLERANCE_MS = 60 * 60 * 1000;
export const ONLINE_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * The layout whose amount rules apply to a sector: its own (every sector Kipu issues), or sector
 * 1's for compra-venta tasas (41), whose extra montoTasa §3.7 does not count.
 */
function formulaLayout(sector: number) {
  return sectorLayout(sector) ?? (sector === SECTOR.COMPRA_VENTA_TASAS ? sectorLayout(SECTOR.COMPRA_VENTA) : undefined);
}

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

function normalizePem(pem: string): string {
  return pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
}

/** Documents checked between two turns of the event loop. */
const YIELD_EVERY = 20;

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

  const verdicts: DocumentVerdict[] = [];
  for (const [i, xml] of xmls.entries()) {
    // A package of 1,000 documents takes seconds to check: the simulator goes on answering other
    // requests meanwhile, as SIAT does (a blocked loop also outlived the HTTP keep-alive timers of
    // a client in the same process, whose next request then met a closed socket).
    if (i > 0 && i % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    verdicts.push(checkDocument(xml, i));
  }
  return verdicts;

  function checkDocument(xml: string, i: number): DocumentVerdict {
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

    let cab: XmlNode;
    let detalles: XmlNode[];
    let root: XmlNode;
    try {
      ({ cab, detalles, root } = parseDocument(xml));
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

    // The buyer's document: 0 above Bs 3.000 (1010), a special code without the exception (1037).
    verdict.messages.push(...clientDocumentMessages(cab));

    // The sector's amount rules (§3.7, §9.2, §9.3).
    const layout = formulaLayout(ctx.sector);
    if (layout) verdict.messages.push(...sectorFormulaMessages(layout, cab, detalles, ctx.nit, (c) => state.reception.invoice(c), root));

    return finish();
  }
}
