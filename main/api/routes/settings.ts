// Configuración of the till, per tenant (the caller's API key): the taxpayer profile, the SIAT
// URL and delegated token, the signing certificate, and API keys. Secrets (token, private key)
// go to the secret store and never come back out of the API (DESIGN.md, Desktop).
import { recorderOf } from '../doer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { Tenant } from '../../store/tenants';
import type { SecretStore } from '../../config/secrets';
import { SIAT_URL_SETTING, TOKEN_EXPIRY_SETTING, tenantSiatUrl, tokenSecretName, type SiatGateway, type TenantSiatUrl } from '../../cuis-cufd/siat-gateway';
import { OFFICIAL_SIAT_BASE_URLS, officialSiatBaseUrl } from '../../siat/base-url';
import type { SignerProvider } from '../../invoicing/signer-provider';
import { certificateNit, loadCertificate, type LoadedCertificate } from '../../invoicing/certificate';
import { ok } from '../envelope';
import { ApiError, badRequest, conflict, notFound, unprocessable } from '../errors';
import { isIsoDate } from '../../../shared/time';
import type { Scope } from '../../../shared/api-scopes';
import { siatSettingsBody } from '../../../shared/api/settings';
import { type SalesSettings } from '../../../shared/api/settings';
import { NIT_POLICY_SETTING } from '../../invoicing/issue-invoice';
import { KeyIdParams } from '../../../shared/api/keys';
import { trimEndChars } from '../../../shared/trim-end';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface SettingsRouteDeps {
  store: Store;
  secrets: SecretStore;
  gateway: SiatGateway;
  signers: SignerProvider;
  /** Engine in training mode: the SIAT is the embedded simulator and any certificate goes. */
  training: boolean;
  now?: () => Date;
  /**
   * Opens an uploaded certificate off the engine's thread (a worker: a PKCS#12's key derivation
   * takes seconds of CPU); absent, it is opened here. Throws CertificateError like loadCertificate.
   */
  openCertificate?: (tenantId: string, input: Parameters<typeof loadCertificate>[0]) => Promise<LoadedCertificate>;
}

export { SIAT_URL_SETTING };

/** A tenant's own SIAT base URL and who set it (SiatGateway's urlFor); null = the installation's. */
export function siatUrlOf(store: Store, tenantId: string): TenantSiatUrl | null {
  return tenantSiatUrl(store.settings, tenantId);
}

const SiatBody = siatSettingsBody(
  `URL base del SIAT: ${OFFICIAL_SIAT_BASE_URLS.pilot} (pruebas y piloto) o ${OFFICIAL_SIAT_BASE_URLS.production} (producción); vacía = la de la instalación. Otra URL solo la fija el administrador (npm run admin -- siat url)`,
);

function taxpayerView(t: Tenant) {
  return {
    companyId: t.id,
    nit: t.nit,
    razonSocial: t.razonSocial,
    municipio: t.municipio,
    direccion: t.direccion,
    telefono: t.telefono ?? '',
    codigoSistema: t.codigoSistema ?? '',
    ambiente: t.ambiente,
    modalidad: t.modalidad,
  };
}

/** Base64 once its white space (line breaks of a pasted file) is taken out. */
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

export function settingsRoutes(app: FastifyInstance, deps: SettingsRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Configuración'];
  const now = deps.now ?? (() => new Date());
  const training = (req: FastifyRequest) => deps.training || req.tenant.training;

  // ---------------------------------------------------------------- sales

  const salesView = (tenantId: string): SalesSettings => ({
    nitInvalidPolicy: deps.store.settings.get<string>(tenantId, NIT_POLICY_SETTING) === 'exception' ? 'exception' : 'ask',
  });
  r.get(
    ROUTES.settings.sales.path,
    { schema: { tags, summary: 'Reglas de venta (NIT inválido según SIAT)', ...contractSchema(ROUTES.settings.sales) } },
    async (req) => ok(salesView(req.tenant.id)),
  );
  r.put(
    ROUTES.settings.saveSales.path,
    { schema: { tags, summary: 'Cambia las reglas de venta', ...contractSchema(ROUTES.settings.saveSales) } },
    async (req) => {
      deps.store.settings.set(req.tenant.id, NIT_POLICY_SETTING, req.body.nitInvalidPolicy);
      return ok(salesView(req.tenant.id), 'Reglas de venta guardadas');
    },
  );

  // ---------------------------------------------------------------- taxpayer

  r.get(
    ROUTES.settings.taxpayer.path,
    { schema: { tags, summary: 'Datos del contribuyente', ...contractSchema(ROUTES.settings.taxpayer) } },
    async (req) => ok(taxpayerView(req.tenant)),
  );

  r.put(
    ROUTES.settings.saveTaxpayer.path,
    { schema: { tags, summary: 'Actualiza los datos del contribuyente (el NIT no cambia)', ...contractSchema(ROUTES.settings.saveTaxpayer) } },
    async (req) => {
      const b = req.body;
      if (b.nit !== undefined && b.nit.trim() !== req.tenant.nit) {
        throw unprocessable(`El NIT no se puede cambiar (es ${req.tenant.nit}): para otro contribuyente cree otro inquilino con npm run admin`, [
          { field: 'nit', rule: 'immutable', message: 'El NIT identifica al contribuyente y no se puede cambiar' },
        ]);
      }
      // companyId is read-only: the till sends back what GET answered; another tenant's is refused.
      if (b.companyId !== undefined && b.companyId.trim().toLowerCase() !== req.tenant.id.toLowerCase()) {
        throw unprocessable(`companyId ${b.companyId} no es el de esta empresa (${req.tenant.id}); es de solo lectura`, [
          { field: 'companyId', rule: 'immutable', message: 'es de solo lectura' },
        ]);
      }
      const razonSocial = b.razonSocial.trim();
      if (!razonSocial) throw unprocessable('La razón social es obligatoria', [{ field: 'razonSocial', rule: 'required', message: 'es obligatoria' }]);
      const updated = deps.store.tenants.updateProfile(req.tenant.id, {
        razonSocial,
        municipio: b.municipio.trim(),
        direccion: b.direccion.trim(),
        telefono: b.telefono?.trim() || null,
        codigoSistema: b.codigoSistema?.trim() || null,
        ambiente: b.ambiente as 1 | 2,
        modalidad: b.modalidad as 1 | 2,
      });
      return ok(taxpayerView(updated), 'Datos del contribuyente guardados');
    },
  );

  // ---------------------------------------------------------------- SIAT

  const siatView = (tenant: Tenant) => ({
    url: deps.gateway.urlOf(tenant),
    tokenSet: deps.secrets.get(tokenSecretName(tenant.id)) !== null,
    tokenExpiresOn: deps.store.settings.get<string>(tenant.id, TOKEN_EXPIRY_SETTING),
  });

  r.get(
    ROUTES.settings.siat.path,
    {
      schema: {
        tags,
        summary: 'URL del SIAT, si hay token delegado y cuándo vence (el token nunca se devuelve)',
        ...contractSchema(ROUTES.settings.siat),
      },
    },
    async (req) => ok(siatView(req.tenant)),
  );

  r.put(
    ROUTES.settings.saveSiat.path,
    {
      schema: {
        tags,
        summary: 'Guarda la URL del SIAT, el token delegado y el día en que vence',
        body: SiatBody,
        ...contractSchema(ROUTES.settings.saveSiat),
      },
    },
    async (req) => {
      const { token, tokenExpiresOn } = req.body;
      if (typeof tokenExpiresOn === 'string' && !isIsoDate(tokenExpiresOn)) {
        throw unprocessable(`La fecha de vencimiento del token no es válida: ${tokenExpiresOn} (use aaaa-mm-dd, p. ej. 2026-12-31)`, [
          { field: 'tokenExpiresOn', rule: 'format', message: 'debe ser una fecha aaaa-mm-dd' },
        ]);
      }
      const url = req.body.url?.trim();
      const current = deps.gateway.urlOf(req.tenant);
      const changes = url !== undefined && trimEndChars(url, '/') !== current;
      let urlValue: string | null | undefined;
      if (changes && deps.gateway.urlSetBy(req.tenant) === 'admin') {
        throw unprocessable(`La URL del SIAT de este contribuyente la fijó el administrador (${current}): pídale que la cambie con npm run admin -- siat url`, [
          { field: 'url', rule: 'admin', message: 'la fija el administrador' },
        ]);
      }
      if (changes && url !== '') {
        // Issue #19: the engine sends a delegated token to this URL, so a tenant may only choose
        // SIAT's own (CONTRACT §1.1); a simulator or proxy is the administrator's call.
        const official = officialSiatBaseUrl(url);
        if (official === null) {
          throw unprocessable(
            `La URL del SIAT debe ser la del SIN: ${OFFICIAL_SIAT_BASE_URLS.pilot} (pruebas y piloto) o ${OFFICIAL_SIAT_BASE_URLS.production} (producción). Otra URL (p. ej. un simulador) solo la fija el administrador: KIPU_SIAT_URL o npm run admin -- siat url`,
            [{ field: 'url', rule: 'official', message: 'debe ser una URL del SIAT del SIN' }],
          );
        }
        if (training(req)) {
          throw unprocessable('En modo entrenamiento el SIAT es el simulador integrado: la URL no se puede cambiar', [
            { field: 'url', rule: 'training', message: 'no se puede cambiar en modo entrenamiento' },
          ]);
        }
        urlValue = official;
      } else if (url === '') {
        urlValue = null;
      }
      const t = token?.trim();
      if (t === '') throw unprocessable('El token delegado está vacío', [{ field: 'token', rule: 'required', message: 'no puede estar vacío' }]);
      // The token first: a store that refuses it (a desktop without keystore, decision 0040)
      // leaves the URL and the date as they were.
      if (t !== undefined) deps.secrets.set(tokenSecretName(req.tenant.id), t);
      if (urlValue !== undefined) deps.store.settings.set(req.tenant.id, SIAT_URL_SETTING, urlValue);
      // The date describes one token: a new token without its date must not inherit the old one's.
      if (tokenExpiresOn !== undefined) deps.store.settings.set(req.tenant.id, TOKEN_EXPIRY_SETTING, tokenExpiresOn);
      else if (token !== undefined) deps.store.settings.set(req.tenant.id, TOKEN_EXPIRY_SETTING, null);
      return ok(siatView(req.tenant), 'Credenciales del SIAT guardadas');
    },
  );

  // ---------------------------------------------------------------- certificate

  r.post(
    ROUTES.settings.uploadCertificate.path,
    {
      schema: {
        tags,
        summary: 'Carga el certificado de firma (modalidad electrónica): PKCS#12 con contraseña, o clave y certificado PEM',
        ...contractSchema(ROUTES.settings.uploadCertificate),
      },
    },
    async (req) => {
      const b = req.body;
      const p12 = b.p12Base64 !== undefined;
      const pem = b.keyPem !== undefined || b.certPem !== undefined;
      if (p12 === pem) throw badRequest('Envíe { p12Base64, password } o { keyPem, certPem }, no ambos');
      let input: Parameters<typeof loadCertificate>[0];
      if (p12) {
        if (b.password === undefined) throw badRequest('password: es obligatorio junto con p12Base64', [{ field: 'password', rule: 'required', message: 'es obligatorio' }]);
        if (!BASE64_RE.test(b.p12Base64!.replace(/\s+/g, ''))) throw unprocessable('p12Base64 no es base64 válido', [{ field: 'p12Base64', rule: 'format', message: 'no es base64' }]);
        input = { p12: Buffer.from(b.p12Base64!, 'base64'), password: b.password };
      } else {
        if (b.keyPem === undefined || b.certPem === undefined) throw badRequest('Envíe keyPem y certPem juntos');
        if (b.password !== undefined) throw badRequest('password solo acompaña a p12Base64');
        input = { keyPem: b.keyPem, certPem: b.certPem };
      }
      // A CertificateError answers 422 CERTIFICATE_<code> (domain-errors.ts).
      const cert = deps.openCertificate ? await deps.openCertificate(req.tenant.id, input) : loadCertificate(input);
      if (cert.notAfter.getTime() < now().getTime()) {
        throw new ApiError(422, 'CERTIFICATE_EXPIRED', `El certificado venció el ${cert.notAfter.toISOString().slice(0, 10)}`);
      }
      if (!training(req)) {
        // SIAT 922: the signature must be the taxpayer's own.
        const nit = certificateNit(cert.certPem);
        if (nit !== req.tenant.nit) {
          throw new ApiError(
            422,
            'CERTIFICATE_NIT_MISMATCH',
            nit
              ? `El certificado es del NIT ${nit}, no del contribuyente (NIT ${req.tenant.nit})`
              : `El certificado no indica el NIT del contribuyente (${req.tenant.nit}); SIAT lo rechazaría (922)`,
          );
        }
      }
      const info = deps.signers.install(req.tenant.id, cert);
      return ok({ subject: info.subject, notBefore: info.notBefore, notAfter: info.notAfter }, 'Certificado cargado');
    },
  );

  // ---------------------------------------------------------------- API keys

  const keyView = (k: { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; scopes: Scope[] }) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    scopes: k.scopes,
  });

  r.get(
    ROUTES.settings.keys.path,
    { schema: { tags: ['Claves de API'], summary: 'Claves de API activas del contribuyente (sin el secreto)', ...contractSchema(ROUTES.settings.keys) } },
    async (req) => ok(deps.store.apiKeys.list(req.tenant.id).filter((k) => k.revokedAt === null).map(keyView)),
  );

  r.get(
    ROUTES.settings.currentKey.path,
    { schema: { tags: ['Claves de API'], summary: 'La clave de API (o la sesión de la persona) con que llega esta petición, y sus ámbitos', ...contractSchema(ROUTES.settings.currentKey) } },
    async (req) => ok({ name: req.apiKey.name, prefix: req.apiKey.prefix, scopes: req.apiKey.scopes }),
  );

  r.post(
    ROUTES.settings.createKey.path,
    {
      schema: {
        tags: ['Claves de API'],
        summary: 'Crea una clave de API (se muestra una sola vez)',
        ...contractSchema(ROUTES.settings.createKey, 201),
      },
    },
    async (req, reply) => {
      const name = req.body.name.trim();
      if (!name) throw unprocessable('El nombre de la clave es obligatorio', [{ field: 'name', rule: 'required', message: 'es obligatorio' }]);
      // Who created it is written with it (decision 0069).
      const record = recorderOf(deps.store, req, 'key-create');
      const created = deps.store.transaction(() => {
        const c = deps.store.apiKeys.create(req.tenant.id, name, req.body.scopes ?? ['till']);
        record(c.info.id);
        return c;
      });
      return reply.status(201).send(ok({ ...keyView(created.info), key: created.key }, 'Clave creada: guárdela ahora, no se volverá a mostrar'));
    },
  );

  r.delete(
    ROUTES.settings.revokeKey.path,
    {
      schema: {
        tags: ['Claves de API'],
        summary: 'Revoca una clave de API del contribuyente',
        params: KeyIdParams,
        ...contractSchema(ROUTES.settings.revokeKey),
      },
    },
    async (req) => {
      const id = req.params.id;
      if (id === req.apiKey.id || id === req.apiKey.prefix) {
        throw conflict('No puede revocar la clave con la que está conectado; use otra clave para revocarla');
      }
      // Another tenant's key is "not found" too: no hint that it exists.
      const record = recorderOf(deps.store, req, 'key-revoke');
      const revoked = deps.store.transaction(() => {
        const done = deps.store.apiKeys.revoke(req.tenant.id, id);
        if (done) record(id);
        return done;
      });
      if (!revoked) throw notFound(`Clave ${id} no encontrada`);
      return ok({ id, revoked: true }, 'Clave revocada');
    },
  );
}
