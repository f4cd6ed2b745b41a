// Engine settings from the environment (DESIGN.md, operating interface). Validated at start:
// a bad value stops start-up with a message that names the setting, so a misconfigured till
// never runs half-working.
import { isIP } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { defaultDataDir } from './paths';
import { isValidEmail, isValidFrom, parseSmtpUrl, redact } from './smtp-url';
import { trimEndChars } from '../../shared/trim-end';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface EngineSettings {
  host: string;
  port: number;
  dataDir: string;
  /** Training mode: demo taxpayer, tenant and key, no fiscal effect. */
  training: boolean;
  /** SIAT base URL up to and including `/v2`; null = the embedded simulator (training only). */
  siatUrl: string | null;
  siatToken: string | null;
  demoApiKey: string | null;
  logLevel: LogLevel;
  /** Requests per minute per API key. */
  rateLimitPerMinute: number;
  /** KIPU_PUBLIC_RATE_LIMIT: requests per minute per address to public links, and without a valid key. */
  publicRateLimitPerMinute: number;
  /** KIPU_ALLOWED_HOSTS: host names the API answers to besides loopback, IP literals and KIPU_PUBLIC_URL's. */
  allowedHosts: string[];
  /**
   * KIPU_TRUST_PROXY: addresses or CIDR ranges of the TLS proxy in front of the engine. Only a
   * request whose socket peer is one of them has its X-Forwarded-For honoured as the client's
   * address (rate limits per address, logs); empty = off, the socket address is the client's.
   */
  trustProxy: string[];
  /** Public base URL used in absolute links (pdfUrl, xmlUrl); defaults to http://host:port. */
  publicUrl: string | null;
  /** SMTP server for invoice e-mail, `smtp[s]://user:pass@host:port`; null = none (tenants may set their own). */
  smtpUrl: string | null;
  /** From header of invoice e-mail; defaults to the SMTP user when that is an address. */
  smtpFrom: string | null;
  /**
   * KIPU_WEBHOOK_ALLOW_PRIVATE=1 lets webhooks reach loopback and private addresses. Only for
   * tests and labs: in production it would let a tenant aim the engine at the local network (SSRF).
   */
  webhookAllowPrivate: boolean;
  /** KIPU_WEBHOOK_CA_FILE: PEM of an extra CA trusted for webhook TLS (tests and labs), added to the system roots. */
  webhookCaFile: string | null;
  /**
   * KIPU_SMTP_ALLOW_PRIVATE=1 lets a tenant's own SMTP server be on loopback or a private network.
   * Only for tests and labs: otherwise any API key could aim the engine at the local network (SSRF,
   * issue #19). KIPU_SMTP_URL, set by the administrator, is never checked.
   */
  smtpAllowPrivate: boolean;
  /**
   * KIPU_PRINTER_ALLOW_LOOPBACK=1 lets a tcp:// printer be on this machine (127.0.0.0/8, ::1).
   * Only for tests and labs: private LAN addresses are always allowed, loopback never in production.
   */
  printerAllowLoopback: boolean;
  /**
   * KIPU_AI_CORPUS_DIR: folder of regulation files (.txt, .md) the assistant indexes at start;
   * default <dataDir>/normativa. It may not exist yet (no corpus installed: the assistant says so).
   */
  aiCorpusDir: string;
  /** KIPU_SIAT_IN_FLIGHT: SIAT calls in flight per point of sale for background submission (1–64; default 32). */
  siatInFlight: number | null;
  /**
   * Kipu Central (issue 15): KIPU_CENTRAL_URL, the head office's base URL (null = this till works
   * alone); KIPU_CENTRAL_TOKEN, the till's credential from `npm run central -- till add`;
   * KIPU_CENTRAL_CA_FILE, a PEM CA trusted for Central's TLS besides the system roots;
   * KIPU_CENTRAL_NIT, the taxpayer of this till the credential was made for (required when the
   * till holds more than one; the till binds the credential to it, issue 26 finding 2).
   * The URL is https; plain http only to this machine's loopback in training (tests, labs).
   */
  central: { url: string; token: string; ca: string | null; nit: string | null } | null;
  /**
   * KIPU_ALLOW_PLAIN_SECRETS=1: the desktop without an OS keystore keeps secrets in a plain 0600
   * file (the administrator's explicit choice, decision 0040). Without it the desktop refuses to
   * store them. Headless mode always uses the 0600 file (DESIGN.md, Desktop).
   */
  allowPlainSecrets: boolean;
}

export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`${setting}: ${message}`);
    this.name = 'SettingsError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function parsePort(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new SettingsError(name, `debe ser un número de puerto entre 0 y 65535 (recibido "${raw}")`);
  const n = Number(raw);
  if (n > 65535) throw new SettingsError(name, `debe ser un número de puerto entre 0 y 65535 (recibido "${raw}")`);
  return n;
}

function parseBool(env: Env, name: string): boolean | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (['1', 'true', 'yes', 'si', 'sí'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new SettingsError(name, `debe ser 1 o 0 (recibido "${raw}")`);
}

function parseUrl(env: Env, name: string): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingsError(name, `no es una URL válida ("${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingsError(name, `debe empezar con http:// o https:// ("${raw}")`);
  }
  return trimEndChars(raw, '/');
}

export function loadSettings(env: Env = process.env): EngineSettings {
  const host = read(env, 'KIPU_HOST') ?? '127.0.0.1';
  if (host !== 'localhost' && isIP(host) === 0) {
    throw new SettingsError('KIPU_HOST', `debe ser una dirección IP o "localhost" (recibido "${host}")`);
  }
  const port = parsePort(env, 'KIPU_PORT', 8080);
  const dataDir = read(env, 'KIPU_DATA_DIR') ?? defaultDataDir();

  const siatUrl = parseUrl(env, 'KIPU_SIAT_URL');
  if (siatUrl !== null && !/\/v2$/.test(siatUrl)) {
    throw new SettingsError('KIPU_SIAT_URL', `debe terminar en /v2, p. ej. https://pilotosiatservicios.impuestos.gob.bo/v2 (recibido "${siatUrl}")`);
  }
  const siatToken = read(env, 'KIPU_SIAT_TOKEN') ?? null;
  // Training is the default while no live SIAT credentials are configured (DESIGN.md).
  const trainingFlag = parseBool(env, 'KIPU_TRAINING');
  const training = trainingFlag ?? !(siatUrl !== null && siatToken !== null);
  if (!training && siatUrl === null) {
    throw new SettingsError('KIPU_SIAT_URL', 'es obligatoria fuera del modo entrenamiento (KIPU_TRAINING=0)');
  }

  const demoApiKey = read(env, 'KIPU_DEMO_API_KEY') ?? null;
  if (demoApiKey !== null && !/^kipu_[a-z0-9]{8}_[A-Za-z0-9]{16,64}$/.test(demoApiKey)) {
    throw new SettingsError('KIPU_DEMO_API_KEY', 'debe tener la forma kipu_<8 letras o cifras minúsculas>_<16 a 64 letras o cifras>');
  }

  const logLevel = (read(env, 'KIPU_LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingsError('KIPU_LOG_LEVEL', `debe ser uno de ${LOG_LEVELS.join(', ')} (recibido "${logLevel}")`);
  }

  const rateRaw = read(env, 'KIPU_RATE_LIMIT') ?? '600';
  if (!/^\d+$/.test(rateRaw) || Number(rateRaw) < 1) {
    throw new SettingsError('KIPU_RATE_LIMIT', `debe ser un entero positivo de solicitudes por minuto (recibido "${rateRaw}")`);
  }

  const inFlightRaw = read(env, 'KIPU_SIAT_IN_FLIGHT');
  if (inFlightRaw !== undefined && (!/^\d+$/.test(inFlightRaw) || Number(inFlightRaw) < 1 || Number(inFlightRaw) > 64)) {
    throw new SettingsError('KIPU_SIAT_IN_FLIGHT', `debe ser un entero de 1 a 64 envíos simultáneos por punto de venta (recibido "${inFlightRaw}")`);
  }

  const publicRateRaw = read(env, 'KIPU_PUBLIC_RATE_LIMIT') ?? '120';
  if (!/^\d+$/.test(publicRateRaw) || Number(publicRateRaw) < 1) {
    throw new SettingsError('KIPU_PUBLIC_RATE_LIMIT', `debe ser un entero positivo de solicitudes por minuto (recibido "${publicRateRaw}")`);
  }
  const publicUrl = parseUrl(env, 'KIPU_PUBLIC_URL');
  const allowedHosts = (read(env, 'KIPU_ALLOWED_HOSTS') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of allowedHosts) {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h)) {
      throw new SettingsError('KIPU_ALLOWED_HOSTS', `debe ser una lista de nombres de servidor separados por comas (recibido "${h}")`);
    }
  }
  const trustProxy = parseTrustProxy(env);
  if (publicUrl !== null) allowedHosts.push(new URL(publicUrl).hostname.toLowerCase().replace(/^\[|\]$/g, ''));

  const smtpUrl = read(env, 'KIPU_SMTP_URL') ?? null;
  let smtpUser: string | null = null;
  if (smtpUrl !== null) {
    const parsed = parseSmtpUrl(smtpUrl);
    if (!parsed.ok) throw new SettingsError('KIPU_SMTP_URL', parsed.reason);
    smtpUser = parsed.value.user;
  }
  const smtpFrom = read(env, 'KIPU_SMTP_FROM') ?? null;
  if (smtpFrom !== null && !isValidFrom(smtpFrom)) {
    throw new SettingsError('KIPU_SMTP_FROM', `debe ser una dirección de correo o "Nombre <correo>" (recibido "${smtpFrom}")`);
  }
  if (smtpUrl !== null && smtpFrom === null && !(smtpUser !== null && isValidEmail(smtpUser))) {
    throw new SettingsError('KIPU_SMTP_FROM', `es obligatoria cuando el usuario de KIPU_SMTP_URL no es una dirección de correo (${redact(smtpUrl)})`);
  }

  const webhookCaFile = read(env, 'KIPU_WEBHOOK_CA_FILE') ?? null;
  if (webhookCaFile !== null) {
    let pem: string;
    try {
      pem = readFileSync(webhookCaFile, 'utf8');
    } catch {
      throw new SettingsError('KIPU_WEBHOOK_CA_FILE', `no se puede leer el archivo ${webhookCaFile}`);
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new SettingsError('KIPU_WEBHOOK_CA_FILE', `debe ser un certificado PEM (-----BEGIN CERTIFICATE-----): ${webhookCaFile}`);
    }
  }

  // Set explicitly, an absolute path: the folder must not depend on where the engine was started.
  const aiCorpusDir = read(env, 'KIPU_AI_CORPUS_DIR') ?? resolve(dataDir, 'normativa');
  if (!isAbsolute(aiCorpusDir)) {
    throw new SettingsError('KIPU_AI_CORPUS_DIR', `debe ser una ruta absoluta a una carpeta (recibido "${aiCorpusDir}")`);
  }
  let corpusIsDir = true;
  try {
    corpusIsDir = statSync(aiCorpusDir).isDirectory();
  } catch {
    // Not there yet: the administrator installs the regulations later.
  }
  if (!corpusIsDir) throw new SettingsError('KIPU_AI_CORPUS_DIR', `debe ser una carpeta, no un archivo (${aiCorpusDir})`);

  const central = loadCentralLink(env, training);
  return {
    host,
    port,
    dataDir,
    training,
    siatUrl,
    siatToken,
    demoApiKey,
    logLevel,
    rateLimitPerMinute: Number(rateRaw),
    publicRateLimitPerMinute: Number(publicRateRaw),
    allowedHosts,
    trustProxy,
    publicUrl,
    smtpUrl,
    smtpFrom,
    webhookAllowPrivate: parseBool(env, 'KIPU_WEBHOOK_ALLOW_PRIVATE') ?? false,
    webhookCaFile,
    aiCorpusDir,
    smtpAllowPrivate: parseBool(env, 'KIPU_SMTP_ALLOW_PRIVATE') ?? false,
    printerAllowLoopback: parseBool(env, 'KIPU_PRINTER_ALLOW_LOOPBACK') ?? false,
    siatInFlight: inFlightRaw === undefined ? null : Number(inFlightRaw),
    central,
    allowPlainSecrets: parseBool(env, 'KIPU_ALLOW_PLAIN_SECRETS') ?? false,
  };
}

/**
 * KIPU_TRUST_PROXY: comma-separated IP addresses or CIDR ranges (`10.0.0.5`, `10.0.0.0/24`,
 * `::1`). Names and `*` are refused: trusting every peer would let any client choose its own
 * address and dodge the per-address limits (issue 26, finding 9).
 */
function parseTrustProxy(env: Env): string[] {
  const raw = read(env, 'KIPU_TRUST_PROXY');
  if (raw === undefined) return [];
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const slash = entry.indexOf('/');
    const address = slash < 0 ? entry : entry.slice(0, slash);
    const family = isIP(address);
    const prefix = slash < 0 ? null : entry.slice(slash + 1);
    const prefixOk = prefix === null || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk) {
      throw new SettingsError('KIPU_TRUST_PROXY', `debe ser una lista de direcciones IP o rangos CIDR del proxy, separados por comas, p. ej. 10.0.0.5 o 10.0.0.0/24 (recibido "${entry}")`);
    }
  }
  return entries;
}

export const CENTRAL_TOKEN_RE = /^kct_([0-9a-f-]{36})_([A-Za-z0-9]{32,64})$/;

/** Loopback names and addresses: the only hosts a training till may reach over plain http. */
function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

function loadCentralLink(env: Env, training: boolean): EngineSettings['central'] {
  const url = parseUrl(env, 'KIPU_CENTRAL_URL');
  const token = read(env, 'KIPU_CENTRAL_TOKEN') ?? null;
  if (url === null) {
    if (token !== null) throw new SettingsError('KIPU_CENTRAL_URL', 'es obligatoria cuando se configura KIPU_CENTRAL_TOKEN');
    return null;
  }
  if (token === null) throw new SettingsError('KIPU_CENTRAL_TOKEN', 'es obligatoria cuando se configura KIPU_CENTRAL_URL (la credencial de esta caja en Kipu Central)');
  if (!CENTRAL_TOKEN_RE.test(token)) throw new SettingsError('KIPU_CENTRAL_TOKEN', 'debe tener la forma kct_<id de la caja>_<secreto>, como la entrega `npm run central -- till add`');
  // The credential and every fact cross the network: https only (issue 26, finding 2). A test or a
  // training lab may run Central on this same machine without TLS, never a live till.
  const u = new URL(url);
  if (u.username !== '' || u.password !== '') throw new SettingsError('KIPU_CENTRAL_URL', 'no debe llevar usuario ni contraseña');
  if (u.protocol !== 'https:' && !(training && isLoopbackHost(u.hostname))) {
    throw new SettingsError('KIPU_CENTRAL_URL', `debe empezar con https:// (recibido "${url}"); http:// solo se acepta hacia este mismo equipo (127.0.0.1, localhost) en modo entrenamiento`);
  }
  const nit = read(env, 'KIPU_CENTRAL_NIT') ?? null;
  if (nit !== null && !/^[1-9]\d{0,12}$/.test(nit)) throw new SettingsError('KIPU_CENTRAL_NIT', `debe ser el NIT del contribuyente de esta caja para el que se emitió la credencial, de 1 a 13 dígitos (recibido "${nit}")`);
  const caFile = read(env, 'KIPU_CENTRAL_CA_FILE') ?? null;
  let ca: string | null = null;
  if (caFile !== null) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch {
      throw new SettingsError('KIPU_CENTRAL_CA_FILE', `no se puede leer el archivo ${caFile}`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new SettingsError('KIPU_CENTRAL_CA_FILE', `debe ser un certificado PEM (-----BEGIN CERTIFICATE-----): ${caFile}`);
  }
  return { url, token, ca, nit };
}
