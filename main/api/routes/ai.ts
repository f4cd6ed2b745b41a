// Seed "AI assistant" and "AI service status". The assistant works offline with no model:
// validation runs the issuing path's own rules, SIAT codes are explained from a table (CONTRACT
// §6), and search and chat rank the rule cards Kipu ships (resources/ai) and the administrator's
// texts by BM25 + thesaurus expansion + character n-grams, fused by rank (main/ai/retrieval.ts);
// when an administrator installed an embedding model (`npm run admin -- ai model install`), the
// model's ranking joins the fusion (main/ai/semantic-index.ts). The chat answers with a card whole, its reference and date; it never writes a rule.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { CatalogService } from '../../catalogs/catalog-sync';
import { catalogLookup } from '../../invoicing/catalog-lookup';
import { checkInvoiceData, MAX_DOCUMENT_CHARS, MAX_NAME_CHARS } from '../../ai/invoice-data-check';
import { resolveSiatError } from '../../ai/siat-error-guide';
import { RegulationCorpus } from '../../ai/regulation-corpus';
import { chatText } from '../../ai/chat-answer';
import { Assistant, type AskResult, type AssistantHit } from '../../ai/assistant';
import { loadShippedCorpus, type ShippedCorpus } from '../../ai/rule-cards';
import { loadThesaurus, type Thesaurus } from '../../ai/thesaurus';
import { SemanticIndex } from '../../ai/semantic-index';
import { readManifest } from '../../ai/embedding-model';
import { resourcesDir } from '../../config/paths';
import { ok } from '../envelope';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface AiDeps {
  store: Store;
  catalogs: CatalogService;
  /** KIPU_AI_CORPUS_DIR: the administrator's files (.txt, .md) indexed at start. */
  corpusDir: string;
  /** The shipped corpus and thesaurus (default: resources/ai). */
  aiResourcesDir?: string;
  /** Where an installed embedding model lives (<dataDir>/ai-model); none installed = lexical ranking only. */
  dataDir: string;
}

const tags = ['Asistente'];
/** What the search does, said once for the OpenAPI descriptions. */
const RETRIEVAL_NOTE =
  'Busca en las fichas de Kipu (colecciones normativas y contingencias: reglas redactadas por Kipu, cada una con su referencia del SIN y su fecha «vigente al») ' +
  'y en los textos que el administrador instala en KIPU_AI_CORPUS_DIR (colección administrador). Sin modelo y sin red: BM25 sobre raíces de palabras, ' +
  'más las palabras que un tesauro del dominio agrega a la pregunta (internet → contingencia, boleta → factura, talonario → CAFC …), ' +
  'más similitud por trigramas de letras, fusionados por rango. Si el administrador instaló un modelo de embeddings (npm run admin -- ai model install), ' +
  'también la similitud semántica del modelo entra en la fusión (GET /api/v1/ai/status dice si está cargado).';
const RETRIEVAL_MODE = 'bm25+tesauro+ngramas';
const RETRIEVAL_MODE_DENSE = 'bm25+tesauro+ngramas+embeddings';

function hitDto(h: AssistantHit) {
  return {
    tipo: h.tipo,
    id: h.id,
    fuente: h.fuente,
    titulo: h.titulo,
    fragmento: h.texto,
    referencia: h.referencia,
    vigenteAl: h.vigenteAl,
    puntaje: h.puntaje,
    confianza: h.confianza,
    coleccion: h.coleccion,
  };
}

function askDto(r: AskResult, texto: string) {
  return {
    tipo: r.tipo,
    texto,
    respuesta: r.tipo === 'ficha' || r.tipo === 'pasaje' ? hitDto(r.hit) : null,
    respuestas: r.tipo === 'ficha' || r.tipo === 'pasaje' ? r.respuestas.map(hitDto) : [],
    fueraDeAlcance: r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : [],
    guia: r.tipo === 'guia' ? r.guia : null,
    cercanas: r.cercanas.map(hitDto),
  };
}

/** The shipped corpus; an unreadable one (a broken build) leaves the assistant with the administrator's texts only. */
function loadShipped(dir: string, log: FastifyInstance['log']): { shipped: ShippedCorpus; thesaurus: Thesaurus } {
  let shipped: ShippedCorpus = { version: 'ninguna', cards: [], fueraDeAlcance: [] };
  let thesaurus: Thesaurus = { version: 'ninguna', entries: new Map(), outOfScope: new Map() };
  try {
    shipped = loadShippedCorpus(join(dir, 'corpus'));
  } catch (err) {
    log.error({ err, dir }, 'shipped rule cards could not be loaded');
  }
  try {
    thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
  } catch (err) {
    log.error({ err, dir }, 'thesaurus could not be loaded');
  }
  return { shipped, thesaurus };
}

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
  // Built at first use, not at start: the cards' index is about a quarter of an engine's start-up
  // CPU and most tills never ask the assistant. With an embedding model installed it is built at
  // start, as before, so the model loads and embeds off the first question's path.
  let built: { assistant: Assistant; semantic: SemanticIndex; shipped: ShippedCorpus; thesaurus: Thesaurus } | null = null;
  const ai = () => {
    if (!built) {
      const { shipped, thesaurus } = loadShipped(deps.aiResourcesDir ?? join(resourcesDir(), 'ai'), app.log);
      const assistant = new Assistant(shipped, thesaurus, corpus.passages());
      app.log.info({ corpusVersion: shipped.version, cards: shipped.cards.length, thesaurusVersion: thesaurus.version }, 'assistant ready');
      // Off the request's path: the engine answers (lexically) while the model loads and embeds.
      const semantic = new SemanticIndex({ dataDir: deps.dataDir, embeddings: deps.store.embeddings, assistant, log: app.log });
      void semantic.start();
      built = { assistant, semantic, shipped, thesaurus };
    }
    return built;
  };
  if (readManifest(deps.dataDir)) ai();
  app.addHook('onClose', async () => built?.semantic.close());
  const syncedMessage = (tenantId: string) => (code: number) => deps.catalogs.items(tenantId, 'messages').find((i) => i.codigo === String(code))?.descripcion ?? null;

  r.post(
    ROUTES.ai.validate.path,
    {
      schema: {
        tags,
        summary: 'Valida datos de una factura antes de emitirla (reglas deterministas)',
        description:
          'Obligatorios: nit (número de documento del cliente, sea NIT, CI u otro según tipoDocumento), razonSocial, tipoDocumento, montoTotal, metodoPago. ' +
          'Opcionales: complemento (solo con CI: SIAT 1011), lineas [{ cantidad, precioUnitario, montoDescuento?, subTotal? }] y descuentoAdicional: con las líneas, ' +
          'cada subtotal se comprueba contra cantidad × precio − descuento (SIAT 1018) y el monto total contra la suma de las líneas menos el descuento adicional (SIAT 1013), ' +
          'con los mismos cálculos de la emisión; detalle (texto libre, informativo, aceptado por compatibilidad). Cada observación nombra la regla que se incumple. ' +
          'Aplica las mismas reglas que POST /api/v1/invoices sobre los catálogos sincronizados del contribuyente: tipo de documento y método de pago en catálogo, ' +
          `formato de NIT (solo dígitos, 1 a 13), monto positivo con 2 decimales como máximo, documento 0 hasta Bs 3.000 (SIAT 1010), número de tarjeta o monto de gift card que el método exigirá al emitir; ` +
          `además los largos del XSD (documento 1–${MAX_DOCUMENT_CHARS}, razón social 1–${MAX_NAME_CHARS}) y los clientes especiales 99001/99002/99003 (tipo 5 con excepción 1). ` +
          'Un dato inválido no es un error HTTP: responde 200 con valido false y las observaciones. No consulta a SIAT (el NIT se verifica con SIAT al emitir en línea).',
        ...contractSchema(ROUTES.ai.validate),
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
    ROUTES.ai.resolveError.path,
    {
      schema: {
        tags,
        summary: 'Explica un código de SIAT y qué hacer en Kipu',
        description:
          'Obligatorio: codigoError. Opcionales: mensajeError (el texto que devolvió SIAT), contexto (qué se intentaba, texto libre) y operacion ' +
          '(venta, compra, nota o anulacion: la explicación y los pasos hablan de ese documento; en una compra el NIT es el del proveedor). ' +
          'Los códigos de la tabla de SIAT que Kipu conoce (estados 901–909, mensajes 123, 910–1061, advertencias 2000–2019, 3000–3012) devuelven el texto de SIAT, ' +
          'una explicación y los pasos a seguir en Kipu, con conocido true. Un código desconocido devuelve el mensaje recibido (o el del catálogo de mensajes ' +
          'sincronizado, si lo trae), pasos generales y conocido false: nunca un significado inventado.',
        ...contractSchema(ROUTES.ai.resolveError),
      },
    },
    async (req) => {
      const res = resolveSiatError(req.body, syncedMessage(req.tenant.id));
      return ok(res, res.conocido ? `Código SIAT ${res.codigo}` : `Código SIAT ${res.codigo} desconocido para Kipu`);
    },
  );

  r.get(
    ROUTES.ai.searchRegulations.path,
    {
      schema: {
        tags,
        summary: 'Busca en las fichas de Kipu y en los textos del administrador',
        description: `${RETRIEVAL_NOTE} Devuelve las fichas y pasajes ordenados por puntaje (mayor primero), cada ficha con su confianza calibrada (probabilidad de que responda; null en un pasaje); lista vacía si la consulta no tiene palabras para buscar.`,
        ...contractSchema(ROUTES.ai.searchRegulations),
      },
    },
    async (req) => {
      const { assistant, semantic } = ai();
      const data = assistant.search(req.query.q, req.query.limit, await semantic.embedQuery(req.query.q)).map(hitDto);
      return ok(data, data.length === 0 ? 'Sin coincidencias' : `${data.length} resultado(s)`);
    },
  );

  r.post(
    ROUTES.ai.chat.path,
    {
      schema: {
        tags,
        summary: 'Pregunta al asistente: responde con una ficha completa, su referencia y su fecha',
        description:
          `${RETRIEVAL_NOTE} data es el texto de la respuesta: la ficha que mejor responde (confianza calibrada de 0,6 o más), completa, con su referencia y su fecha «vigente al»; ` +
          'si la pregunta trata de varias cosas que responden fichas distintas, hasta tres fichas, cada una con su referencia; si nombra un tema del que Kipu no tiene fichas (otro impuesto, otro país), lo dice; ' +
          'si la pregunta nombra un código de SIAT (por ejemplo «¿qué hago si SIAT responde 902?»), la explicación y los pasos de la guía de errores; ' +
          'si nada responde, lo dice y nombra las fichas más cercanas. Nunca inventa una regla. POST /api/v1/ai/ask devuelve lo mismo con sus partes separadas.',
        ...contractSchema(ROUTES.ai.chat),
      },
    },
    async (req) => {
      const { assistant, semantic, shipped } = ai();
      const r = assistant.ask(req.body.mensaje, syncedMessage(req.tenant.id), await semantic.embedQuery(req.body.mensaje));
      const message = r.tipo === 'ficha' || r.tipo === 'pasaje' ? r.hit.titulo : r.tipo === 'guia' ? `Código SIAT ${r.codigo}` : 'Sin fichas que respondan';
      return ok(chatText(req.body.mensaje, r, shipped.version), message);
    },
  );

  r.post(
    ROUTES.ai.ask.path,
    {
      schema: {
        tags,
        summary: 'Pregunta al asistente, con la respuesta en partes (para la caja: Ayuda SIAT)',
        description:
          'La misma respuesta que POST /api/v1/ai/chat, con sus partes: tipo (ficha, pasaje, guia, sin-respuesta, sin-palabras), texto completo, ' +
          'la ficha o el pasaje que responde (con referencia y vigenteAl), la guía de errores cuando la pregunta nombra un código de SIAT, y las fichas cercanas.',
        ...contractSchema(ROUTES.ai.ask),
      },
    },
    async (req) => {
      const { assistant, semantic, shipped } = ai();
      const r = assistant.ask(req.body.mensaje, syncedMessage(req.tenant.id), await semantic.embedQuery(req.body.mensaje));
      return ok(askDto(r, chatText(req.body.mensaje, r, shipped.version)));
    },
  );

  r.get(
    ROUTES.ai.status.path,
    {
      schema: {
        tags,
        summary: 'Estado del asistente',
        description:
          'vectorstoreAvailable es true solo cuando hay un índice de embeddings cargado (hoy nunca: Kipu no trae modelo y la instalación opcional de un modelo no está terminada). ' +
          `retrieval: el modo en uso («${RETRIEVAL_MODE}»: BM25 + tesauro + trigramas, fusionados por rango). model: null, o nombre, dimensiones y origen del modelo. ` +
          'collections: nombres de las colecciones con contenido; colecciones: cada una con su cantidad de fichas (normativas, contingencias) o pasajes (administrador). ' +
          'corpusVersion y thesaurusVersion: las versiones cargadas de las fichas y del tesauro de Kipu.',
        ...contractSchema(ROUTES.ai.status),
      },
    },
    async () => {
      const { assistant, semantic, shipped, thesaurus } = ai();
      const colecciones = assistant.collections();
      return ok({
        vectorstoreAvailable: assistant.denseLoaded,
        collections: colecciones.filter((c) => c.fichas > 0).map((c) => c.nombre),
        colecciones,
        retrieval: assistant.denseLoaded ? RETRIEVAL_MODE_DENSE : RETRIEVAL_MODE,
        model: assistant.denseLoaded ? semantic.model() : null,
        corpusVersion: shipped.version,
        thesaurusVersion: thesaurus.version,
      });
    },
  );
}
