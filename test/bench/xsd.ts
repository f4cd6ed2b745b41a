// XSD validation per document: libxml2-wasm (validateInvoiceXml, schema compiled once) against
// the xmllint-wasm reference (validateInvoiceXmlWithXmllint), for one signed 10-line invoice and
// for a package of 500; and one signed invoice of each other sector with libxml2-wasm.
// Run: npx tsx test/bench/xsd.ts
import { generateTrainingCertificate } from '../../main/invoicing/certificate';
import { createXmlSigner } from '../../main/invoicing/signing';
import { buildCompraVentaXml } from '../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml, validateInvoiceXmlWithXmllint } from '../../main/xml-schema/invoice-xsd';
import { tenLineInvoice } from '../unit/invoicing/sample-documents';
import { SECTOR_SAMPLES, sampleXml } from '../unit/siat-sim/xsd/sector-samples';
import { summarize } from './_stats';

async function main(): Promise<void> {
  const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Bench S.R.L.', now: new Date() });
  const signer = createXmlSigner(cert);
  const signed = Array.from({ length: 500 }, (_, i) => signer.sign(buildCompraVentaXml(tenLineInvoice(i + 1, i % 64), 1)));
  const one = signed[0]!;
  console.log(`node ${process.version}, signed 10-line invoice ≈ ${one.length} chars`);

  const check = (rs: { valid: boolean }[]): void => {
    if (rs.some((r) => !r.valid)) throw new Error('bench documents must be valid');
  };

  // First call: compiles the XSD (cached afterwards).
  let t = performance.now();
  check(await validateInvoiceXml([one], 1));
  console.log(`libxml2-wasm, first call (load + compile + 1 doc)   ${(performance.now() - t).toFixed(2)} ms`);

  const samples: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t0 = performance.now();
    check(await validateInvoiceXml([signed[i % 500]!], 1));
    samples.push(performance.now() - t0);
  }
  const s = summarize(samples.slice(500));
  console.log(`libxml2-wasm, 1 document per call                    p50 ${(s.p50 * 1000).toFixed(1)} µs   p99 ${(s.p99 * 1000).toFixed(1)} µs`);

  const batches: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    check(await validateInvoiceXml(signed, 1));
    batches.push(performance.now() - t0);
  }
  const b = summarize(batches.slice(2));
  console.log(`libxml2-wasm, 500 documents in one call              p50 ${b.p50.toFixed(2)} ms = ${((b.p50 / 500) * 1000).toFixed(1)} µs/document`);

  // Every other sector: its minimal sample, signed (the sample has one line, or two for notes).
  for (const sample of SECTOR_SAMPLES) {
    const doc = signer.sign(sampleXml(sample, 1));
    check(await validateInvoiceXml([doc], 1, sample.sector));
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      check(await validateInvoiceXml([doc], 1, sample.sector));
      times.push(performance.now() - t0);
    }
    const q = summarize(times.slice(200));
    console.log(`libxml2-wasm, sector ${String(sample.sector).padEnd(2)} minimal signed document      p50 ${(q.p50 * 1000).toFixed(1)} µs   p99 ${(q.p99 * 1000).toFixed(1)} µs`);
  }

  const xmllintOne: number[] = [];
  for (let i = 0; i < 5; i++) {
    t = performance.now();
    check(await validateInvoiceXmlWithXmllint([signed[i]!], 1));
    xmllintOne.push(performance.now() - t);
  }
  const o = summarize(xmllintOne);
  console.log(`xmllint-wasm, 1 document per call                    p50 ${o.p50.toFixed(0)} ms   max ${Math.max(...xmllintOne).toFixed(0)} ms`);

  t = performance.now();
  check(await validateInvoiceXmlWithXmllint(signed, 1));
  const batch = performance.now() - t;
  console.log(`xmllint-wasm, 500 documents in one call              ${batch.toFixed(0)} ms = ${(batch / 500).toFixed(2)} ms/document`);
  console.log(`speed-up: 1 document ${(o.p50 / s.p50).toFixed(0)}x, 500 documents ${(batch / b.p50).toFixed(0)}x`);
}

await main();
