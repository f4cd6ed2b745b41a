// The assistant endpoints (/api/v1/ai/…): invoice data check, SIAT error guide, search and chat over
// the rule cards Kipu ships and the administrator's texts. Retrieval without a language model.
import Type, { type Static } from 'typebox';

export const ObservacionSchema = Type.Object({
  campo: Type.String({ description: 'nit, razonSocial, tipoDocumento, complemento, montoTotal, metodoPago, descuentoAdicional o lineas[i].cantidad|precioUnitario|montoDescuento|subTotal' }),
  regla: Type.String({
    description:
      'Regla que se incumple: la misma de la emisión (NIT_FORMAT, CATALOG, CATALOG_NOT_SYNCED, CARD_REQUIRED, DECIMALS, SIAT_1010, SIAT_1011 …), una fórmula de SIAT (SIAT_1018 subtotal, SIAT_1013 monto total) o REQUIRED, MAX_LENGTH, SPECIAL_CUSTOMER',
  }),
  mensaje: Type.String(),
  nivel: Type.Union([Type.Literal('error'), Type.Literal('aviso')], { description: 'error: la emisión se rechazaría; aviso: algo que tener listo o saber al emitir' }),
});

/** POST /api/v1/ai/validate. */
export const InvoiceDataCheckBody = Type.Object(
  {
    nit: Type.String({ maxLength: 200 }),
    razonSocial: Type.String({ maxLength: 2000 }),
    tipoDocumento: Type.Integer({ description: 'codigoTipoDocumentoIdentidad de SIAT (1 CI, 2 CEX, 3 PAS, 4 OD, 5 NIT)' }),
    montoTotal: Type.Number({ description: 'Total de la factura en bolivianos' }),
    metodoPago: Type.Integer({ description: 'codigoMetodoPago de SIAT' }),
    detalle: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()], { description: 'Texto libre sobre lo que se vende (informativo; se acepta por compatibilidad)' })),
    complemento: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Null()], { description: 'Complemento de la cédula de identidad: solo con tipoDocumento 1 (SIAT 1011)' })),
    lineas: Type.Optional(
      Type.Union([
        Type.Array(
          Type.Object(
            {
              cantidad: Type.Number({ description: 'Cantidad (2 decimales como máximo)' }),
              precioUnitario: Type.Number({ description: 'Precio unitario en bolivianos' }),
              montoDescuento: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'Descuento de la línea' })),
              subTotal: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'El subtotal calculado por quien llama: se comprueba (SIAT 1018)' })),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 500 },
        ),
        Type.Null(),
      ], { description: 'Las líneas de la venta: con ellas se comprueba el monto total contra cantidad × precio − descuento (SIAT 1018 y 1013)' }),
    ),
    descuentoAdicional: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'Descuento sobre toda la venta, restado de la suma de las líneas' })),
  },
  { additionalProperties: false },
);
export const InvoiceDataCheckSchema = Type.Object({ valido: Type.Boolean(), observaciones: Type.Array(ObservacionSchema) });

/**
 * What was being done when SIAT answered the code: the guide speaks of that document and its steps
 * (a purchase's NIT is the supplier's, and it is registered again in Compras, not re-issued).
 */
export const SIAT_GUIDE_OPERATIONS = ['venta', 'compra', 'nota', 'anulacion'] as const;
export type SiatGuideOperation = (typeof SIAT_GUIDE_OPERATIONS)[number];

/** POST /api/v1/ai/resolve-error. */
export const ResolveErrorBody = Type.Object(
  {
    codigoError: Type.Integer({ minimum: 0, maximum: 999999 }),
    mensajeError: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    contexto: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    operacion: Type.Optional(
      Type.Union(
        [Type.Literal('venta'), Type.Literal('compra'), Type.Literal('nota'), Type.Literal('anulacion')],
        {
          description:
            'Qué se hacía: venta (por omisión), compra (registro de compras: el NIT es el del proveedor), nota (nota de crédito-débito de una devolución) o anulacion (de una factura). La explicación y los pasos hablan de ese documento.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
type BodyOperation = NonNullable<Static<typeof ResolveErrorBody>['operacion']>;
// Compile-time guard: the schema's literals are exactly SIAT_GUIDE_OPERATIONS.
const sameOperations: [BodyOperation, SiatGuideOperation] extends [SiatGuideOperation, BodyOperation] ? true : never = true;
void sameOperations;
export const ResolutionSchema = Type.Object({
  codigo: Type.Integer(),
  descripcionSiat: Type.String({ description: 'Texto de SIAT para el código; si Kipu no lo conoce, el mensaje recibido' }),
  explicacion: Type.String(),
  pasos: Type.Array(Type.String()),
  conocido: Type.Boolean({ description: 'true si el código está en la tabla de Kipu (códigos de SIAT del contrato, §6)' }),
});

/** GET /api/v1/ai/normativas/search. */
export const RegulationSearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 500 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export const RegulationHitSchema = Type.Object({
  tipo: Type.Union([Type.Literal('ficha'), Type.Literal('pasaje')], { description: 'ficha: una ficha de Kipu; pasaje: un texto instalado por el administrador' }),
  id: Type.String({ description: 'Identificador de la ficha, o «archivo#n» de un pasaje' }),
  fuente: Type.String({ description: 'Versión y archivo de las fichas de Kipu, o el archivo del administrador (ruta relativa a su carpeta)' }),
  titulo: Type.String(),
  fragmento: Type.String({ description: 'La regla de la ficha, o el pasaje completo' }),
  referencia: Type.Union([Type.String(), Type.Null()], { description: 'Dónde verificar la regla (RND y artículo, o la página del SIN); null en un pasaje' }),
  vigenteAl: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'Fecha en que Kipu revisó la ficha; null en un pasaje' }),
  puntaje: Type.Number({ description: 'Fusión por rangos (mayor es mejor); solo ordena, no es una confianza: solo comparable dentro de una misma búsqueda' }),
  confianza: Type.Optional(
    Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
      description:
        'Probabilidad (0 a 1) de que la ficha responda a la pregunta, calibrada con un conjunto de preguntas de ajuste: de las fichas con 0,9 o más, unas 9 de cada 10 responden. ' +
        'El asistente responde con una ficha desde 0,6. null en un pasaje del administrador (sin calibrar)',
    }),
  ),
  coleccion: Type.String({ description: 'normativas, contingencias o administrador' }),
});

/** POST /api/v1/ai/chat and /ai/ask. */
export const ChatBody = Type.Object({ mensaje: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });

export const AskSchema = Type.Object({
  tipo: Type.Union([Type.Literal('ficha'), Type.Literal('pasaje'), Type.Literal('guia'), Type.Literal('sin-respuesta'), Type.Literal('sin-palabras')], {
    description: 'ficha o pasaje: la respuesta; guia: la pregunta nombra un código de SIAT; sin-respuesta: nada responde (se ofrecen las fichas cercanas)',
  }),
  texto: Type.String({ description: 'La respuesta completa en texto, la misma de POST /ai/chat' }),
  respuesta: Type.Union([RegulationHitSchema, Type.Null()], { description: 'La ficha o el pasaje que mejor responde (el primero de respuestas)' }),
  respuestas: Type.Optional(
    Type.Array(RegulationHitSchema, {
      description: 'Todas las fichas de la respuesta, la mejor primero: una, o hasta tres cuando la pregunta trata de varias cosas («99001, 99002 y 99003»), cada una con su referencia',
    }),
  ),
  fueraDeAlcance: Type.Optional(
    Type.Array(Type.String(), { description: 'sin-respuesta: los temas que la pregunta nombra y de los que Kipu no tiene fichas (otros impuestos, otros países)' }),
  ),
  guia: Type.Union([ResolutionSchema, Type.Null()]),
  cercanas: Type.Array(RegulationHitSchema, { description: 'Otras fichas cercanas (o las más cercanas cuando nada responde)' }),
});

export const AiModelSchema = Type.Object({ name: Type.String(), dimensions: Type.Integer(), source: Type.String() });
export const AiHealthSchema = Type.Object({
  vectorstoreAvailable: Type.Boolean({ description: 'true solo cuando hay un índice de embeddings cargado' }),
  collections: Type.Array(Type.String(), { description: 'Nombres de las colecciones con contenido' }),
  colecciones: Type.Array(Type.Object({ nombre: Type.String(), fichas: Type.Integer({ description: 'Fichas (o pasajes, en administrador)' }) })),
  retrieval: Type.String({ description: 'Modo de búsqueda en uso' }),
  model: Type.Union([AiModelSchema, Type.Null()], { description: 'Modelo de embeddings cargado, o null' }),
  corpusVersion: Type.String({ description: 'Versión de las fichas de Kipu cargadas' }),
  thesaurusVersion: Type.String(),
});
