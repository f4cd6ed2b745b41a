// QR helpers over `qrcode`: the module matrix (drawn as vectors in the PDFs and as a raster on
// thermal printers without native QR) and PNG bytes (for screens and e-mail).
import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side (without quiet zone). */
  size: number;
  /** Row-major, 1 = dark. */
  data: Uint8Array;
}

/**
 * Error correction M: SIAT's QR pages print readable with it at ≥ 3 × 3 cm (CONTRACT §8) and it
 * keeps the URL (~130 chars) at a version thermal printers render at a useful module size.
 */
export function qrMatrix(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const data = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) data[y * size + x] = qr.modules.get(y, x) ? 1 : 0;
  }
  return { size, data };
}

/** Horizontal runs of dark modules, so renderers draw few rectangles instead of one per module. */
export function qrDarkRuns(m: QrMatrix): Array<{ x: number; y: number; length: number }> {
  const runs: Array<{ x: number; y: number; length: number }> = [];
  for (let y = 0; y < m.size; y++) {
    let x = 0;
    while (x < m.size) {
      if (m.data[y * m.size + x]) {
        const start = x;
        while (x < m.size && m.data[y * m.size + x]) x++;
        runs.push({ x: start, y, length: x - start });
      } else {
        x++;
      }
    }
  }
  return runs;
}

/**
 * RGBA pixels of the QR (black on white) with `scale` pixels per module and a quiet zone of
 * `margin` modules. Used for the ESC/POS raster fallback.
 */
export function qrRgba(m: QrMatrix, scale: number, margin = 4): { width: number; height: number; data: Uint8Array } {
  const side = (m.size + margin * 2) * scale;
  const data = new Uint8Array(side * side * 4).fill(255);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.data[y * m.size + x]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (y + margin) * scale + dy;
        for (let dx = 0; dx < scale; dx++) {
          const i = (row * side + (x + margin) * scale + dx) * 4;
          data[i] = 0;
          data[i + 1] = 0;
          data[i + 2] = 0;
        }
      }
    }
  }
  return { width: side, height: side, data };
}

/** PNG bytes of the QR (for the UI and e-mails). */
export async function qrPng(text: string, opts: { scale?: number; margin?: number } = {}): Promise<Uint8Array> {
  const buf = await QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'M',
    scale: opts.scale ?? 6,
    margin: opts.margin ?? 4,
  });
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
