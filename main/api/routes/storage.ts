// Seed "Object storage": status, a connectivity test and the company logo upload, plus the
// public read of brand objects (the logo's cdnUrl).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ObjectStore } from '../../storage/object-store';
import { isValidObjectKey } from '../../storage/object-store';
import { BrandLogos, LOGO_MAX_BYTES, LogoError, PUBLIC_BRAND_PREFIX, checkLogoPng } from '../../storage/brand-logo';
import { ok } from '../envelope';
import { ApiError, notFound } from '../errors';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface StorageRouteDeps {
  objects: ObjectStore;
  logos: BrandLogos;
  publicBaseUrl: () => string;
}

/** The logo body is read whole; a little over the limit so the handler can name the real size. */
const LOGO_BODY_LIMIT = 4 * LOGO_MAX_BYTES;

export function storageRoutes(app: FastifyInstance, deps: StorageRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Almacenamiento'];


  r.get(
    ROUTES.storage.status.path,
    {
      schema: {
        tags,
        summary: 'Estado del almacenamiento de objetos',
        ...contractSchema(ROUTES.storage.status),
      },
    },
    async () => {
      const res = ok({ objectstoreEnabled: true, backend: deps.objects.backend, timestamp: '' });
      res.data.timestamp = res.timestamp;
      return res;
    },
  );

  r.post(
    ROUTES.storage.test.path,
    {
      schema: {
        tags,
        summary: 'Prueba de conectividad: sube, verifica, descarga y compara un objeto de prueba, y lo borra',
        ...contractSchema(ROUTES.storage.test),
      },
    },
    async (req) => {
      const key = `healthcheck/${req.tenant.id}/${randomUUID()}.bin`;
      const content = randomBytes(64);
      const result = { upload: false, exists: false, download: false, contentMatch: false };
      let problem: string | null = null;
      try {
        await deps.objects.put(key, content, { contentType: 'application/octet-stream' });
        result.upload = true;
        result.exists = await deps.objects.exists(key);
        const got = await deps.objects.get(key);
        result.download = got !== null;
        result.contentMatch = got !== null && got.data.equals(content);
      } catch (err) {
        problem = err instanceof Error ? err.message : String(err);
        req.log.warn({ err }, 'object storage test failed');
      } finally {
        await deps.objects.delete(key).catch(() => undefined);
      }
      const allOk = result.upload && result.exists && result.download && result.contentMatch;
      return ok(result, allOk ? 'Almacenamiento de objetos operativo' : `El almacenamiento de objetos falló${problem ? `: ${problem}` : ''}`);
    },
  );

  // The logo upload is the one request whose body is not JSON (seed: Content-Type image/png).
  // Its parser is registered in a scope of its own, so no other route reads PNG bodies
  // (issue 19, finding 7: a parser is part of a route's attack surface).
  void app.register(async (scope) => {
    scope.addContentTypeParser('image/png', { parseAs: 'buffer', bodyLimit: LOGO_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      ROUTES.storage.logo.path,
      {
        bodyLimit: LOGO_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Sube el logo de la empresa (PNG, máximo 500 KB; se recomienda al menos 200×200 px y fondo transparente)',
          description: 'Cabecera Content-Type: image/png y el archivo PNG como cuerpo binario. El logo aparece en la factura PDF A4.',
          ...contractSchema(ROUTES.storage.logo),
        },
      },
      async (req) => {
        if (req.query.companyId.toLowerCase() !== req.tenant.id.toLowerCase()) {
          throw new ApiError(403, 'FORBIDDEN', 'companyId no corresponde a la empresa de la clave de API; solo puede subir el logo de su propia empresa');
        }
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new ApiError(400, 'BAD_REQUEST', 'Envíe el archivo PNG como cuerpo de la solicitud con la cabecera Content-Type: image/png');
        }
        const check = checkLogoPng(body);
        if (!check.ok) throw new LogoError(check.code, check.message);
        const rec = await deps.logos.save(req.tenant.id, body, check);
        const message = ['Logo guardado; aparecerá en las facturas PDF', ...check.warnings].join('. ');
        return ok(
          { objectKey: rec.objectKey, cdnUrl: `${deps.publicBaseUrl()}/api/v1/public/storage/${rec.objectKey}`, size: rec.size, width: rec.width, height: rec.height },
          message,
        );
      },
    );
  });

  // Public read of brand objects. Only keys under brand/ are served: everything else in the
  // store (connectivity probes, future private objects) stays behind the API key.
  r.get(
    ROUTES.public.storage.path,
    { schema: { tags, summary: 'Objeto público (logo de la empresa)', security: [] } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!key.startsWith(PUBLIC_BRAND_PREFIX) || !isValidObjectKey(key)) throw notFound(`No existe el objeto ${key}`);
      const obj = await deps.objects.get(key);
      if (!obj) throw notFound(`No existe el objeto ${key}`);
      return reply
        // Keys are content-addressed (a new logo gets a new key), so a year-long cache is safe.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .type(obj.contentType)
        .send(obj.data);
    },
  );
}
