// `npm run admin -- …`: tenants and API keys, straight on the data directory's database.
//   tenant create --nit <nit> --name <razón social>   → prints the tenant's first API key once
//   tenant list
//   tenant provider --nit <nit> on|off                → may it register third-party users (seed 001)
//   key create --nit <nit> [--name <nombre>]          → prints the new key once
//   key list --nit <nit>
//   key revoke --nit <nit> --key <id o prefijo>
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError } from '../config/settings';
import { openStore, type Store } from '../store/store';
import { TenantError } from '../store/tenants';

const USAGE = `Uso: npm run admin -- <comando>
  tenant create --nit <NIT> --name <razón social>
  tenant list
  tenant provider --nit <NIT> on|off
  key create --nit <NIT> [--name <nombre de la clave>]
  key list --nit <NIT>
  key revoke --nit <NIT> --key <id o prefijo>`;

class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`Falta --${name}`);
  return v.trim();
}

export function runAdmin(argv: string[], store: Store, out: (line: string) => void): void {
  const [group, action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { nit: { type: 'string' }, name: { type: 'string' }, key: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  // Only `tenant provider` takes a bare word (on|off); elsewhere one is a typo, not something to ignore.
  const isProvider = group === 'tenant' && action === 'provider';
  if (!isProvider && positionals.length > 0) throw new UsageError(`Argumento inesperado: ${positionals[0]}`);
  const tenantByNit = () => {
    const nit = need(values, 'nit');
    const t = store.tenants.byNit(nit);
    if (!t) throw new TenantError('NOT_FOUND', `No existe un contribuyente con NIT ${nit}`);
    return t;
  };
  if (group === 'tenant' && action === 'create') {
    const tenant = store.tenants.create({ nit: need(values, 'nit'), razonSocial: need(values, 'name') });
    const { key } = store.apiKeys.create(tenant.id, 'Clave inicial');
    out(`Contribuyente creado: ${tenant.razonSocial} (NIT ${tenant.nit}, id ${tenant.id})`);
    out('Sucursal 0 (CASA MATRIZ) y punto de venta 0 creados.');
    out(`Clave de API (se muestra una sola vez, guárdela): ${key}`);
    return;
  }
  if (group === 'tenant' && action === 'list') {
    for (const t of store.tenants.list()) {
      out(`${t.nit}\t${t.razonSocial}\t${t.id}${t.training ? '\t(entrenamiento)' : ''}${t.provider ? '\t(proveedor)' : ''}`);
    }
    return;
  }
  if (isProvider) {
    const t = tenantByNit();
    const [state, ...extra] = positionals;
    if ((state !== 'on' && state !== 'off') || extra.length > 0) throw new UsageError('Indique on u off: tenant provider --nit <NIT> on|off');
    const updated = store.tenants.setProvider(t.id, state === 'on');
    out(
      updated.provider
        ? `NIT ${t.nit} es proveedor: puede registrar usuarios de terceros (POST /api/v1/user/additional).`
        : `NIT ${t.nit} ya no es proveedor: no puede registrar usuarios de terceros (los ya registrados siguen funcionando).`,
    );
    return;
  }
  if (group === 'key' && action === 'create') {
    const t = tenantByNit();
    const { info, key } = store.apiKeys.create(t.id, typeof values.name === 'string' ? values.name : 'Clave');
    out(`Clave creada para NIT ${t.nit} (prefijo ${info.prefix}, id ${info.id})`);
    out(`Clave de API (se muestra una sola vez, guárdela): ${key}`);
    return;
  }
  if (group === 'key' && action === 'list') {
    const t = tenantByNit();
    for (const k of store.apiKeys.list(t.id)) {
      out(`${k.id}\t${k.prefix}\t${k.name}\t${k.createdAt}\t${k.revokedAt ? `revocada ${k.revokedAt}` : 'activa'}`);
    }
    return;
  }
  if (group === 'key' && action === 'revoke') {
    const t = tenantByNit();
    const ref = need(values, 'key');
    if (!store.apiKeys.revoke(t.id, ref)) throw new TenantError('NOT_FOUND', `El contribuyente ${t.nit} no tiene una clave activa "${ref}"`);
    out(`Clave ${ref} revocada.`);
    return;
  }
  throw new UsageError(group ? `Comando desconocido: ${[group, action].filter(Boolean).join(' ')}` : 'Falta el comando');
}

function main(): void {
  let store: Store | null = null;
  try {
    const settings = loadSettings();
    store = openStore(settings.dataDir);
    runAdmin(process.argv.slice(2), store, (l) => process.stdout.write(`${l}\n`));
  } catch (err) {
    if (err instanceof UsageError) process.stderr.write(`${err.message}\n${USAGE}\n`);
    else if (err instanceof TenantError || err instanceof SettingsError) process.stderr.write(`Error: ${err.message}\n`);
    else if (err instanceof TypeError && (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${err.message}\n${USAGE}\n`);
    } else process.stderr.write(`Error: ${(err as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    store?.close();
  }
}

if (process.argv[1] && /admin\.(ts|js|cjs|mjs)$/.test(process.argv[1])) main();
