// Embeds the company logo into a PDF without re-decoding and re-compressing the PNG on every
// render. pdf-lib's embedPng decodes the PNG and deflates its colour and alpha planes (in
// JavaScript) for each document — several times the cost of the rest of the A4 invoice. The
// decoded, deflated planes of a logo are kept here (a few entries, keyed by content hash) and
// written into each document as ready-made image streams.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFImage, PngEmbedder, type PDFDocument } from 'pdf-lib';

interface PreparedLogo {
  width: number;
  height: number;
  bitsPerComponent: number;
  rgb: Uint8Array;
  alpha: Uint8Array | null;
}

const MAX_ENTRIES = 8;
const cache = new Map<string, Promise<PreparedLogo>>();

async function prepare(png: Uint8Array): Promise<PreparedLogo> {
  const embedder = await PngEmbedder.for(png);
  // rgbChannel / alphaChannel: pdf-lib's decoded planes (public fields of its PNG helper).
  const img = (embedder as unknown as { image: { rgbChannel: Uint8Array; alphaChannel?: Uint8Array } }).image;
  return {
    width: embedder.width,
    height: embedder.height,
    bitsPerComponent: embedder.bitsPerComponent,
    rgb: deflateSync(img.rgbChannel),
    alpha: img.alphaChannel ? deflateSync(img.alphaChannel) : null,
  };
}

function prepared(png: Uint8Array): Promise<PreparedLogo> {
  const key = createHash('sha256').update(png).digest('hex');
  let p = cache.get(key);
  if (p) {
    // Most recently used goes last, so the oldest is evicted first.
    cache.delete(key);
    cache.set(key, p);
    return p;
  }
  p = prepare(png);
  p.catch(() => cache.delete(key));
  cache.set(key, p);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return p;
}

/** Same result as doc.embedPng(png), with the expensive part done once per distinct logo. */
export async function embedLogoPng(doc: PDFDocument, png: Uint8Array): Promise<PDFImage> {
  const l = await prepared(png);
  const ctx = doc.context;
  const smask = l.alpha
    ? ctx.register(
        ctx.stream(l.alpha, { Type: 'XObject', Subtype: 'Image', Width: l.width, Height: l.height, BitsPerComponent: l.bitsPerComponent, ColorSpace: 'DeviceGray', Decode: [0, 1], Filter: 'FlateDecode' }),
      )
    : undefined;
  const ref = ctx.register(
    ctx.stream(l.rgb, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: l.width,
      Height: l.height,
      BitsPerComponent: l.bitsPerComponent,
      ColorSpace: 'DeviceRGB',
      Filter: 'FlateDecode',
      ...(smask ? { SMask: smask } : {}),
    }),
  );
  // The streams are already in the document; the embedder handed to PDFImage (which insists on
  // a PngEmbedder instance) only reports the size and hands back the same reference.
  const embedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width: l.width,
    height: l.height,
    embedIntoContext: async () => ref,
  });
  return PDFImage.of(ref, doc, embedder);
}
