// The SIAT error guide's table, first half: the CUFD margin (123), the reception and annulment
// states (codigoEstado 9xx) and the service's own refusals (CUIS, CUFD, events, points of sale,
// parameters: 9xx). Our explanation and next steps per code; SIAT's text is in main/siat/messages.ts.
// Read through ../siat-error-guide.ts (guidanceFor). Pure.
// Runs in: engine.
import { type Guidance, P, ISSUED, kipuParameter, taxpayerMark, CUIS_INVALID, CUIS_ALREADY, EVENT_DATES, RETRY } from './steps';

export const SERVICE_CODES: Readonly<Record<number, Guidance>> = {
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
    'Verifique que el tipo de factura sea uno que el contribuyente tiene habilitado.',
  ]),
  916: kipuParameter('el tipo de emisión (en línea, fuera de línea, masiva)', [P.estadoConexion]),
  917: kipuParameter('la modalidad (electrónica o computarizada)', ['En Configuración elija la modalidad que el SIN autorizó al contribuyente.']),
  918: {
    explicacion: 'La sucursal no figura en el padrón del SIN para este NIT.',
    pasos: [P.puntosVenta, 'Registre primero la sucursal en el portal del SIN, en el mismo orden que en Kipu.', P.portalSin],
  },
  919: {
    explicacion: 'El NIT del contribuyente (el emisor) que Kipu envía no es válido para SIAT.',
    pasos: [P.avisarEncargado, 'En Configuración revise el NIT del contribuyente.'],
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
      'Elija uno de los motivos de SIAT: 1 factura mal emitida, 2 nota de crédito-débito mal emitida, 3 datos de emisión incorrectos, 4 factura o nota devuelta.',
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
    pasos: [P.puntosVenta, 'Si el punto de venta se cerró, emita desde otro abierto.', P.portalSin],
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
    pasos: ['Al iniciar un evento de contingencia en Estado de conexión elija el motivo.'],
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
    explicacion: 'El contribuyente no tiene autorizada la emisión masiva, que Kipu usa para los lotes y el boleto aéreo.',
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
    pasos: ['Cierre el evento desde Estado de conexión; Kipu envía la fecha de fin al cerrarlo.', P.soporte],
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
    pasos: ['Registre un punto de venta en Sucursales y puntos de venta.', P.puntosVenta],
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
    pasos: [P.avisarEncargado, 'Genere un token delegado nuevo en el portal del SIN y cárguelo en Configuración › SIAT.'],
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
};
