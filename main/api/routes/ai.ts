// Seed "AI assistant" and "AI service status". Tills have no model weights and no internet model
// API, so the assistant is deterministic and offline: validation runs the issuing path's own rules,
// SIAT codes are explained from a table (CONTRACT §6), and regulation search and chat are lexical
// (BM25 over an FTS5 index of the files the administrator installs), quoting passages verbatim
// with their source. Nothing is downloaded and no regulation text is invented.
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { CatalogService } from '../../catalogs/catalog-sync';
import { catalogLookup } from '../../invoicing/catalog-lookup';
import { checkInvoiceData, MAX_DOCUMENT_CHARS, MAX_NAME_CHARS } from '../../ai/invoice-data-check';
import { resolveSiatError } from '../../ai/siat-error-guide';
import { RegulationCorpus } from '../../ai/regulation-corpus';
import { composeAnswer } from '../../ai/chat-answer';
import { ok } from '../envelope';
import { apiResponse } from '../../../shared/api/envelope';
import {
  AiHealthSchema,
  ChatBody,
  InvoiceDataCheckBody,
  InvoiceDataCheckSchema,
  RegulationHitSchema,
  RegulationSearchQuery,
  ResolutionSchema,
  ResolveErrorBody,
} from '../../../shared/api/ai';

export interface AiDeps {
  store: Store;
  catalogs: CatalogService;
  /** KIPU_AI_CORPUS_DIR: the regulation files (.txt, .md) indexed at start. */
  corpusDir: string;
}

const tags = ['Asistente'];
/** Passages the chat considers before choosing what to quote. */
const CHAT_CANDIDATES = 10;

const LEXICAL_NOTE =
  'Búsqueda léxica (BM25 sobre un índice FTS5 de palabras, sin tildes ni mayúsculas, con un recorte simple de terminaciones del español): ' +
  'encuentra pasajes que comparten palabras con la consulta; no es búsqueda semántica ni usa un modelo de lenguaje. ' +
  'El corpus son los archivos .txt y .md que el administrador instala en KIPU_AI_CORPUS_DIR (por defecto «normativa» en la carpeta de datos), ' +
  'indexados al iniciar Kipu cuando cambian; es el mismo para todos los contribuyentes de la instalación.';

export function aiRoutes(app: FastifyInstance, deps: AiDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const corpus = new RegulationCorpus(deps.store.regulation, deps.corpusDir);
  try {
    const rep = corpus.refresh();
    app.log.info(
      { corpusDir: deps.corpusDir, folderFound: rep.folderFound, files: rep.files, passages: rep.passages, indexed: rep.indexed.length, removed: rep.removed.length },
      'regulation corpus indexed',
    );
    for (const s of rep.skipped) app.log.warn({ file: s.path, reason: s.reason }, 'regulation corpus file skipped');
  } catch (err) {
    // The assistant is an aid: a broken corpus never keeps the till from starting.
    app.log.warn({ err, corpusDir: deps.corpusDir }, 'regulation corpus could not be indexed');
  }

  r.post(
    '/api/v1/ai/validate',
    {
      schema: {
        tags,
        summary: 'Valida datos de una factura antes de emitirla (reglas deterministas)',
        description:
          'Obligatorios: nit (número de documento del cliente, sea NIT, CI u otro según tipoDocumento), razonSocial, tipoDocumento, montoTotal, metodoPago. ' +
          'Opcional: detalle (texto libre; informativo, no se valida: validar productos requiere actividad y código SIN por línea). ' +
          'Aplica las mismas reglas que POST /api/v1/invoices sobre los catálogos sincronizados del contribuyente: tipo de documento y método de pago en catálogo, ' +
          `formato de NIT (solo dígitos, 1 a 13), monto positivo con 2 decimales como máximo, documento 0 hasta Bs 3.000 (SIAT 1010), número de tarjeta o monto de gift card que el método exigirá al emitir; ` +
          `además los largos del XSD (documento 1–${MAX_DOCUMENT_CHARS}, razón social 1–${MAX_NAME_CHARS}) y los clientes especiales 99001/99002/99003 (tipo 5 con excepción 1). ` +
          'Un dato inválido no es un error HTTP: responde 200 con valido false y las observaciones. No consulta a SIAT (el NIT se verifica con SIAT al emitir en línea).',
        body: InvoiceDataCheckBody,
        response: { 200: apiResponse(InvoiceDataCheckSchema) },
      },
    },
    async (req) => {
      const res = checkInvoiceData(req.body, catalogLookup(deps.catalogs, req.tenant.id));
      const errors = res.observaciones.filter((o) => o.nivel === 'error').length;
      const message = res.valido
        ? res.observaciones.length === 0
          ? 'Datos válidos para emitir'
          : `Datos válidos para emitir, con ${res.observaciones.length} aviso(s)`
        : `${errors} dato(s) a corregir antes de emitir`;
      return ok(res, message);
    },
  );

  r.post(
    '/api/v1/ai/resolve-error',
    {
      schema: {
        tags,
        summary: 'Explica un código de SIAT y qué hacer en Kipu',
        description:
          'Obligatorio: codigoError. Opcionales: mensajeError (el texto que devolvió SIAT) y contexto (qué se intentaba). ' +
          'Los códigos de la tabla de SIAT que Kipu conoce (estados 901–909, mensajes 123, 910–1061, advertencias 2000–2019, 3000–3012) devuelven el texto de SIAT, ' +
          'una explicación y los pasos a seguir en Kipu, con conocido true. Un código desconocido devuelve el mensaje recibido (o el del catálogo de mensajes ' +
          'sincronizado, si lo trae), pasos generales y conocido false: nunca un significado inventado.',
        body: ResolveErrorBody,
        response: { 200: apiResponse(ResolutionSchema) },
      },
    },
    async (req) => {
      const tenantId = req.tenant.id;
      const res = resolveSiatError(req.body, (code) => deps.catalogs.items(tenantId, 'messages').find((i) => i.codigo === String(code))?.descripcion ?? null);
      return ok(res, res.conocido ? `Código SIAT ${res.codigo}` : `Código SIAT ${res.codigo} desconocido para Kipu`);
    },
  );

  r.get(
    '/api/v1/ai/normativas/search',
    {
      schema: {
        tags,
        summary: 'Busca pasajes en la normativa instalada (léxica, no semántica)',
        description: `${LEXICAL_NOTE} Devuelve los pasajes ordenados por puntaje (mayor primero); lista vacía si nada coincide o no hay corpus.`,
        querystring: RegulationSearchQuery,
        response: { 200: apiResponse(Type.Array(RegulationHitSchema)) },
      },
    },
    async (req) => {
      if (corpus.passageCount() === 0) return ok([], 'No hay normativa instalada');
      const { terms, hits } = corpus.search(req.query.q, req.query.limit);
      const data = hits.map((h) => ({ fuente: h.fuente, titulo: h.titulo, fragmento: h.texto, puntaje: h.puntaje, coleccion: h.coleccion }));
      const message = terms.length === 0 ? 'La consulta no tiene palabras para buscar' : data.length === 0 ? 'Sin coincidencias' : `${data.length} pasaje(s)`;
      return ok(data, message);
    },
  );

  r.post(
    '/api/v1/ai/chat',
    {
      schema: {
        tags,
        summary: 'Pregunta sobre la normativa: respuesta con citas textuales de la normativa instalada',
        description:
          `${LEXICAL_NOTE} La respuesta (data, texto) se arma solo con oraciones citadas textualmente de los pasajes mejor puntuados que contienen ` +
          'la mayoría de las palabras de la pregunta, cada una con su fuente («Según <fuente> …»). Si no hay corpus o ningún pasaje responde, lo dice: ' +
          'nunca inventa texto normativo.',
        body: ChatBody,
        response: { 200: apiResponse(Type.String()) },
      },
    },
    async (req) => {
      const available = corpus.passageCount() > 0;
      const { terms, hits } = available ? corpus.search(req.body.mensaje, CHAT_CANDIDATES) : { terms: [], hits: [] };
      const answer = composeAnswer(req.body.mensaje, terms, hits, available);
      const message =
        answer.outcome === 'answered'
          ? `Citas de ${answer.fuentes.join(', ')}`
          : answer.outcome === 'no-corpus'
            ? 'No hay normativa instalada'
            : 'Sin pasajes que respondan';
      return ok(answer.texto, message);
    },
  );

  r.get(
    '/api/v1/ai/status',
    {
      schema: {
        tags,
        summary: 'Estado del asistente',
        description:
          'vectorstoreAvailable (nombre del documento semilla) es true cuando el índice de la normativa tiene pasajes; es un índice léxico FTS5, no de vectores. ' +
          'collections: las colecciones con pasajes (normativas).',
        response: { 200: apiResponse(AiHealthSchema) },
      },
    },
    async () => ok({ vectorstoreAvailable: corpus.passageCount() > 0, collections: corpus.collections() }),
  );
}
