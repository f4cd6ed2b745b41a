// Kipu Central's settings from the environment (issue 15). Validated at start: a bad value stops
// start-up with a message naming the setting.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { SettingsError } from './settings';

export interface CentralSettings {
  /** KIPU_CENTRAL_DATABASE_URL: postgres://user:pass@host:5432/db (any managed PostgreSQL). */
  databaseUrl: string;
  /** KIPU_CENTRAL_HOST (default 127.0.0.1) and KIPU_CENTRAL_PORT (default 8090; 0 = any free port). */
  host: string;
  port: number;
  /** KIPU_CENTRAL_TLS_CERT and KIPU_CENTRAL_TLS_KEY (PEM files): HTTPS where the network is not trusted. */
  tls: { cert: string; key: string } | null;
  /** KIPU_CENTRAL_DB_POOL: connections to PostgreSQL (default 10). */
  poolSize: number;
  /**
   * Requests per minute per till credential (KIPU_CENTRAL_TILL_RATE_LIMIT, default 600) and per
   * owner key (KIPU_CENTRAL_OWNER_RATE_LIMIT, default 600); over it, 429 with Retry-After (issue
   * 26, finding 3). Absent = the defaults.
   */
  rateLimits?: { tillPerMinute: number; ownerPerMinute: number };
}

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : undefined;
};

function pemFile(env: Env, name: string, marker: string): string | null {
  const file = read(env, name);
  if (file === undefined) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new SettingsError(name, `no se puede leer el archivo ${file}`);
  }
  if (!text.includes(marker)) throw new SettingsError(name, `debe ser un archivo PEM (${marker}): ${file}`);
  return text;
}

export function loadCentralSettings(env: Env = process.env): CentralSettings {
  const databaseUrl = read(env, 'KIPU_CENTRAL_DATABASE_URL');
  if (!databaseUrl) throw new SettingsError('KIPU_CENTRAL_DATABASE_URL', 'es obligatoria: postgres://usuario:clave@servidor:5432/base');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new SettingsError('KIPU_CENTRAL_DATABASE_URL', 'debe empezar con postgres:// o postgresql://');
  const host = read(env, 'KIPU_CENTRAL_HOST') ?? '127.0.0.1';
  if (host !== 'localhost' && isIP(host) === 0) throw new SettingsError('KIPU_CENTRAL_HOST', `debe ser una dirección IP o "localhost" (recibido "${host}")`);
  const portRaw = read(env, 'KIPU_CENTRAL_PORT') ?? '8090';
  if (!/^\d+$/.test(portRaw) || Number(portRaw) > 65535) throw new SettingsError('KIPU_CENTRAL_PORT', `debe ser un número de puerto entre 0 y 65535 (recibido "${portRaw}")`);
  const poolRaw = read(env, 'KIPU_CENTRAL_DB_POOL') ?? '10';
  if (!/^\d+$/.test(poolRaw) || Number(poolRaw) < 1 || Number(poolRaw) > 200) throw new SettingsError('KIPU_CENTRAL_DB_POOL', `debe ser un entero de 1 a 200 (recibido "${poolRaw}")`);
  const perMinute = (name: string, fallback: string) => {
    const raw = read(env, name) ?? fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new SettingsError(name, `debe ser un entero positivo de solicitudes por minuto (recibido "${raw}")`);
    return Number(raw);
  };
  const rateLimits = { tillPerMinute: perMinute('KIPU_CENTRAL_TILL_RATE_LIMIT', '600'), ownerPerMinute: perMinute('KIPU_CENTRAL_OWNER_RATE_LIMIT', '600') };
  const cert = pemFile(env, 'KIPU_CENTRAL_TLS_CERT', '-----BEGIN CERTIFICATE-----');
  const key = pemFile(env, 'KIPU_CENTRAL_TLS_KEY', 'PRIVATE KEY-----');
  if ((cert === null) !== (key === null)) throw new SettingsError(cert === null ? 'KIPU_CENTRAL_TLS_CERT' : 'KIPU_CENTRAL_TLS_KEY', 'el certificado y la clave TLS van juntos');
  return { databaseUrl, host, port: Number(portRaw), tls: cert && key ? { cert, key } : null, poolSize: Number(poolRaw), rateLimits };
}
