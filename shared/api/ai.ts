// The assistant endpoints (/api/v1/ai/…): invoice data check, SIAT error guide, search in the
// installed regulations. Rule-based and lexical: no language model answers here.
import Type from 'typebox';

export const ObservacionSchema = Type.Object({
  campo: Type.String({ description: 'nit, razonSocial, tipoDocumento, montoTotal o metodoPago' }),
  regla: Type.String({ description: 'Regla: la misma de la emisión (NIT_FORMAT, CATALOG, CATALOG_NOT_SYNCED, CARD_REQUIRED, SIAT_1010, DECIMALS …) o REQUIRED, MAX_LENGTH, SPECIAL_CUSTOMER' }),
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
    detalle: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export const InvoiceDataCheckSchema = Type.Object({ valido: Type.Boolean(), observaciones: Type.Array(ObservacionSchema) });

/** POST /api/v1/ai/resolve-error. */
export const ResolveErrorBody = Type.Object(
  {
    codigoError: Type.Integer({ minimum: 0, maximum: 999999 }),
    mensajeError: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    contexto: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
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
  fuente: Type.String({ description: 'Archivo del corpus (ruta relativa a la carpeta de normativa)' }),
  titulo: Type.String({ description: 'Encabezado o artículo bajo el que está el pasaje' }),
  fragmento: Type.String({ description: 'El pasaje, textual' }),
  puntaje: Type.Number({ description: 'Relevancia BM25 (mayor es mejor); solo comparable dentro de una misma búsqueda' }),
  coleccion: Type.String(),
});

/** POST /api/v1/ai/chat. */
export const ChatBody = Type.Object({ mensaje: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export const AiHealthSchema = Type.Object({ vectorstoreAvailable: Type.Boolean(), collections: Type.Array(Type.String()) });
