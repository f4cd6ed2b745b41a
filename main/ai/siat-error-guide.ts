// What a SIAT status or message code means for the cashier and the manager, and what to do next in
// Kipu. The codes are those of CONTRACT.md §6; SIAT's own text comes from main/siat/messages.ts
// (the one source of those texts), the explanations and steps are ours, in Spanish (es-BO).
// Deterministic: a table, not a model. Pure.
// Runs in: engine.
import { SIAT_MESSAGES } from '../siat/messages';
import { SECTOR_SPECS } from '../../shared/sectors';

export interface Guidance {
  explicacion: string;
  pasos: string[];
}

export interface ErrorResolution {
  codigo: number;
  /** SIAT's text for the code; for a code outside the table, the message the caller sent. */
  descripcionSiat: string;
  explicacion: string;
  pasos: string[];
  /** True when the code is in Kipu's table (CONTRACT §6). */
  conocido: boolean;
}

// Steps shared by many codes: one wording, so the same action reads the same everywhere.
const P = {
  verMensajes: 'En Facturas abra la factura y lea todos los códigos y mensajes de SIAT que trae: el motivo concreto suele estar en otro código de la misma respuesta.',
  nuevaFactura: 'Corrija el dato y emita una factura nueva. La factura rechazada no tiene validez fiscal y no hace falta anularla.',
  renovarCufd: 'En Sincronización pulse «Renovar CUFD» (o POST /api/v1/codes/cufd con el posId) y vuelva a intentar.',
  sincronizar: 'En Sincronización pulse «Sincronizar todo» (o POST /api/v1/siat/sync/all): trae los catálogos vigentes de SIAT y ajusta el reloj con el de SIAT.',
  sincronizarReloj: 'Revise la fecha y hora del equipo, y en Sincronización pulse «Sincronizar todo»: Kipu mide la diferencia con el reloj de SIAT y la corrige al emitir.',
  reintentar: 'Vuelva a intentar en unos minutos; no hace falta cambiar ningún dato.',
  seguirVendiendo: 'Siga vendiendo: si SIAT no responde, Kipu emite fuera de línea (contingencia) y envía las facturas cuando SIAT vuelve. Vea el avance en Estado de conexión.',
  avisarEncargado: 'Avise al encargado o administrador de Kipu: es un problema de configuración, no de la venta.',
  configSiat: 'En Configuración › SIAT revise el ambiente, el código de sistema, la modalidad y el token delegado (PUT /api/v1/settings/siat).',
  portalSin: 'Revise la situación del contribuyente en el portal del SIN (Oficina Virtual) o en su dependencia del SIN; Kipu no puede resolverlo desde la caja.',
  soporte: 'Si se repite, repórtelo a soporte de Kipu con el código, el mensaje, la factura y la hora: el registro del motor guarda el detalle.',
  verificarNit: 'Confirme el número con el cliente y verifíquelo con SIAT (F7 en Venta, o POST /api/v1/codes/nit).',
  excepcion: 'Si el cliente confirma que su NIT es correcto, puede emitir igual con la excepción de SIAT (la caja la ofrece al verificar el NIT; en la API, exceptionCode 1).',
  usarCi: 'Si el cliente no tiene NIT, emita con su cédula de identidad (tipo de documento 1).',
  certificado: 'En Configuración cargue un certificado de firma vigente, a nombre del contribuyente, con su clave privada (POST /api/v1/settings/certificate).',
  estadoConexion: 'Revise en Estado de conexión el evento de contingencia y las facturas en espera (GET /api/v1/till/queue); Kipu reintenta el envío por sí solo.',
  estadoFactura: 'En Facturas consulte el estado actual de la factura (GET /api/v1/invoices/{id}/status), que Kipu confirma con SIAT.',
  cuisAuto: 'Kipu pide un CUIS nuevo por sí solo en los últimos 5 días de vigencia; si la renovación falla, el encargado recibe el aviso cuis.renewal_failed.',
  puntosVenta: 'En Sucursales y puntos de venta compare la sucursal y el punto de venta con los del padrón del SIN: los códigos deben coincidir.',
  productos: 'En Productos corrija la actividad económica y el código de producto SIN del artículo con valores del catálogo sincronizado (GET /api/v1/siat/sync/catalogs/products?activityCode=…).',
  noAccion: 'No requiere ninguna acción.',
  contador: 'Consulte con su contador o con el SIN cómo regularizarlo; no vuelva a emitir esas ventas sin esa consulta.',
  notaCredito: 'La corrección de una factura que ya no se puede anular se hace con una nota de crédito-débito: en Facturas abra la factura y elija «Devolución…». Si no se devuelve un producto, consulte con su contador.',
  nota: 'Revise en Facturas la factura original de la nota y lo devuelto (cantidades y montos): la nota se emite desde la factura con «Devolución…».',
  datoSector: 'Revise ese dato del sector en la venta (los campos del sector en Venta, o en la solicitud a la API) y emita de nuevo.',
  cafc: 'En Estado de conexión → «Facturas manuales (CAFC)» compare el código CAFC, el número y la fecha con los del talonario, y corrija la factura transcrita.',
  masiva: 'Revise el lote en la emisión masiva (GET /api/v1/invoices/batch/{id}): cada factura trae los códigos de SIAT.',
} as const;

/** The sectors Kipu issues, by their files (shared/sectors/): never a list that can go stale. */
const ISSUED = SECTOR_SPECS.map((s) => s.label.toLocaleLowerCase('es-BO')).join(', ');

/** A request parameter Kipu fills in by itself: the cashier did nothing wrong. */
function kipuParameter(what: string, extra: string[] = []): Guidance {
  return {
    explicacion: `SIAT no aceptó ${what} que Kipu envió en la solicitud. Es un dato que Kipu completa solo, no un dato de la venta: suele deberse a la configuración del contribuyente o a un fallo de Kipu.`,
    pasos: [...extra, P.avisarEncargado, P.soporte],
  };
}

/** Fields of sectors Kipu does not issue. */
function otherSector(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what}. Ese dato corresponde a documentos de sectores que Kipu no emite (Kipu emite: ${ISSUED}); un documento de Kipu no debería recibir este código.`,
    pasos: [P.verMensajes, P.soporte],
  };
}

/** A field of a sector Kipu issues, which came with the sale. */
function sectorField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what}, un dato propio de ese documento sector que vino con la venta.`,
    pasos: [P.verMensajes, P.datoSector, P.soporte],
  };
}

/** A fact of a credit-debit note (sector 24), which Kipu issues from the original invoice. */
function noteField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what} en una nota de crédito-débito. Kipu la arma a partir de la factura original y de lo devuelto.`,
    pasos: [P.verMensajes, P.nota, P.soporte],
  };
}

/** A manual (CAFC) invoice transcribed after a contingency event 5–7. */
function cafcField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what} de una factura manual (CAFC) transcrita después del evento de contingencia.`,
    pasos: [P.cafc, P.soporte],
  };
}

/** Totals Kipu computes with SIAT's formulas (CONTRACT §3.7). */
function kipuComputed(what: string, hint: string): Guidance {
  return {
    explicacion: `SIAT recalculó ${what} y no coincide con el de la factura. Kipu calcula los montos con las fórmulas de SIAT, así que lo más probable es un dato fuera de lo normal en la venta o un fallo de Kipu.`,
    pasos: [hint, P.nuevaFactura, P.soporte],
  };
}

function taxpayerMark(what: string): Guidance {
  return {
    explicacion: `El SIN registró sobre el NIT del contribuyente: ${what}. Mientras siga así, SIAT puede rechazar la facturación; no es un error de la caja.`,
    pasos: [P.avisarEncargado, P.portalSin],
  };
}

const CUIS_INVALID: Guidance = {
  explicacion:
    'El CUIS (código único de inicio de sistema) del punto de venta no sirve para SIAT: venció, no es el vigente o no corresponde al sistema, la sucursal o el punto de venta.',
  pasos: [P.avisarEncargado, P.cuisAuto, 'Verifique en el portal del SIN que el sistema y el punto de venta sigan autorizados.', P.soporte],
};

const CUIS_ALREADY: Guidance = {
  explicacion: 'Ya hay un CUIS vigente para la sucursal o punto de venta, así que SIAT no entrega otro. Kipu conserva el CUIS vigente que SIAT le devuelve.',
  pasos: [P.noAccion, P.soporte],
};

const EVENT_DATES: Guidance = {
  explicacion:
    'Las fechas del evento de contingencia no son aceptables para SIAT: el fin es anterior al inicio, las fechas no corresponden al CUFD del evento, o el registro llega fuera de plazo.',
  pasos: [
    P.estadoConexion,
    P.sincronizarReloj,
    'SIAT fija un plazo para registrar los eventos; Kipu todavía no controla ese plazo, así que registre el fin del evento apenas vuelva la conexión.',
    P.soporte,
  ],
};

const NIT_REJECTED: Guidance = {
  explicacion: 'El número de documento de tipo NIT del cliente no es un NIT válido para SIAT (mal escrito, inexistente o inactivo).',
  pasos: [P.verificarNit, P.usarCi, P.excepcion],
};

const RETRY: Guidance = {
  explicacion: 'Falla pasajera del lado de SIAT: la misma solicitud puede funcionar más tarde. Kipu la trata como caída de SIAT y no pierde la venta.',
  pasos: [P.seguirVendiendo, P.reintentar, P.soporte],
};

/**
 * One entry per code of CONTRACT §6 except the warnings 2003, 2004 and 2006–2019, which repeat an
 * error code (CONTRACT §6: "2003 = 1010; 2004 = 1011; 2006 = 1012; 2007–2012 = 1013 … 1018;
 * 2013 = 1005; 2014 = 1007; 2015–2019 = 1019–1023") and are derived from it below.
 */
const GUIDE: Readonly<Record<number, Guidance>> = {
  123: {
    explicacion: 'El CUFD (código diario) de la solicitud quedó fuera del margen de tiempo que SIAT acepta: venció o el reloj del equipo está desfasado.',
    pasos: [P.renovarCufd, P.sincronizarReloj, 'En la venta Kipu lo trata como falla pasajera: abre contingencia y reenvía al recuperar.'],
  },

  // Reception and annulment states (codigoEstado).
  901: {
    explicacion: 'SIAT recibió la factura o el paquete, pero todavía no terminó de validarlo. No es un error.',
    pasos: ['Espere: Kipu consulta el resultado por sí solo y actualiza el estado de cada factura.', P.estadoConexion],
  },
  902: {
    explicacion: 'SIAT rechazó la factura: no tiene validez fiscal. El motivo viene en los otros códigos que SIAT devolvió junto con este.',
    pasos: [P.verMensajes, P.nuevaFactura, 'Si el motivo es de configuración (CUFD, CUIS, certificado, token), avise al encargado antes de seguir emitiendo.'],
  },
  903: {
    explicacion: 'SIAT procesó la solicitud (por ejemplo, la recepción de un paquete). El resultado de cada factura se consulta aparte.',
    pasos: [P.noAccion, 'El estado final de cada factura se ve en Facturas.'],
  },
  904: {
    explicacion: 'SIAT recibió la factura con observaciones. Kipu la deja RECHAZADA y guarda las observaciones de SIAT tal como llegaron.',
    pasos: [P.verMensajes, P.nuevaFactura],
  },
  905: {
    explicacion: 'SIAT confirmó la anulación: la factura ya no tiene validez fiscal. No es un error.',
    pasos: [P.noAccion, 'Si la venta sigue en pie, emita la factura corregida.'],
  },
  906: {
    explicacion: 'SIAT no aceptó anular la factura: sigue vigente. El motivo viene en los otros códigos de la respuesta (por ejemplo 934 fuera de plazo, 936 ya anulada, 941 no disponible para anular).',
    pasos: [P.verMensajes, P.estadoFactura, P.notaCredito],
  },
  907: {
    explicacion: 'SIAT revirtió la anulación: la factura vuelve a estar vigente. No es un error.',
    pasos: [P.noAccion, P.estadoFactura],
  },
  908: {
    explicacion: 'SIAT validó la factura: tiene validez fiscal. No es un error.',
    pasos: [P.noAccion],
  },
  909: {
    explicacion: 'SIAT no aceptó revertir la anulación: la factura sigue anulada.',
    pasos: [P.verMensajes, 'Si la venta sigue en pie, emita una factura nueva.'],
  },

  910: kipuParameter('el ambiente (piloto o producción)', [P.configSiat]),
  911: kipuParameter('el código de sistema', [P.configSiat, 'El código de sistema es el que el SIN asignó al registrar el sistema de facturación en su portal.']),
  912: {
    explicacion: 'El código de sistema configurado no está asociado al NIT del contribuyente en SIAT.',
    pasos: [P.avisarEncargado, P.configSiat, P.portalSin],
  },
  913: CUIS_INVALID,
  914: {
    explicacion: 'SIAT no reconoce el CUFD (código diario) con el que se emitió.',
    pasos: [P.renovarCufd, P.soporte],
  },
  915: kipuParameter('el tipo de factura (con o sin derecho a crédito fiscal, documento de ajuste)', [
    'Verifique que el tipo de factura (invoiceType) sea uno que el contribuyente tiene habilitado.',
  ]),
  916: kipuParameter('el tipo de emisión (en línea, fuera de línea, masiva)', [P.estadoConexion]),
  917: kipuParameter('la modalidad (electrónica o computarizada)', ['En Configuración elija la modalidad que el SIN autorizó al contribuyente.']),
  918: {
    explicacion: 'La sucursal (codigoSucursal) no figura en el padrón del SIN para este NIT.',
    pasos: [P.puntosVenta, 'Registre primero la sucursal en el portal del SIN, en el mismo orden que en Kipu.', P.portalSin],
  },
  919: {
    explicacion: 'El NIT del contribuyente (el emisor) que Kipu envía no es válido para SIAT.',
    pasos: [P.avisarEncargado, 'En Configuración revise el NIT del contribuyente (PUT /api/v1/settings/taxpayer).'],
  },
  920: kipuParameter('el archivo de la factura o del paquete (XML comprimido)', [P.estadoConexion]),
  921: {
    explicacion: 'La firma digital de la factura no es válida (modalidad electrónica).',
    pasos: [P.avisarEncargado, P.certificado, 'Verifique que la clave privada corresponda al certificado cargado.', P.soporte],
  },
  922: {
    explicacion: 'La factura se firmó con un certificado que no es del contribuyente.',
    pasos: [P.avisarEncargado, P.certificado],
  },
  923: kipuParameter('el código de recepción', [P.estadoConexion]),
  924: {
    explicacion: 'SIAT no tiene registrada esa factura o nota: por ejemplo, se emitió fuera de línea y aún no se envió, o fue rechazada.',
    pasos: [P.estadoFactura, 'Si está en contingencia o pendiente, espere a que Kipu la envíe; no se puede anular en SIAT una factura que SIAT no tiene.'],
  },
  925: {
    explicacion: 'El motivo de anulación no está en el catálogo de SIAT.',
    pasos: [
      'Elija uno de los motivos de SIAT: 1 factura mal emitida, 2 nota de crédito-débito mal emitida, 3 datos de emisión incorrectos, 4 factura o nota devuelta (parámetro motivo).',
      P.sincronizar,
    ],
  },
  926: {
    explicacion: 'SIAT responde: la comunicación funciona. No es un error.',
    pasos: [P.noAccion],
  },
  927: {
    explicacion: 'SIAT considera inválido el certificado de la firma digital.',
    pasos: [P.avisarEncargado, P.certificado],
  },
  928: {
    explicacion: 'El certificado de firma digital fue revocado. Con él no se pueden firmar facturas electrónicas válidas.',
    pasos: [P.avisarEncargado, 'Tramite un certificado nuevo con su entidad certificadora.', P.certificado],
  },
  929: CUIS_INVALID,
  930: {
    explicacion: 'El CUIS enviado no corresponde a esa sucursal o punto de venta: cada punto de venta tiene su propio CUIS.',
    pasos: [P.avisarEncargado, P.puntosVenta, P.soporte],
  },
  931: kipuParameter('el código de documento sector', [`Revise el tipo de documento del punto de venta en Sucursales y puntos de venta: Kipu emite ${ISSUED}.`]),
  932: kipuParameter('el documento sector para ese servicio de SIAT'),
  933: {
    explicacion: 'SIAT no conoce ese punto de venta, o ya fue cerrado.',
    pasos: [P.puntosVenta, 'Si el punto de venta se cerró, emita desde otro abierto (GET /api/v1/pos).', P.portalSin],
  },
  934: {
    explicacion: 'Pasó el plazo que SIAT da para anular esta factura: ya no se puede anular.',
    pasos: [P.notaCredito],
  },
  935: {
    explicacion: 'SIAT no acepta la fecha y hora de envío; suele ser el reloj del equipo desfasado.',
    pasos: [P.sincronizarReloj, P.reintentar],
  },
  936: {
    explicacion: 'La factura ya estaba anulada en SIAT.',
    pasos: [P.noAccion, P.estadoFactura],
  },
  937: {
    explicacion: 'El NIT del contribuyente no tiene habilitada la modalidad con la que Kipu emite (electrónica o computarizada).',
    pasos: [P.avisarEncargado, 'En Configuración elija la modalidad autorizada y emita con el tipo de factura de esa modalidad.', P.portalSin],
  },
  938: taxpayerMark('marcas de control'),
  939: {
    explicacion: 'El XML de la factura no cumple el formato oficial (XSD) de SIAT.',
    pasos: ['Revise si la venta tiene datos fuera de lo normal (textos muy largos, caracteres extraños) y emita una factura nueva.', P.soporte],
  },
  940: {
    explicacion: 'El contribuyente no tiene habilitado ese documento sector (por ejemplo, compra-venta) para su actividad.',
    pasos: [P.avisarEncargado, P.sincronizar, P.portalSin],
  },
  941: {
    explicacion: 'La factura no está en un estado que permita anularla (por ejemplo, fue rechazada o ya fue utilizada).',
    pasos: [P.estadoFactura, 'Una factura rechazada no tiene validez fiscal: no necesita anularse.'],
  },
  942: kipuParameter('el código de recepción del evento significativo', [P.estadoConexion]),
  943: kipuParameter('el formato de la fecha de envío', [P.sincronizarReloj]),
  944: kipuParameter('el código de recepción del paquete', [P.estadoConexion]),
  945: kipuParameter('el estado de recepción de la anulación', [P.estadoFactura]),
  946: {
    explicacion: 'SIAT no tiene ninguna factura con ese CUF: quizá aún no se envió (contingencia) o fue rechazada.',
    pasos: [P.estadoFactura, P.estadoConexion],
  },
  947: {
    explicacion: 'El tipo de punto de venta no está en el catálogo de SIAT.',
    pasos: ['Al registrar el punto de venta use uno de los seis tipos de SIAT: 1 comisionista, 2 ventanilla de cobranza, 3 móvil, 4 YPFB, 5 cajeros, 6 conjunta.'],
  },
  948: {
    explicacion: 'Falta el nombre del punto de venta.',
    pasos: ['Complete el nombre al registrar el punto de venta en Sucursales y puntos de venta.'],
  },
  949: {
    explicacion: 'Falta la descripción del punto de venta.',
    pasos: ['Complete la descripción al registrar el punto de venta en Sucursales y puntos de venta.'],
  },
  950: {
    explicacion: 'Falta el código (motivo) del evento significativo.',
    pasos: ['Al iniciar un evento de contingencia indique el motivo: codigoMotivo (1 a 4 del documento semilla) o codigoMotivoSiat (código del catálogo de SIAT).'],
  },
  951: {
    explicacion: 'Falta la descripción del evento significativo.',
    pasos: ['Al iniciar un evento de contingencia escriba una descripción de lo ocurrido.'],
  },
  952: {
    explicacion: 'SIAT ya tiene registrada una factura con ese CUF: normalmente la factura ya había llegado (por ejemplo, en un reintento). No se perdió nada.',
    pasos: ['No la emita de nuevo.', P.estadoFactura],
  },
  953: {
    explicacion: 'El CUFD (código diario) ya no está vigente: dura 24 horas.',
    pasos: [P.renovarCufd, 'Kipu renueva el CUFD por sí solo antes de que venza; si esto se repite, revise el reloj del equipo.'],
  },
  954: kipuParameter('la cantidad de facturas del paquete de contingencia (máximo 500)', [P.estadoConexion]),
  955: {
    explicacion: 'El contribuyente no tiene autorizada la emisión masiva, que Kipu usa para los lotes (POST /api/v1/invoices/batch) y el boleto aéreo.',
    pasos: [P.avisarEncargado, P.portalSin, P.soporte],
  },
  956: kipuParameter('la cantidad de facturas del paquete masivo'),
  957: {
    explicacion: 'SIAT no tiene registrado el evento significativo al que se asocia el paquete.',
    pasos: [P.estadoConexion, 'Kipu registra el evento antes de enviar sus facturas y reintenta la recuperación por sí solo.', P.soporte],
  },
  958: {
    explicacion: 'El token delegado no tiene permiso para usar este servicio de SIAT.',
    pasos: [P.avisarEncargado, 'Genere en el portal del SIN un token delegado con los servicios de facturación habilitados.', P.configSiat],
  },
  959: {
    explicacion: 'El CUIS no está asociado al sistema de facturación registrado.',
    pasos: [P.avisarEncargado, P.configSiat, P.soporte],
  },
  960: {
    explicacion: 'Falta la fecha de fin del evento significativo.',
    pasos: ['Cierre el evento desde Estado de conexión (POST /api/v1/events/end); Kipu envía la fecha de fin al cerrarlo.', P.soporte],
  },
  961: taxpayerMark('domicilio inexistente'),
  962: taxpayerMark('bloqueo de dosificación originado en fiscalización'),
  963: taxpayerMark('bloqueo de dosificación originado en el área jurídica'),
  964: taxpayerMark('no cumple con la presentación obligatoria de declaraciones juradas (DDJJ)'),
  965: {
    explicacion: 'El contribuyente no tiene registrada en el SIN una firma digital vigente (modalidad electrónica).',
    pasos: [P.avisarEncargado, 'Registre el certificado de firma vigente en el portal del SIN.', P.certificado],
  },
  966: {
    explicacion: 'SIAT no pudo leer los datos del contribuyente en ese momento.',
    pasos: [P.reintentar, P.soporte],
  },
  967: RETRY,
  968: {
    explicacion: 'La anulación de la factura ya había sido revertida.',
    pasos: [P.noAccion, P.estadoFactura],
  },
  969: kipuParameter('el resumen (hash) del archivo', [P.estadoConexion]),
  970: CUIS_ALREADY,
  971: kipuParameter('el tamaño del archivo (más de 100 MB)', [P.estadoConexion]),
  972: kipuParameter('la cantidad de facturas del paquete', [P.estadoConexion]),
  973: CUIS_INVALID,
  974: EVENT_DATES,
  975: {
    explicacion: 'El sistema de facturación no está autorizado por el SIN o está observado.',
    pasos: [P.avisarEncargado, P.portalSin, P.configSiat],
  },
  976: {
    explicacion: 'El código del evento significativo no es correcto.',
    pasos: ['Use un motivo del catálogo de eventos significativos de SIAT: 1 a 4 para seguir emitiendo fuera de línea; 5 a 7 son de facturas manuales con CAFC, que se registran en Estado de conexión → «Facturas manuales (CAFC)».', P.sincronizar],
  },
  977: {
    explicacion: 'El NIT del contribuyente no tiene actividades económicas asociadas en el SIN.',
    pasos: [P.avisarEncargado, P.portalSin, P.sincronizar],
  },
  978: {
    explicacion: 'SIAT confirmó la reversión de la anulación. No es un error.',
    pasos: [P.noAccion],
  },
  979: {
    explicacion: 'El CUIS no está asociado al sistema o a la sucursal indicada.',
    pasos: [P.avisarEncargado, P.puntosVenta, P.soporte],
  },
  980: CUIS_ALREADY,
  981: EVENT_DATES,
  982: {
    explicacion: 'SIAT no tiene puntos de venta registrados para la sucursal.',
    pasos: ['Registre un punto de venta en Sucursales y puntos de venta (POST /api/v1/pos).', P.puntosVenta],
  },
  983: {
    explicacion: 'El paquete de facturas de contingencia llegó fuera del plazo de SIAT. Kipu deja esas facturas RECHAZADAS para que una persona decida.',
    pasos: ['Revise en Facturas las facturas rechazadas de ese evento.', P.contador],
  },
  984: kipuParameter('la relación entre el evento significativo y su CUFD', [P.estadoConexion]),
  985: kipuParameter('la cantidad de facturas declarada para el paquete', [P.estadoConexion]),
  986: {
    explicacion: 'El NIT consultado existe y está activo. No es un error: puede facturar a ese NIT.',
    pasos: [P.noAccion],
  },
  987: {
    explicacion: 'El NIT del cliente está inactivo en el padrón del SIN.',
    pasos: [P.verificarNit, P.usarCi, P.excepcion],
  },
  988: CUIS_INVALID,
  989: {
    explicacion: 'El token delegado de SIAT no es válido (mal copiado, vencido o revocado). Sin él Kipu no puede hablar con SIAT.',
    pasos: [P.avisarEncargado, 'Genere un token delegado nuevo en el portal del SIN y cárguelo en Configuración › SIAT (PUT /api/v1/settings/siat).'],
  },
  990: {
    explicacion: 'El contribuyente no tiene actividades relacionadas con el sector que se intenta asociar.',
    pasos: [P.avisarEncargado, P.portalSin],
  },
  991: RETRY,
  992: {
    explicacion: 'Falló el servicio de padrón del SIN al consultar el NIT.',
    pasos: [P.reintentar, P.excepcion],
  },
  993: {
    explicacion: 'La fecha de envío está fuera del plazo que SIAT admite.',
    pasos: [P.sincronizarReloj, P.estadoConexion, P.contador],
  },
  994: {
    explicacion: 'El NIT del cliente no existe en el padrón del SIN; quizá está mal escrito.',
    pasos: [P.verificarNit, P.usarCi, P.excepcion],
  },
  995: RETRY,
  996: {
    explicacion: 'El rango de fechas de la solicitud no es válido para SIAT.',
    pasos: [P.sincronizarReloj, P.soporte],
  },
  997: {
    explicacion: 'El nombre enviado (por ejemplo, del punto de venta) supera el largo que SIAT permite.',
    pasos: ['Acorte el nombre y vuelva a intentar.'],
  },
  998: {
    explicacion: 'La descripción enviada (por ejemplo, del punto de venta o del evento) supera el largo que SIAT permite.',
    pasos: ['Acorte la descripción y vuelva a intentar.'],
  },
  999: RETRY,

  // Document content checks.
  1000: {
    explicacion: 'SIAT ya tiene esta factura (se envió antes, por ejemplo en un reintento). No se perdió nada y no está duplicada.',
    pasos: ['No la emita de nuevo: Kipu la da por recibida al conciliar.', P.estadoFactura],
  },
  1001: {
    explicacion: 'El NIT del emisor en la factura no existe o no corresponde al del CUFD con que se emitió.',
    pasos: [P.avisarEncargado, 'En Configuración revise el NIT del contribuyente.', P.renovarCufd],
  },
  1002: kipuParameter('el CUF (código único de la factura) del XML'),
  1003: {
    explicacion: 'El CUFD escrito en la factura no es válido para SIAT.',
    pasos: [P.renovarCufd, P.soporte],
  },
  1004: {
    explicacion: 'La sucursal de la factura no es la del CUFD con que se emitió.',
    pasos: [P.renovarCufd, P.puntosVenta, P.soporte],
  },
  1005: {
    explicacion: 'El documento del cliente es el NIT del propio contribuyente: una empresa no puede facturarse a sí misma.',
    pasos: ['Corrija el documento del cliente.', P.nuevaFactura],
  },
  1006: kipuParameter('el CUFD del paquete, que no corresponde al evento de contingencia', [P.estadoConexion]),
  1007: {
    explicacion: 'La dirección de la sucursal en la factura no coincide con la registrada en el padrón del SIN. Kipu imprime la dirección que SIAT devuelve con el CUFD.',
    pasos: [P.renovarCufd, 'Si la dirección del padrón está desactualizada, corríjala en el portal del SIN.'],
  },
  1008: {
    explicacion: 'El punto de venta de la factura no existe en SIAT o no es válido.',
    pasos: [P.puntosVenta, P.portalSin],
  },
  1009: {
    explicacion: 'La fecha y hora de emisión de la factura está demasiado lejos de la hora de SIAT para una emisión en línea.',
    pasos: [P.sincronizarReloj, P.nuevaFactura],
  },
  1010: {
    explicacion: 'Con número de documento 0 (cliente sin identificar, «S/N») la factura no puede pasar de Bs 3.000.',
    pasos: ['Pida al cliente su documento (CI o NIT) y su nombre (F4 en Venta).', P.nuevaFactura],
  },
  1011: {
    explicacion: 'El complemento del documento solo se usa con cédula de identidad (tipo de documento 1).',
    pasos: ['Quite el complemento o cambie el tipo de documento a CI.', P.nuevaFactura],
  },
  1012: {
    explicacion: 'Se envió número de tarjeta con un método de pago que no incluye tarjeta.',
    pasos: ['Elija un método de pago con tarjeta, o quite el número de tarjeta.', P.nuevaFactura],
  },
  1013: kipuComputed('el monto total (suma de subtotales menos el descuento adicional)', 'Revise cantidades, precios y descuentos de la venta.'),
  1014: kipuComputed('el monto total en la moneda de la factura (total dividido por el tipo de cambio)', 'Revise el tipo de cambio: con bolivianos debe ser 1.'),
  1015: kipuComputed('el importe base para crédito fiscal (total menos el monto pagado con gift card)', 'Revise el monto pagado con gift card.'),
  1016: {
    explicacion: 'La actividad económica del producto no está habilitada para el NIT del contribuyente.',
    pasos: [P.sincronizar, P.productos],
  },
  1017: {
    explicacion: 'El código de producto SIN no pertenece a ninguna actividad económica del contribuyente (o no a la indicada).',
    pasos: [P.sincronizar, P.productos],
  },
  1018: kipuComputed('el subtotal de una línea (cantidad por precio unitario menos descuento)', 'Revise cantidad, precio y descuento de cada línea.'),
  1019: otherSector('el cálculo del ICE específico'),
  1020: otherSector('el cálculo del ICE porcentual'),
  1021: otherSector('el monto del ICE específico'),
  1022: otherSector('el monto del ICE porcentual'),
  1023: sectorField('el código NANDINA (exportaciones)'),
  1024: kipuComputed('la suma de los detalles', 'Revise las líneas de la venta.'),
  1025: otherSector('el monto sujeto a crédito fiscal de la Ley 317'),
  1026: sectorField('el monto sujeto al impuesto al juego (IJ)'),
  1027: otherSector('la diferencia de cambio'),
  1028: otherSector('el monto de IVA'),
  1029: noteField('el monto total devuelto'),
  1030: noteField('el monto total original'),
  1031: noteField('el monto efectivo de crédito o débito devuelto'),
  1032: sectorField('el impuesto a la participación en juegos (IPJ)'),
  1033: noteField('un monto devuelto mayor al original'),
  1034: {
    explicacion: 'La fecha de emisión cae en un periodo anterior que ya no admite facturas.',
    pasos: [P.sincronizarReloj, P.contador],
  },
  1035: kipuParameter('el formato de una fecha', [P.sincronizarReloj]),
  1036: {
    explicacion: 'SIAT objetó el nombre o razón social del cliente.',
    pasos: ['Escriba el nombre o la razón social tal como figura en el documento del cliente.', P.nuevaFactura],
  },
  1037: NIT_REJECTED,
  1038: {
    explicacion: 'El NIT conjunto indicado no es válido.',
    pasos: [P.verificarNit, P.nuevaFactura],
  },
  1039: {
    explicacion: 'La fecha de emisión de una factura del lote no es válida para la emisión masiva.',
    pasos: [P.masiva, P.sincronizarReloj, P.soporte],
  },
  1040: {
    explicacion: 'Una factura emitida fuera de línea tiene una fecha que no cae dentro del evento de contingencia al que se asoció.',
    pasos: [P.estadoConexion, P.soporte],
  },
  1041: {
    explicacion: 'La factura llegó a SIAT fuera del plazo que fija la norma para su fecha de emisión.',
    pasos: ['Revise en Facturas las facturas afectadas.', P.contador],
  },
  1042: sectorField('el NIT del médico (sector hospitales)'),
  1043: otherSector('el monto conciliado'),
  1044: otherSector('el monto total conciliado'),
  1045: cafcField('el código CAFC'),
  1046: cafcField('la fecha de emisión'),
  1047: cafcField('el número de factura'),
  1048: noteField('la factura original'),
  1049: noteField('un detalle distinto al de la factura original'),
  1050: {
    explicacion: 'El monto pagado con gift card no corresponde al método de pago.',
    pasos: ['Si se pagó con gift card, elija un método de pago que incluya GIFT CARD e indique el monto; si no, quite el monto de gift card.', P.nuevaFactura],
  },
  1051: {
    explicacion: 'La fecha de la factura no es correcta para SIAT.',
    pasos: [P.sincronizarReloj, P.nuevaFactura],
  },
  1052: otherSector('el cálculo del IEHD (hidrocarburos)'),
  1053: noteField('la actividad, no autorizada para este plazo,'),
  1054: noteField('el monto de descuento'),
  1055: sectorField('el monto de la tarifa (boletos aéreos)'),
  1056: {
    explicacion: 'El tipo de cambio no es correcto: con bolivianos debe ser 1.',
    pasos: ['Corrija el tipo de cambio (exchangeRate) o la moneda.', P.nuevaFactura],
  },
  1057: kipuComputed('el monto total en la moneda de la factura', 'Revise el tipo de cambio: con bolivianos debe ser 1.'),
  1058: kipuComputed('el monto total sujeto a IVA (total menos gift card)', 'Revise el monto pagado con gift card.'),
  1059: {
    explicacion: 'SIAT objetó la razón social de la factura.',
    pasos: ['Revise la razón social del cliente y, si el problema es la del emisor, la del contribuyente en Configuración.', P.nuevaFactura],
  },
  1060: kipuComputed('el monto de una línea de detalle', 'Revise las líneas de la venta.'),
  1061: otherSector('la factura original de una nota de crédito-débito, no válida para la devolución'),

  // Warnings that are not a copy of an error code.
  2000: {
    explicacion: 'ADVERTENCIA: el número de factura no sigue la correlatividad que SIAT espera. La factura sigue siendo válida.',
    pasos: ['No anule ni vuelva a emitir: la factura es válida.', 'Kipu numera sin saltos por punto de venta; si el aviso se repite, repórtelo a soporte.'],
  },
  2001: {
    explicacion: 'ADVERTENCIA: la fecha de emisión no cae dentro del evento de contingencia asociado. La factura sigue siendo válida.',
    pasos: ['No anule ni vuelva a emitir: la factura es válida.', P.estadoConexion],
  },
  2002: {
    explicacion: 'ADVERTENCIA: la fecha de emisión no es válida para la emisión masiva. La factura sigue siendo válida.',
    pasos: ['No anule ni vuelva a emitir: la factura es válida.', P.soporte],
  },
  2005: {
    explicacion: 'ADVERTENCIA: el NIT del cliente no figura como válido en SIAT. La factura sigue siendo válida.',
    pasos: ['No anule ni vuelva a emitir: la factura es válida.', `Para las próximas ventas a este cliente: ${lowerFirst(P.verificarNit)}`],
  },

  // Taxpayer marks, contract and limits.
  3000: taxpayerMark('no tiene contrato vigente'),
  3001: taxpayerMark('la categoría de su contrato no corresponde al sector'),
  3002: {
    explicacion: 'La solicitud supera el límite de CUFD para emisión masiva.',
    pasos: [P.masiva, P.soporte],
  },
  3003: taxpayerMark('no tiene vigentes los formularios 200 y 210'),
  3004: taxpayerMark('domicilio inexistente'),
  3005: taxpayerMark('bloqueo de dosificación originado en fiscalización'),
  3006: taxpayerMark('bloqueo de dosificación originado en el área jurídica'),
  3007: taxpayerMark('no cumple con la presentación obligatoria de declaraciones juradas (DDJJ)'),
  3008: {
    explicacion: 'ADVERTENCIA: el CUIS del punto de venta está por vencer. La operación se realizó.',
    pasos: [P.cuisAuto, 'Si el aviso continúa pasados unos días, avise al administrador de Kipu.'],
  },
  3009: kipuParameter('el tamaño del archivo, mayor al que fija la norma', [P.estadoConexion]),
  3010: {
    explicacion: 'La factura ya fue utilizada o consolidada (por ejemplo, en una nota o en el libro del comprador) y no se puede modificar.',
    pasos: [P.estadoFactura, P.contador],
  },
  3011: {
    explicacion: 'El sistema de facturación no está habilitado para revertir anulaciones. Kipu no revierte anulaciones.',
    pasos: [P.portalSin],
  },
  3012: {
    explicacion: 'Pasó el plazo para revertir la anulación: la factura sigue anulada.',
    pasos: ['Si la venta sigue en pie, emita una factura nueva.'],
  },
};

/** CONTRACT §6: the warnings that repeat an error code, and which one. */
export const WARNING_OF: Readonly<Record<number, number>> = Object.freeze({
  2003: 1010,
  2004: 1011,
  2006: 1012,
  2007: 1013,
  2008: 1014,
  2009: 1015,
  2010: 1016,
  2011: 1017,
  2012: 1018,
  2013: 1005,
  2014: 1007,
  2015: 1019,
  2016: 1020,
  2017: 1021,
  2018: 1022,
  2019: 1023,
});

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** The guidance for a code of the table, null for a code SIAT may add later. */
export function guidanceFor(code: number): Guidance | null {
  const own = GUIDE[code];
  if (own) return own;
  const base = WARNING_OF[code];
  const of = base !== undefined ? GUIDE[base] : undefined;
  if (!of) return null;
  // A warning (CONTRACT §6: "invoice stays valid"): same cause as the error, nothing to undo.
  return {
    explicacion: `ADVERTENCIA: la factura sigue siendo válida. Es el aviso del código ${base}: ${lowerFirst(of.explicacion)}`,
    pasos: [
      'No anule ni vuelva a emitir: la factura es válida.',
      ...of.pasos.filter((p) => p !== P.nuevaFactura).map((p) => `Para las próximas ventas: ${lowerFirst(p)}`),
    ],
  };
}

/** Codes the table explains: every code of main/siat/messages.ts (CONTRACT §6). */
export function knownCodes(): number[] {
  return Object.keys(SIAT_MESSAGES).map(Number).filter((c) => guidanceFor(c) !== null);
}

export interface ResolveInput {
  codigoError: number;
  mensajeError?: string | null;
  contexto?: string | null;
}

/**
 * Explains a SIAT code. Known (CONTRACT §6): SIAT's own text and our explanation. Unknown: the
 * caller's message echoed (or SIAT's text from the tenant's synced message catalog, when it has
 * the code), a generic next step, and `conocido: false` — never an invented meaning.
 */
export function resolveSiatError(input: ResolveInput, syncedMessage: (code: number) => string | null = () => null): ErrorResolution {
  const codigo = input.codigoError;
  const guidance = guidanceFor(codigo);
  const siatText = SIAT_MESSAGES[codigo];
  if (guidance && siatText !== undefined) {
    return { codigo, descripcionSiat: siatText, explicacion: guidance.explicacion, pasos: [...guidance.pasos], conocido: true };
  }

  const mensaje = input.mensajeError?.trim() ?? '';
  const contexto = input.contexto?.trim() ?? '';
  const catalogText = syncedMessage(codigo);
  const descripcionSiat = mensaje || catalogText || `CODIGO ${codigo}`;
  const parts = [`Kipu no tiene el código ${codigo} en su tabla de códigos de SIAT, así que no puede explicarlo con certeza.`];
  if (catalogText) parts.push(`El catálogo de mensajes sincronizado de SIAT lo describe así: «${catalogText}».`);
  if (mensaje) parts.push(`SIAT respondió: «${mensaje}».`);
  if (contexto) parts.push(`Se intentaba: ${contexto}.`);
  const pasos = [
    'Lea el mensaje de SIAT: suele nombrar el dato que objeta (NIT, CUFD, fecha, monto…).',
    'Si el mensaje empieza con «ADVERTENCIA», la factura sigue siendo válida: no la anule.',
    `${P.sincronizar} El catálogo de mensajes de SIAT puede traer el texto de este código.`,
    'Si no queda claro qué corregir, repórtelo a soporte de Kipu con el código, el mensaje, lo que estaba haciendo y la hora.',
  ];
  return { codigo, descripcionSiat, explicacion: parts.join(' '), pasos, conocido: false };
}
