// The purchase register over HTTP (issue 14): Kipu's own routes (core style, ApiResponse) to
// register, scan, import, list, send, delete, confirm and query purchases, and seed 001's
// `GET /api/v1/invoice/shopping/PageShopping` in the sector style's envelope.
import { GateFullError, type HeavyWorkGate } from '../../heavy-work/gate';
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { PurchaseRecord, PurchaseRepository } from '../../store/purchases';
import type { PurchaseRegister } from '../../purchases/purchase-register';
import type { PurchaseSender } from '../../purchases/package-sender';
import { XLSX_SHEET_LIMITS } from '../../purchases/purchase-import';
import type { ImportAnswer, ImportJob } from '../../purchases/import-job';
import { PurchaseError } from '../../purchases/purchase-error';
import { XLSX_ZIP_LIMITS } from '../../purchases/xlsx-zip-guard';
import { fromHundredths } from '../../../shared/money';
import { MAX_ROW_ID } from '../../../shared/api/limits';
import { ok, pageOf, sectorOk } from '../envelope';
import { ApiError, notFound } from '../errors';
import { offsetOf } from '../pagination';
import { asApiError } from '../domain-errors';
import { envelopeErrorHandler } from './envelope-errors';
import { pageLinks } from './envelope-invoices';
import type { PurchaseRecordDto } from '../../../shared/api/purchases';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema, envelopeContractSchema } from '../contract-schema';
import { recorderOf } from '../doer';
import { logActRefusal } from '../role-hook';
import type { Store } from '../../store/store';
import { ACT_ROLE, roleAtLeast } from '../../../shared/till-roles';

export interface PurchaseRouteDeps {
  /** Act records: who deleted a purchase (and who approved), in the deletion's commit. */
  store: Pick<Store, 'tillUsers'>;
  purchases: PurchaseRepository;
  register: PurchaseRegister;
  sender: PurchaseSender;
  /** One import at a time per tenant, a few at all (issue 25, decision 0063). */
  heavyWork: HeavyWorkGate;
  /** Reads and checks an import's file off the engine's thread (purchases/import-worker.ts). */
  readImport: (tenantId: string, job: ImportJob) => Promise<ImportAnswer>;
}

/** Imports of one tenant waiting for their turn, each an open request holding its file; more are a 429. */
const IMPORTS_WAITING_PER_TENANT = 4;
/** What a refused import is told to wait: about one import of a large month. */
const IMPORT_RETRY_AFTER_S = 10;

const tags = ['Compras'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A month of purchases in the template is far below this. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const STATE_ES: Record<PurchaseRecord['state'], string> = {
  READY: 'EN COLA PARA SIAT',
  SENT: 'ENVIADA, ESPERANDO VALIDACION',
  ACCEPTED: 'ACEPTADA POR SIAT',
  REJECTED: 'RECHAZADA POR SIAT',
  DELETED: 'ELIMINADA',
};

/** A purchase as seed 001's Purchase record (plus Kipu's own members). */
export function purchaseDto(p: PurchaseRecord): PurchaseRecordDto {
  const d = p.data;
  const a = d.amounts;
  const m = fromHundredths;
  return {
    shoppingInvoiceId: p.seq,
    number: p.nro,
    issuerNit: d.nitEmisor,
    issuerBusinessName: d.razonSocialEmisor,
    authorizationCode: d.codigoAutorizacion,
    invoiceNumber: d.numeroFactura,
    duiDimNumber: d.numeroDuiDim,
    emissionDate: d.fechaEmision,
    totalPurchaseAmount: m(a.total),
    iceAmount: m(a.ice),
    iehdAmount: m(a.iehd),
    ipjAmount: m(a.ipj),
    rates: m(a.tasas),
    otherNotSubjectToCredit: m(a.otroNoSujeto),
    exemptAmounts: m(a.exentos),
    zeroRateAmount: m(a.tasaCero),
    subtotal: m(d.rcv.subtotal),
    discount: m(a.descuento),
    giftCardAmount: m(a.giftCard),
    totalAmountSubjectToVat: m(d.rcv.base),
    fiscalCredit: m(d.rcv.credito),
    purchaseType: d.tipoCompra,
    controlCode: d.codigoControl,
    responseCode: p.siatCode,
    responseDescription: p.siatDescription,
    // SIAT's messages when it sent some, else its words for the code (908 → VALIDADA): never
    // null once SIAT answered (issue 28, item 7).
    responseCodeDescription: p.siatMessages.length ? p.siatMessages.map((x) => `${x.codigo} ${x.descripcion}`).join('; ') : p.siatDescription,
    responseCodeReception: p.siatReceptionCode,
    responseCodeStatus: p.siatCode === null ? null : String(p.siatCode),
    transactionStatus: p.state === 'ACCEPTED' || (p.state === 'DELETED' && p.siatCode !== null),
    isConfirmed: p.confirmed,
    validDescription: STATE_ES[p.state],
    isValidated: p.state === 'ACCEPTED',
    id: p.id,
    state: p.state,
    period: p.periodo,
    year: p.gestion,
    source: p.source,
    siatMessages: p.siatMessages.map((x) => ({ ...x })),
  };
}

function rethrow(err: unknown, needsSiat?: string): never {
  throw asApiError(err, needsSiat);
}

export function purchaseRoutes(app: FastifyInstance, deps: PurchaseRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { purchases, register, sender } = deps;
  /** The queue's counts and its latest packages, as the queue and send routes answer them. */
  const queueStatus = (tenantId: string) => ({
    counts: purchases.countByState(tenantId),
    waitingForSiat: sender.waiting(tenantId),
    packages: purchases.packages(tenantId, 20).map((p) => ({
      id: p.id,
      state: p.state,
      purchases: p.purchaseCount,
      year: p.gestion,
      period: p.periodo,
      codigoRecepcion: p.codigoRecepcion,
      siatCode: p.siatCode,
      attempts: p.attempts,
      lastError: p.lastError,
    })),
  });

  r.post(
    ROUTES.purchases.create.path,
    {
      schema: {
        tags,
        summary: 'Registra la factura de un proveedor (compra)',
        description:
          'Subtotal, base y crédito fiscal se calculan (plantilla de compras del SIN): nunca se envían. La compra se valida campo por campo, ' +
          'luego su registroCompra contra el XSD oficial, y se rechaza si ya existe (mismo proveedor, autorización y número: 409). ' +
          'Queda EN COLA y sale a SIAT en un paquete de recepcionPaqueteCompras en cuanto SIAT responda.',
        ...contractSchema(ROUTES.purchases.create, 201),
      },
    },
    async (req, reply) => {
      const { source, ...fields } = req.body;
      try {
        const p = await register.create(req.tenant.id, fields, source ?? 'MANUAL');
        return reply.status(201).send(ok(purchaseDto(p), 'Compra registrada'));
      } catch (e) {
        rethrow(e);
      }
    },
  );

  r.post(
    ROUTES.purchases.scan.path,
    {
      schema: {
        tags,
        summary: 'Lee el QR de una factura de proveedor (lo que teclea el lector 2D)',
        description:
          'URL de SIAT (…/consulta/QR?nit=…&cuf=…&numero=…): NIT, CUF y número, y del propio CUF la fecha, sucursal, modalidad y sector. ' +
          'QR de factura antigua (12 campos separados por |): casi todos los campos. No guarda nada.',
        ...contractSchema(ROUTES.purchases.scan),
      },
    },
    async (req) => {
      try {
        const s = register.scan(req.body.qr);
        const fields = Object.fromEntries(Object.entries(s.fields).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
        const cuf =
          s.kind === 'online' && s.cufFields
            ? {
                emissionDate: s.cufFields.fechaEmision,
                branchCode: s.cufFields.codigoSucursal,
                modality: s.cufFields.modalidad,
                emissionType: s.cufFields.tipoEmision,
                invoiceType: s.cufFields.tipoFacturaDocumento,
                documentSector: s.cufFields.codigoDocumentoSector,
                posCode: s.cufFields.codigoPuntoVenta,
              }
            : null;
        return ok({ kind: s.kind, fields, cuf });
      } catch (e) {
        rethrow(e);
      }
    },
  );

  r.get(
    ROUTES.purchases.list.path,
    { schema: { tags, summary: 'Compras registradas, las más nuevas primero', ...contractSchema(ROUTES.purchases.list) } },
    async (req) => {
      const { page, size, year, period, state } = req.query;
      const { items, total } = purchases.list(req.tenant.id, { gestion: year, periodo: period, state }, offsetOf({ page, size }), size);
      return ok(pageOf(items.map(purchaseDto), page, size, total));
    },
  );

  r.get(
    ROUTES.purchases.queue.path,
    { schema: { tags, summary: 'Estado de la cola de compras hacia SIAT', ...contractSchema(ROUTES.purchases.queue) } },
    async (req) => ok(queueStatus(req.tenant.id)),
  );

  r.post(
    ROUTES.purchases.send.path,
    {
      schema: {
        tags,
        summary: 'Envía ahora la cola de compras a SIAT y espera esta vuelta',
        description: 'Arma paquetes de hasta 500 registroCompra (tar, gzip, SHA-256), los envía y consulta su validación. Sin SIAT, la cola queda esperando y se reintenta sola.',
        ...contractSchema(ROUTES.purchases.send),
      },
    },
    async (req) => {
      await sender.kick(req.tenant.id);
      return ok(queueStatus(req.tenant.id));
    },
  );

  r.get(
    ROUTES.purchases.get.path,
    { schema: { tags, summary: 'Una compra', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), ...contractSchema(ROUTES.purchases.get) } },
    async (req) => {
      const p = purchases.byId(req.tenant.id, req.params.id);
      if (!p) throw notFound(`Compra ${req.params.id} no encontrada`);
      return ok(purchaseDto(p));
    },
  );

  r.get(
    ROUTES.purchases.byShoppingInvoiceId.path,
    {
      schema: {
        tags,
        summary: 'Una compra por su shoppingInvoiceId (semilla 001)',
        description: 'shoppingInvoiceId cuenta las compras de cada contribuyente desde 1 (decisión 0044): el mismo número de otro contribuyente no se encuentra (404).',
        params: Type.Object({ shoppingInvoiceId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID }) }),
        ...contractSchema(ROUTES.purchases.byShoppingInvoiceId),
      },
    },
    async (req) => {
      const p = purchases.bySeq(req.tenant.id, req.params.shoppingInvoiceId);
      if (!p) throw notFound(`Compra con shoppingInvoiceId ${req.params.shoppingInvoiceId} no encontrada`);
      return ok(purchaseDto(p));
    },
  );

  r.delete(
    ROUTES.purchases.remove.path,
    {
      schema: {
        tags,
        summary: 'Elimina una compra (anulacionCompra en SIAT si SIAT la tiene)',
        description:
          'La respuesta de SIAT se guarda tal cual (p. ej. 2217 ELIMINADO). La fila no se borra: queda ELIMINADA. ' +
          'Eliminar una compra que SIAT ya registró es acto de supervisor: la sesión de un cajero recibe 403 ROLE_REQUIRED, salvo que un supervisor lo apruebe ' +
          '(X-Supervisor-User y X-Supervisor-Pin). Una que SIAT no registró (en cola o rechazada) la retira quien sea. Quién la eliminó queda registrado.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.purchases.remove),
      },
    },
    async (req) => {
      const actor = req.tillActor;
      try {
        // A person's session below the act's role may annul in SIAT only with an approval (decision 0094).
        const mayAnnulInSiat = !actor || roleAtLeast(actor.user.role, ACT_ROLE['purchase-delete']) || req.approver !== null;
        const record = recorderOf(deps.store, req, 'purchase-delete');
        return ok(purchaseDto(await register.remove(req.tenant.id, req.params.id, { mayAnnulInSiat, record })), 'Compra eliminada');
      } catch (e) {
        // SIAT accepted it after the role hook weighed the request: refused here, and logged as the
        // hook logs its own refusals (issue 27: "the attempt logged").
        if (actor && e instanceof PurchaseError && e.code === 'APPROVAL_REQUIRED') logActRefusal(deps.store, actor, 'purchase-delete', 'ROLE_REQUIRED', null);
        rethrow(e, 'la compra no se eliminó');
      }
    },
  );

  r.post(
    ROUTES.purchases.confirm.path,
    {
      schema: {
        tags,
        summary: 'Confirma en SIAT compras que los proveedores reportaron (confirmacionCompras)',
        ...contractSchema(ROUTES.purchases.confirm),
      },
    },
    async (req) => {
      try {
        const res = await register.confirm(req.tenant.id, req.body.items);
        return ok(
          { transaccion: res.transaccion, codigoEstado: res.codigoEstado, codigoDescripcion: res.codigoDescripcion, codigoRecepcion: res.codigoRecepcion, messages: res.messages, confirmed: res.confirmed },
          'Confirmación enviada',
        );
      } catch (e) {
        rethrow(e, 'no se confirmó nada');
      }
    },
  );

  r.post(
    ROUTES.purchases.siatQuery.path,
    {
      schema: {
        tags,
        summary: 'Pregunta a SIAT qué compras le reportaron al contribuyente (consultaCompras)',
        description: 'El archivo de SIAT (formato no documentado) se guarda tal cual se recibió; rows trae lo que se pudo leer de él.',
        ...contractSchema(ROUTES.purchases.siatQuery),
      },
    },
    async (req) => {
      const date = new Date(`${req.body.date}T12:00:00-04:00`);
      if (Number.isNaN(date.getTime())) throw new ApiError(422, 'VALIDATION_FAILED', 'date: fecha inválida', { fields: [{ field: 'date', rule: 'format', message: 'fecha inválida' }] });
      try {
        const q = await register.query(req.tenant.id, date);
        return ok({
          id: q.id,
          date: q.fecha,
          format: q.format,
          archiveBytes: q.archivo?.length ?? 0,
          rows: q.parsed.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => typeof v === 'string')) as Record<string, string>),
          messages: q.messages.map((m) => ({ ...m })),
          receivedAt: q.receivedAt,
        });
      } catch (e) {
        rethrow(e, 'no se pudo consultar');
      }
    },
  );

  // The import reads text/csv and XLSX bodies; the parsers live in this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.addContentTypeParser(XLSX_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      ROUTES.purchases.import.path,
      {
        schema: {
          tags,
          summary: 'Importa un mes de compras desde la plantilla de compras del SIN (CSV o XLSX)',
          description:
            `Cuerpo text/csv o ${XLSX_TYPE}, hasta ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Columnas por su encabezado (NIT PROVEEDOR, RAZON SOCIAL PROVEEDOR, ` +
            'CODIGO DE AUTORIZACION, NUMERO FACTURA, FECHA DE FACTURA/DUI/DIM, IMPORTE TOTAL COMPRA …). Cada fila recibe su veredicto; una fila mala no detiene a las buenas. ' +
            `Un XLSX (un ZIP) se revisa antes de abrirlo: a lo sumo ${XLSX_ZIP_LIMITS.maxTotalBytes / 1024 / 1024} MiB descomprimido en total, ` +
            `${XLSX_ZIP_LIMITS.maxEntryBytes / 1024 / 1024} MiB por parte, ${XLSX_ZIP_LIMITS.maxEntries} partes y ${XLSX_ZIP_LIMITS.maxRatio}:1 de compresión (413 si se pasa); ` +
            'un ZIP dañado o que declara tamaños falsos es 422. Su hoja se cuenta antes de leerla: una fila más allá de la ' +
            `${XLSX_SHEET_LIMITS.maxRow} o una columna más allá de la ${XLSX_SHEET_LIMITS.maxColumn} es 422; más de ${XLSX_SHEET_LIMITS.maxCells} celdas, 413. ` +
            'En ningún caso se importa nada. ' +
            'Una importación a la vez por contribuyente: las siguientes esperan su turno (hasta ' +
            `${IMPORTS_WAITING_PER_TENANT} en espera; más allá, 429 con Retry-After).`,
          ...contractSchema(ROUTES.purchases.import),
        },
      },
      async (req, reply) => {
        const body = req.body as unknown;
        if (!Buffer.isBuffer(body)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Envíe el archivo con Content-Type: text/csv o ${XLSX_TYPE}`);
        const isXlsx = (req.headers['content-type'] ?? '').startsWith(XLSX_TYPE);
        // Parsing and checking a month of purchases holds the engine's thread: this tenant's
        // imports take turns, and a few tenants' at once (heavy-work/gate.ts); the sale never waits here.
        let release: () => void;
        try {
          release = await deps.heavyWork.acquire(req.tenant.id, 'import', IMPORTS_WAITING_PER_TENANT);
        } catch (e) {
          if (!(e instanceof GateFullError)) throw e;
          void reply.header('Retry-After', String(IMPORT_RETRY_AFTER_S));
          throw new ApiError(
            429,
            'IMPORTS_BUSY',
            `Ya hay una importación de compras en curso y ${e.waiting} en espera para este contribuyente; reintente en ${IMPORT_RETRY_AFTER_S} s.`,
          );
        }
        try {
          return await importPurchases(body, isXlsx, req.tenant.id);
        } finally {
          release();
        }
      },
    );
  });

  /** Reads the file and imports its rows (CSV or XLSX): every row gets a verdict. */
  async function importPurchases(body: Buffer, isXlsx: boolean, tenantId: string) {
    try {
      // Read and checked on a worker thread (issue 25); only the duplicate checks and the writes
      // happen here. A full pool is a WorkBusyError (429/503).
      const answer = await deps.readImport(tenantId, { bytes: body, isXlsx });
      if ('unreadable' in answer) {
        throw new ApiError(422, 'VALIDATION_FAILED', `No se pudo leer el archivo ${isXlsx ? 'XLSX' : 'CSV'}`, { fields: [{ field: 'file', rule: 'format', message: 'archivo ilegible' }] });
      }
      if ('error' in answer) throw new PurchaseError(answer.error.code, answer.error.message, answer.error.fields);
      const res = await register.storeImport(tenantId, answer.plan);
      return ok(
        { created: res.created, refused: res.refused, verdicts: res.verdicts.map((v) => ({ row: v.row, ok: v.ok, ...(v.shoppingInvoiceId ? { shoppingInvoiceId: v.shoppingInvoiceId } : {}), problems: v.problems })) },
        `Importación: ${res.created} compras registradas, ${res.refused} filas con errores`,
      );
    } catch (e) {
      rethrow(e);
    }
  }
}

/** seed 001 "Purchase register": its envelope and paging, in its own error-handling context. */
export function pageShoppingRoutes(app: FastifyInstance, deps: { purchases: PurchaseRepository }): void {
  void app.register(async (scope) => {
    scope.setErrorHandler(envelopeErrorHandler);
    scope.withTypeProvider<TypeBoxTypeProvider>().get(
      ROUTES.purchases.pageShopping.path,
      {
        schema: {
          tags: ['Compras (estilo sectorial)'],
          summary: 'Compras registradas del contribuyente, paginadas (semilla 001)',
          description: 'page desde 0; filtros opcionales period (mes), year, invoiceNumber y cuf. prevPage y nextPage son null cuando no hay página.',
          ...envelopeContractSchema(ROUTES.purchases.pageShopping),
        },
      },
      async (req) => {
        const { page, size, period, year, invoiceNumber, cuf } = req.query;
        const { items, total } = deps.purchases.list(
          req.tenant.id,
          { gestion: year, periodo: period, invoiceNumber: invoiceNumber === undefined ? undefined : String(invoiceNumber), cuf },
          offsetOf({ page, size }),
          size,
        );
        const totalPages = Math.ceil(total / size);
        return sectorOk({ totalItems: total, totalPages, limit: size, page, ...pageLinks(page, totalPages), result: items.map(purchaseDto) }, 'COMPLETE');
      },
    );
  });
}
