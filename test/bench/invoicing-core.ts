// Micro-benchmark of the invoicing core on one core: build, build+sign, build+sign+pack of a
// 10-line compra-venta invoice, the RSA-2048 floor, xml-crypto's general path for comparison,
// XSD validation (single document vs a package of 500), and the self-check every sealed document
// passes before it is stored (XSD + own signature by libxml2, decision 0048).
// Run: npx tsx test/bench/invoicing-core.ts
import { createPrivateKey, sign as rsaSign } from 'node:crypto';
import { generateTrainingCertificate } from '../../main/invoicing/certificate';
import { createXmlSigner } from '../../main/invoicing/signing';
import { buildCompraVentaXml, compraVentaShape } from '../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml } from '../../main/xml-schema/invoice-xsd';
import { packDocument } from '../../main/invoicing/archive';
import { checkDocument, loadDocumentCheck } from '../../main/invoicing/document-check';
import { buildCuf } from '../../main/invoicing/cuf';
import { toBoliviaIso } from '../../shared/time';
import { tenLineInvoice } from '../unit/invoicing/sample-documents';

function measure(name: string, iterations: number, fn: (i: number) => void): void {
  for (let i = 0; i < Math.min(200, iterations); i++) fn(i); // warm-up
  const times = new Float64Array(iterations);
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn(i);
    times[i] = performance.now() - t0;
  }
  const total = performance.now() - start;
  times.sort();
  const pct = (p: number) => times[Math.min(iterations - 1, Math.floor(p * iterations))]!;
  console.log(
    `${name.padEnd(40)} ${(iterations / (total / 1000)).toFixed(0).padStart(8)} /s   p50 ${pct(0.5).toFixed(3)} ms   p99 ${pct(0.99).toFixed(3)} ms`,
  );
}

const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Bench S.R.L.', now: new Date() });
const signer = createXmlSigner(cert);
const docs = Array.from({ length: 64 }, (_, i) => tenLineInvoice(i + 1, i));
const now = new Date();

console.log(`node ${process.version}, 10-line invoice ≈ ${buildCompraVentaXml(docs[0]!, 1).length} chars unsigned`);
measure('CUF + fechaEmision', 20000, (i) => {
  buildCuf(
    { nit: 1003579028, fechaEmision: toBoliviaIso(now), codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: i + 1, codigoPuntoVenta: 1 },
    '67A75AC82F24C74',
  );
});
measure('build XML', 20000, (i) => void buildCompraVentaXml(docs[i % 64]!, 1));
const buildAndSign = (i: number): string => {
  const xml = buildCompraVentaXml(docs[i % 64]!, 1);
  return signer.signSimple(compraVentaShape(xml, 1));
};
measure('build + sign (sale path: shape known)', 3000, (i) => void buildAndSign(i));
measure('build + sign (scan: simple-c14n)', 3000, (i) => void signer.sign(buildCompraVentaXml(docs[i % 64]!, 1)));
measure('build + sign + gzip/hash/base64', 3000, (i) => void packDocument(buildAndSign(i)));
const key = createPrivateKey(cert.keyPem);
const signedInfo = Buffer.alloc(900, 'a');
measure('RSA-2048 SHA-256 sign (floor)', 3000, () => void rsaSign('sha256', signedInfo, key));
// A comment sends the document through xml-crypto's general path (parse, canonicalize, sign).
measure('build + sign (xml-crypto path)', 300, (i) => void signer.sign(buildCompraVentaXml(docs[i % 64]!, 1).replace('<cabecera>', '<!--x--><cabecera>')));

const signed = Array.from({ length: 500 }, (_, i) => signer.sign(buildCompraVentaXml(docs[i % 64]!, 1)));
{
  const t0 = performance.now();
  await validateInvoiceXml([signed[0]!], 1);
  const one = performance.now() - t0;
  const t1 = performance.now();
  const results = await validateInvoiceXml(signed, 1);
  const batch = performance.now() - t1;
  if (results.some((r) => !r.valid)) throw new Error('bench documents must be valid');
  console.log(`XSD validation, 1 document (one xmllint-wasm run)   ${one.toFixed(0)} ms`);
  console.log(`XSD validation, 500 signed documents in one run     ${batch.toFixed(0)} ms = ${(batch / 500).toFixed(2)} ms/document`);
}
await loadDocumentCheck();
measure('self-check (libxml2: XSD + digest + signature)', 3000, (i) => checkDocument({ xml: signed[i % 500]!, modalidad: 1, sector: 1, signer }));
