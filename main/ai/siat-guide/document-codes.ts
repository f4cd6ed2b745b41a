// The SIAT error guide's table, second half: the checks of a document's content (1000–1061), the
// warnings that are not a copy of an error code (2000–2005) and the taxpayer's marks, contract
// and limits (3000–3012). Read through ../siat-error-guide.ts (guidanceFor). Pure.
// Runs in: engine.
import { type Guidance, P, kipuParameter, otherSector, sectorField, noteField, cafcField, kipuComputed, taxpayerMark, NIT_REJECTED, lowerFirst } from './steps';

export const DOCUMENT_CODES: Readonly<Record<number, Guidance>> = {
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
    pasos: ['Corrija el tipo de cambio o la moneda.', P.nuevaFactura],
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
    pasos: [P.valida, 'Kipu numera sin saltos por punto de venta; si el aviso se repite, repórtelo a soporte.'],
  },
  2001: {
    explicacion: 'ADVERTENCIA: la fecha de emisión no cae dentro del evento de contingencia asociado. La factura sigue siendo válida.',
    pasos: [P.valida, P.estadoConexion],
  },
  2002: {
    explicacion: 'ADVERTENCIA: la fecha de emisión no es válida para la emisión masiva. La factura sigue siendo válida.',
    pasos: [P.valida, P.soporte],
  },
  2005: {
    explicacion: 'ADVERTENCIA: el NIT del cliente no figura como válido en SIAT. La factura sigue siendo válida.',
    pasos: [P.valida, `Para las próximas ventas a este cliente: ${lowerFirst(P.verificarNit)}`],
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
