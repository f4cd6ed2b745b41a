// `npm run central` — Kipu Central (issue 15). Without arguments it migrates and serves;
// the other commands manage taxpayers, tills and owner keys:
//   npm run central -- tenant add --nit 7000123019 --name "COMERCIAL KIPU DEMO S.R.L."
//   npm run central -- till add --nit 7000123019 --name "Caja 1 Centro" --branch 0 [--pos 1]
//   npm run central -- till list --nit 7000123019
//   npm run central -- till revoke --nit 7000123019 --till <id> [--reason "robada"]
//   npm run central -- till reissue --nit 7000123019 --till <id> [--branch 0 [--pos 1]]
//   npm run central -- key add --nit 7000123019 --name "Dueño"
//   npm run central -- key list --nit 7000123019
//   npm run central -- key revoke --nit 7000123019 --key <id or its first 8+ characters> [--reason "filtrada"]
//   npm run central -- migrate
import pino from 'pino';
import { userInfo } from 'node:os';
import { loadCentralSettings } from '../config/central-settings';
import { SettingsError } from '../config/settings';
import { startCentral } from './central';
import { migrateCentral, openPool } from './store/pg';
import {
  AccountRepository,
  AlreadyRevokedError,
  OwnerKeyAlreadyRevokedError,
  OwnerKeyNotFoundError,
  TillNotFoundError,
  type CredentialActor,
  type TillBinding,
} from './store/accounts';
import { DashboardRepository } from './store/dashboard';
import { formatDateEs, toBoliviaIso } from '../../shared/time';

/** A UTC instant as a person in Bolivia reads it: dd/mm/aaaa hh:mm. */
const bolivia = (utc: string) => `${formatDateEs(new Date(utc))} ${toBoliviaIso(new Date(utc)).slice(11, 16)}`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function need(args: string[], name: string): string {
  const v = flag(args, name);
  if (!v) {
    console.error(`Falta --${name}`);
    process.exit(2);
  }
  return v;
}

/**
 * --branch and --pos: where the till sells (issue 26, finding 6). Its pushes may name only that
 * branch and, with --pos, that point of sale. Undefined when --branch is absent.
 */
function binding(args: string[]): TillBinding | undefined {
  const b = flag(args, 'branch');
  const p = flag(args, 'pos');
  if (b === undefined) {
    if (p !== undefined) {
      console.error('--pos va con --branch (el punto de venta es de una sucursal)');
      process.exit(2);
    }
    return undefined;
  }
  if (!/^\d+$/.test(b)) {
    console.error('--branch debe ser el código de sucursal (0 = casa matriz)');
    process.exit(2);
  }
  if (p !== undefined && !/^\d+$/.test(p)) {
    console.error('--pos debe ser el código del punto de venta (0, 1, …)');
    process.exit(2);
  }
  return { branchCode: Number(b), posCode: p === undefined ? null : Number(p) };
}

const bindingText = (b: TillBinding) => `sucursal ${b.branchCode}, ${b.posCode === null ? 'cualquiera de sus puntos de venta' : `punto de venta ${b.posCode}`}`;

async function admin(args: string[]): Promise<void> {
  const settings = loadCentralSettings();
  const pool = openPool(settings.databaseUrl, 2);
  try {
    await migrateCentral(pool);
    const accounts = new AccountRepository(pool);
    const [what, verb] = args;
    if (what === 'migrate') {
      console.log('Esquema de Kipu Central al día');
      return;
    }
    const nit = need(args, 'nit');
    if (what === 'tenant' && verb === 'add') {
      const t = await accounts.createTenant(nit, need(args, 'name'));
      console.log(`Contribuyente ${t.nit} creado (${t.id})`);
      return;
    }
    const tenant = await accounts.tenantByNit(nit);
    if (!tenant) {
      console.error(`No existe el contribuyente con NIT ${nit} (créelo con: tenant add --nit ${nit} --name …)`);
      process.exit(2);
    }
    if (what === 'till' && verb === 'add') {
      const where = binding(args);
      if (!where) {
        console.error('Falta --branch: la credencial de una caja queda ligada a su sucursal (0 = casa matriz) y, con --pos, a su punto de venta');
        process.exit(2);
      }
      const till = await accounts.createTill(tenant.id, need(args, 'name'), where);
      console.log(`Caja ${till.tillId} creada (${bindingText(where)}). Credencial (se muestra una sola vez):\n${till.token}\nEn la caja: KIPU_CENTRAL_URL=<url de Central> KIPU_CENTRAL_TOKEN=${till.token}`);
      return;
    }
    if (what === 'till' && verb === 'list') {
      for (const t of (await new DashboardRepository(pool).tills(tenant.id)).tills) {
        console.log(`${t.tillId}  ${t.name}  ${t.revoked ? `REVOCADA el ${bolivia(t.revoked.at)} por ${t.revoked.by}${t.revoked.reason ? ` (${t.revoked.reason})` : ''}` : 'activa'}`);
      }
      return;
    }
    if (what === 'till' && (verb === 'revoke' || verb === 'reissue')) {
      const tillId = need(args, 'till');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(tillId)) {
        console.error('--till debe ser el identificador de la caja (ver: till list)');
        process.exit(2);
      }
      const by: CredentialActor = { label: `línea de comandos (usuario ${userInfo().username})`, keyId: null };
      try {
        if (verb === 'revoke') {
          const r = await accounts.revokeTill(tenant.id, tillId, by, flag(args, 'reason') ?? null);
          console.log(`Credencial de la caja ${tillId} revocada el ${bolivia(r.revokedAt)} (hora de Bolivia). Su próxima sincronización recibirá 401 "credencial revocada".`);
        } else {
          const where = binding(args);
          const t = await accounts.reissueTill(tenant.id, tillId, by, where);
          console.log(`Credencial nueva de la caja ${tillId}${where ? `, ligada ahora a: ${bindingText(where)}` : ''} (se muestra una sola vez; la anterior quedó revocada):\n${t.token}\nEn la caja: KIPU_CENTRAL_TOKEN=${t.token}`);
        }
      } catch (err) {
        if (!(err instanceof TillNotFoundError || err instanceof AlreadyRevokedError)) throw err;
        console.error(err.message);
        process.exit(2);
      }
      return;
    }
    if (what === 'key' && verb === 'add') {
      const k = await accounts.createOwnerKey(tenant.id, need(args, 'name'));
      console.log(`Clave del dueño (se muestra una sola vez):\n${k.key}`);
      return;
    }
    if (what === 'key' && verb === 'list') {
      for (const k of await accounts.ownerKeys(tenant.id)) {
        const state = k.revoked ? `REVOCADA el ${bolivia(k.revoked.at)} por ${k.revoked.by}${k.revoked.reason ? ` (${k.revoked.reason})` : ''}` : 'activa';
        console.log(`${k.keyId}  ${k.name}  creada el ${bolivia(k.createdAt)}  ${state}`);
      }
      return;
    }
    if (what === 'key' && verb === 'revoke') {
      try {
        const reason = flag(args, 'reason')?.trim() || null;
        if (reason && reason.length > 200) {
          console.error('--reason: debe ser un texto de 1 a 200 caracteres');
          process.exit(2);
        }
        const k = await accounts.revokeOwnerKey(tenant.id, need(args, 'key'), `línea de comandos (usuario ${userInfo().username})`, reason);
        console.log(`Clave del dueño ${k.keyId} («${k.name}») revocada el ${bolivia(k.revoked!.at)} (hora de Bolivia). Su próxima solicitud recibirá 401 "clave revocada".`);
      } catch (err) {
        if (!(err instanceof OwnerKeyNotFoundError || err instanceof OwnerKeyAlreadyRevokedError)) throw err;
        console.error(err.message);
        process.exit(2);
      }
      return;
    }
    console.error('Uso: npm run central [-- migrate | tenant add | till add | till list | till revoke | till reissue | key add | key list | key revoke] (ver main/central/cli.ts)');
    process.exit(2);
  } finally {
    await pool.end();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  try {
    if (args.length > 0) return await admin(args);
    const settings = loadCentralSettings();
    const logger = pino({ level: process.env.KIPU_LOG_LEVEL ?? 'info' });
    const central = await startCentral(settings, { logger });
    console.log(`Kipu Central escuchando en ${central.url}`);
    const stop = () => void central.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (err) {
    if (err instanceof SettingsError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

void main();
