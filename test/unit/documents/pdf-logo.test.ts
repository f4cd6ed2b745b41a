import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { renderInvoicePdf } from '../../../main/documents/invoice-pdf';
import { pdfPagePng } from './pdf-tools';
import { sampleInvoice } from './sample-invoice';

/** 200×200 logo: an opaque blue disc on a transparent background. */
function disc(): Buffer {
  const png = new PNG({ width: 200, height: 200 });
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 200; x++) {
      const o = (y * 200 + x) * 4;
      png.data[o] = 0x1f;
      png.data[o + 1] = 0x6f;
      png.data[o + 2] = 0xb4;
      png.data[o + 3] = Math.hypot(x - 100, y - 100) < 90 ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

test('the logo is drawn with its transparency, the same on every render (prepared once)', async () => {
  const logoPng = disc();
  for (let i = 0; i < 2; i++) {
    const page = PNG.sync.read(pdfPagePng(await renderInvoicePdf(sampleInvoice(3), { logoPng }), 1, 72));
    const isBlue = (x: number, y: number) => {
      const o = (y * page.width + x) * 4;
      return Math.abs(page.data[o]! - 0x1f) < 25 && Math.abs(page.data[o + 1]! - 0x6f) < 25 && Math.abs(page.data[o + 2]! - 0xb4) < 25;
    };
    let [minX, minY, maxX, maxY, blue] = [Infinity, Infinity, -1, -1, 0];
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 250; x++) {
        if (!isBlue(x, y)) continue;
        blue++;
        [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      }
    }
    assert.ok(blue > 500, `disc pixels: ${blue}`);
    // Transparent corners of the logo's box stay white: a disc, not a blue square.
    for (const [x, y] of [[minX, minY], [maxX, minY], [minX, maxY], [maxX, maxY]] as const) assert.equal(isBlue(x, y), false);
    const fill = blue / ((maxX - minX + 1) * (maxY - minY + 1));
    assert.ok(fill > 0.7 && fill < 0.85, `disc fills π/4 of its box, got ${fill.toFixed(2)}`);
  }
});

test('a broken logo does not stop the invoice from rendering', async () => {
  const pdf = await renderInvoicePdf(sampleInvoice(1), { logoPng: Buffer.from('\x89PNG\r\n\x1a\nbroken') });
  assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
});
