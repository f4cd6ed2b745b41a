// Issue 25, item "large SIAT answers": how long parsing a catalog's or consultaCompras's answer
// holds a thread (best of 5), at sizes up to the 16 MiB cap. Over 50 ms is why they are read on a
// worker (engine/siat-answer-worker.ts, decision 0067). `npm run bench -- siat-answers`.
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { loadavg } from 'node:os';
import { parseEnvelope } from '../../main/siat/soap';
import { readConsultaArchivo } from '../../main/purchases/consulta-archivo';
const NS = 'https://siat.impuestos.gob.bo/';
function catalog(rows: number): string {
  const item = (i: number) => `<listaCodigos><codigoActividad>471110</codigoActividad><codigoProducto>${10000 + i}</codigoProducto><descripcionProducto>PRODUCTO O SERVICIO NUMERO ${i} DEL CATALOGO DEL SIN</descripcionProducto><nandina>0</nandina></listaCodigos>`;
  return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:sincronizarListaProductosServiciosResponse xmlns:ns2="${NS}"><RespuestaListaProductos><transaccion>true</transaccion>${Array.from({ length: rows }, (_, i) => item(i)).join('')}</RespuestaListaProductos></ns2:sincronizarListaProductosServiciosResponse></soap:Body></soap:Envelope>`;
}
function time(f: () => unknown): number { const best: number[] = []; for (let k = 0; k < 5; k++) { const t = performance.now(); f(); best.push(performance.now() - t); } return Math.min(...best); }
console.log('carga', loadavg().map((l) => l.toFixed(1)).join(' '));
for (const rows of [1_000, 10_000, 70_000]) {
  const xml = catalog(rows);
  console.log(`catálogo ${rows} filas, ${(xml.length / 1e6).toFixed(1)} MB: parseEnvelope mín ${time(() => parseEnvelope(xml)).toFixed(0)} ms`);
}
const reg = (i: number) => `<registroCompra><nro>${i}</nro><nitEmisor>1003579028</nitEmisor><razonSocialEmisor>DISTRIBUIDORA</razonSocialEmisor><codigoAutorizacion>AUT${i}</codigoAutorizacion><numeroFactura>${i}</numeroFactura><numeroDuiDim>0</numeroDuiDim><fechaEmision>2026-11-01T00:00:00.000</fechaEmision><montoTotalCompra>100.00</montoTotalCompra><creditoFiscal>13.00</creditoFiscal><tipoCompra>1</tipoCompra></registroCompra>`;
for (const rows of [1_000, 20_000]) {
  const xml = `<?xml version="1.0"?><compras>${Array.from({ length: rows }, (_, i) => reg(i)).join('')}</compras>`;
  const gz = gzipSync(xml);
  console.log(`consultaCompras ${rows} compras (${(xml.length / 1e6).toFixed(1)} MB XML, ${(gz.length / 1e3).toFixed(0)} KB gzip): readConsultaArchivo mín ${time(() => readConsultaArchivo(gz)).toFixed(0)} ms`);
}
