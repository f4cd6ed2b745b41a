// The company logo printed on the A4 invoice (seed "Object storage": PNG, at most 500 KB, at
// least 200×200 px recommended). Checks the bytes themselves — the Content-Type header is only
// the client's claim — and keeps the current logo's key in the tenant's settings.
import { createHash } from 'node:crypto';
import type { SettingsStore } from '../store/settings-store';
import type { ObjectStore } from './object-store';
import { DomainError } from '../errors/domain-error';

/** seed "Limits": recommended logo at most 500 KB; enforced, since it is embedded in every PDF. */
export const LOGO_MAX_BYTES = 500 * 1024;
/** seed: at least 200×200 px is a recommendation, so smaller logos are accepted with a warning. */
export const LOGO_MIN_RECOMMENDED_PX = 200;
/**
 * Upper bound on the decoded size: a 500 KB PNG can inflate to gigabytes of pixels (a
 * "decompression bomb"), and every PDF render decodes it.
 */
export const LOGO_MAX_PX = 4000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const VALID_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

export type LogoRefusal = 'LOGO_TOO_LARGE' | 'LOGO_NOT_PNG' | 'LOGO_INVALID';

export type LogoCheck = { ok: true; width: number; height: number; warnings: string[] } | { ok: false; code: LogoRefusal; message: string };

/** A logo refused (checkLogoPng's failure), as the upload route throws it. */
export class LogoError extends DomainError<LogoRefusal> {
  readonly domain = 'logo';
  override name = 'LogoError';
}

/** PNG signature, then an IHDR chunk first with a good CRC and sane values (PNG spec §11.2.2). */
export function checkLogoPng(bytes: Uint8Array): LogoCheck {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length > LOGO_MAX_BYTES) {
    return {
      ok: false,
      code: 'LOGO_TOO_LARGE',
      message: `El logo pesa ${kb(buf.length)} KB; el máximo es ${kb(LOGO_MAX_BYTES)} KB. Redúzcalo (por ejemplo a 400×400 px) y vuelva a subirlo.`,
    };
  }
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { ok: false, code: 'LOGO_NOT_PNG', message: `El archivo no es una imagen PNG${sniff(buf)}. Suba el logo en formato PNG (de preferencia con fondo transparente).` };
  }
  const invalid = (why: string): LogoCheck => ({ ok: false, code: 'LOGO_INVALID', message: `El PNG está dañado o no es válido: ${why}.` });
  if (buf.length < 33) return invalid('el archivo está incompleto');
  if (buf.readUInt32BE(8) !== 13 || buf.toString('latin1', 12, 16) !== 'IHDR') return invalid('falta la cabecera IHDR');
  if (crc32(buf.subarray(12, 29)) !== buf.readUInt32BE(29)) return invalid('la cabecera IHDR no coincide con su CRC');
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const depth = buf[24]!;
  const colorType = buf[25]!;
  if (width === 0 || height === 0) return invalid('el ancho o el alto es cero');
  if (!VALID_DEPTHS[colorType]?.includes(depth)) return invalid(`profundidad ${depth} con tipo de color ${colorType} no existe en PNG`);
  if (buf[26] !== 0 || buf[27] !== 0 || (buf[28] !== 0 && buf[28] !== 1)) return invalid('compresión, filtro o entrelazado desconocido');
  if (width > LOGO_MAX_PX || height > LOGO_MAX_PX) {
    return { ok: false, code: 'LOGO_INVALID', message: `El logo mide ${width}×${height} px; el máximo es ${LOGO_MAX_PX}×${LOGO_MAX_PX} px.` };
  }
  const warnings: string[] = [];
  if (width < LOGO_MIN_RECOMMENDED_PX || height < LOGO_MIN_RECOMMENDED_PX) {
    warnings.push(`El logo mide ${width}×${height} px; se recomienda al menos ${LOGO_MIN_RECOMMENDED_PX}×${LOGO_MIN_RECOMMENDED_PX} px para que se vea nítido.`);
  }
  return { ok: true, width, height, warnings };
}

function kb(n: number): string {
  return (Math.ceil((n / 1024) * 10) / 10).toLocaleString('es-BO', { maximumFractionDigits: 1 });
}

/** Names the real format when it is a common one, so the message says what was sent. */
function sniff(buf: Buffer): string {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return ' (es JPEG)';
  if (buf.toString('latin1', 0, 6) === 'GIF87a' || buf.toString('latin1', 0, 6) === 'GIF89a') return ' (es GIF)';
  if (buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return ' (es WebP)';
  if (buf.toString('latin1', 0, 4) === '%PDF') return ' (es PDF)';
  if (/^\s*<(\?xml|svg)/i.test(buf.toString('utf8', 0, 64))) return ' (es SVG/XML)';
  return '';
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// ---------------------------------------------------------------------------------------

export interface BrandLogoRecord {
  objectKey: string;
  size: number;
  width: number;
  height: number;
  uploadedAt: string;
}

const SETTING_KEY = 'brand.logo';
/** Public logo keys live under this prefix; only these are served without a key. */
export const PUBLIC_BRAND_PREFIX = 'brand/';

/**
 * Content-addressed key: a new logo gets a new URL, so the year-long public cache of the old URL
 * can never show a replaced logo.
 */
export function logoObjectKey(tenantId: string, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return `${PUBLIC_BRAND_PREFIX}${tenantId}/logo-${hash}.png`;
}

export class BrandLogos {
  constructor(
    private readonly settings: SettingsStore,
    private readonly objects: ObjectStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  current(tenantId: string): BrandLogoRecord | null {
    return this.settings.get<BrandLogoRecord>(tenantId, SETTING_KEY);
  }

  /** Stores an already checked PNG and makes it the tenant's logo. The previous file is removed. */
  async save(tenantId: string, png: Uint8Array, dims: { width: number; height: number }): Promise<BrandLogoRecord> {
    const objectKey = logoObjectKey(tenantId, png);
    await this.objects.put(objectKey, png, { contentType: 'image/png' });
    const previous = this.current(tenantId);
    const rec: BrandLogoRecord = { objectKey, size: png.byteLength, width: dims.width, height: dims.height, uploadedAt: this.now().toISOString() };
    this.settings.set(tenantId, SETTING_KEY, rec);
    if (previous && previous.objectKey !== objectKey) await this.objects.delete(previous.objectKey).catch(() => undefined);
    return rec;
  }

  /** The logo's bytes for the PDF, or undefined (no logo, or the object went missing). */
  async bytes(tenantId: string): Promise<Uint8Array | undefined> {
    const rec = this.current(tenantId);
    if (!rec) return undefined;
    const obj = await this.objects.get(rec.objectKey).catch(() => null);
    return obj?.data;
  }
}
