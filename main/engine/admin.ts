// `npm run admin -- …`: tenants and API keys, straight on the data directory's database.
//   tenant create --nit <nit> --name <razón social>   → prints the tenant's first API key once
//   tenant list
//   tenant provider --nit <nit> on|off                → may it register third-party users (seed 001)
//   tenant link --nit <nit> --provider <nit> --name <usuario> → an existing tenant becomes the provider's third party; prints the provider's key once
//   key create --nit <nit> [--name <nombre>] [--scopes admin,till,integrator] → prints the new key once (default scope: till)
//   key list --nit <nit>
//   key revoke --nit <nit> --key <id o prefijo>
//   siat url --nit <nit> [--url <url> | --clear]      → the tenant's SIAT URL, any (issue #19: only here)
//   ai model install | status | remove                → the assistant's optional embedding model (issue 20):
//                                                       the only command that downloads one, pinned by SHA-256
//   certify --nit <nit> [--url …] [--token …] [--sistema …] [--reducido N] → the SIN's Phase I tests on the pilot (issue 29, main/certify/)
import { parseArgs } from 'node:util';
import { loadSettings, SettingsError } from '../config/settings';
import { openStore, type Store } from '../store/store';
import { TenantError } from '../store/tenants';
import { linkThirdParty, LINKED_KEY_SCOPES } from '../third-parties/link-third-party';
import { SIAT_ADMIN_URL_SETTING } from '../cuis-cufd/siat-gateway';
import { checkAdminSiatBaseUrl } from '../siat/base-url';
import { SCOPES, isScope, type Scope } from '../../shared/api-scopes';
import { removeDemoStore } from '../training/demo-store';
import { isRehearsalTenant } from '../training/rehearsal-tenant';
import { TRAINING_TAXPAYER } from '../siat-sim/training-taxpayer';
import { installModel, ModelInstallError, removeModel } from '../ai/model-install';
import { modelDir, PINNED_MODEL, readManifest } from '../ai/embedding-model';
import { CERTIFY_USAGE, CertifyUsageError, runCertify } from '../certify/command';
import { ChecksUsageError } from '../certify/checks-command';

const USAGE = `Uso: npm run admin -- <comando>
  tenant create --nit <NIT> --name <razón social>
  tenant list
  tenant provider --nit <NIT> on|off
  tenant link --nit <NIT del tercero> --provider <NIT del proveedor> --name <usuario>
  key create --nit <NIT> [--name <nombre de la clave>] [--scopes admin,till,integrator]
  key list --nit <NIT>
  key revoke --nit <NIT> --key <id o prefijo>
  siat url --nit <NIT> [--url <URL hasta /v2> | --clear]
  demo remove [--nit <NIT>]   quita la tienda de demostración del modo entrenamiento (productos y clientes DEMO-…)
  ai model install    descarga el modelo de embeddings fijado (${Math.round((PINNED_MODEL.files.reduce((n, f) => n + f.bytes, 0) / 1e6))} MB, requiere internet)
  ai model status
  ai model remove
${CERTIFY_USAGE}`;


class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`Falta --${name}`);
  return v.trim();
}

/** `--scopes admin,till`: every word must be a scope; absent = till, the least a key is for. */
function parseScopesOption(raw: string | boolean | undefined): Scope[] {
  if (raw === undefined) return ['till'];
  const words = String(raw).split(',').map((w) => w.trim()).filter(Boolean);
  const bad = words.filter((w) => !isScope(w));
  if (words.length === 0 || bad.length > 0) throw new UsageError(`Ámbitos inválidos: ${bad.join(', ') || '(ninguno)'}; use ${SCOPES.join(', ')}`);
  return words as Scope[];
}

export function runAdmin(argv: string[], store: Store, out: (line: string) => void): void {
  const [group, action, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { nit: { type: 'string' }, name: { type: 'string' }, key: { type: 'string' }, url: { type: 'string' }, clear: { type: 'boolean' }, scopes: { type: 'string' }, provider: { type: 'string' } },
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
    // The owner's first key may do everything; keys for tills and integrations are narrower.
    const { key } = store.apiKeys.create(tenant.id, 'Clave inicial', SCOPES);
    out(`Contribuyente creado: ${tenant.razonSocial} (NIT ${tenant.nit}, id ${tenant.id})`);
    out('Sucursal 0 (CASA MATRIZ) y punto de venta 0 creados.');
    out(`Clave de API (se muestra una sola vez, guárdela): ${key}`);
    return;
  }
  if (group === 'tenant' && action === 'list') {
    for (const t of store.tenants.list()) {
      out(`${t.nit}\t${t.razonSocial}\t${t.id}${isRehearsalTenant(t) ? '\t(ensayo de «Autorización SIN»)' : t.training ? '\t(entrenamiento)' : ''}${t.provider ? '\t(proveedor)' : ''}`);
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
  if (group === 'tenant' && action === 'link') {
    // Issue 19, finding 12: a provider cannot claim a NIT that already has a tenant; the administrator can.
    const linked = linkThirdParty({ store, now: () => new Date() }, { nit: need(values, 'nit'), providerNit: need(values, 'provider'), username: need(values, 'name') });
    out(`NIT ${linked.tenant.nit} (${linked.tenant.razonSocial}) vinculado como usuario de terceros "${linked.user.username}" del proveedor NIT ${linked.provider.nit} (userId ${linked.user.id}).`);
    out(`Clave de API para el proveedor (ámbitos: ${LINKED_KEY_SCOPES.join(', ')}; se muestra una sola vez, entréguela al proveedor): ${linked.password}`);
    return;
  }
  if (group === 'key' && action === 'create') {
    const t = tenantByNit();
    const { info, key } = store.apiKeys.create(t.id, typeof values.name === 'string' ? values.name : 'Clave', parseScopesOption(values.scopes));
    out(`Clave creada para NIT ${t.nit} (prefijo ${info.prefix}, id ${info.id}, ámbitos: ${info.scopes.join(', ')})`);
    out(`Clave de API (se muestra una sola vez, guárdela): ${key}`);
    return;
  }
  if (group === 'key' && action === 'list') {
    const t = tenantByNit();
    for (const k of store.apiKeys.list(t.id)) {
      out(`${k.id}\t${k.prefix}\t${k.name}\t${k.scopes.join(',')}\t${k.createdAt}\t${k.revokedAt ? `revocada ${k.revokedAt}` : 'activa'}`);
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
  if (group === 'siat' && action === 'url') {
    // Issue #19: a URL outside SIAT's own hosts (a simulator, a lab) is the administrator's choice,
    // stored under a key no API route writes; the installation's token may follow it.
    const t = tenantByNit();
    if (values.url !== undefined && values.clear) throw new UsageError('Indique --url o --clear, no ambos');
    if (values.url !== undefined) {
      const checked = checkAdminSiatBaseUrl(values.url);
      if (!checked.ok) throw new UsageError(`--url ${checked.reason}`);
      store.settings.set(t.id, SIAT_ADMIN_URL_SETTING, checked.url);
    } else if (values.clear) store.settings.set(t.id, SIAT_ADMIN_URL_SETTING, null);
    const url = store.settings.get<string>(t.id, SIAT_ADMIN_URL_SETTING);
    out(url ? `NIT ${t.nit}: SIAT en ${url} (fijada por el administrador).` : `NIT ${t.nit}: sin URL del SIAT fijada por el administrador (usa la suya o la de la instalación).`);
    return;
  }
  if (group === 'demo' && action === 'remove') {
    // The training tenant's demo store (issue 17); --nit defaults to the demo taxpayer.
    const t = values.nit === undefined ? store.tenants.byNit(String(TRAINING_TAXPAYER.nit)) : tenantByNit();
    if (!t || !t.training) throw new UsageError('La tienda de demostración existe solo para el contribuyente de entrenamiento');
    const done = removeDemoStore(store, t.id);
    out(`Tienda de demostración quitada: ${done.products} productos y ${done.clients} clientes (NIT ${t.nit}).`);
    return;
  }
  throw new UsageError(group ? `Comando desconocido: ${[group, action].filter(Boolean).join(' ')}` : 'Falta el comando');
}

/**
 * `ai model …`: the assistant's embedding model in the data directory. Only `install` touches the
 * network, and only the pinned URLs (main/ai/embedding-model.ts).
 */
export async function runAiAdmin(argv: string[], dataDir: string, out: (line: string) => void): Promise<void> {
  const [group, what, action, ...rest] = argv;
  if (group !== 'ai' || what !== 'model' || rest.length > 0) throw new UsageError(`Comando desconocido: ${argv.join(' ')}`);
  if (action === 'install') {
    out(`Descargando ${PINNED_MODEL.name} (${PINNED_MODEL.dimensions} dimensiones) en ${modelDir(dataDir)} …`);
    const m = await installModel(dataDir, PINNED_MODEL, { progress: out });
    out(`Listo: ${m.name}, ${m.dimensions} dimensiones, origen ${m.source}.`);
    return;
  }
  if (action === 'status') {
    const m = readManifest(dataDir);
    out(m ? `Instalado: ${m.name}, ${m.dimensions} dimensiones, origen ${m.source}, el ${m.installedAt}.` : 'Sin modelo instalado: el asistente busca sin modelo (BM25 + tesauro + trigramas).');
    return;
  }
  if (action === 'remove') {
    out(removeModel(dataDir) ? 'Modelo quitado: al reiniciar, el asistente busca sin modelo.' : 'No había modelo instalado.');
    return;
  }
  throw new UsageError(`Indique install, status o remove: ai model <acción>`);
}

async function main(): Promise<void> {
  let store: Store | null = null;
  try {
    const settings = loadSettings();
    if (process.argv[2] === 'certify') {
      const outcome = await runCertify(process.argv.slice(3), settings, (l) => process.stdout.write(`${l}\n`));
      if (outcome.kind !== 'finished') process.exitCode = 1;
      return;
    }
    if (process.argv[2] === 'ai') {
      await runAiAdmin(process.argv.slice(2), settings.dataDir, (l) => process.stdout.write(`${l}\n`));
      return;
    }
    store = openStore(settings.dataDir);
    runAdmin(process.argv.slice(2), store, (l) => process.stdout.write(`${l}\n`));
  } catch (err) {
    if (err instanceof UsageError || err instanceof CertifyUsageError || err instanceof ChecksUsageError) process.stderr.write(`${err.message}\n${USAGE}\n`);
    else if (err instanceof TenantError || err instanceof SettingsError || err instanceof ModelInstallError) process.stderr.write(`Error: ${err.message}\n`);
    else if (err instanceof TypeError && (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${err.message}\n${USAGE}\n`);
    } else process.stderr.write(`Error: ${(err as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    store?.close();
  }
}

if (process.argv[1] && /admin\.(ts|js|cjs|mjs)$/.test(process.argv[1])) void main();
