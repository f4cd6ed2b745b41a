// Per-taxpayer catalogs of the training taxpayer (a general store / minimarket in La Paz):
// economic activities, the document sectors each one may issue, and the Ley N° 453 legends
// SIAT assigns to each activity. Runs in: SIAT simulator (the engine reads the codes through
// TRAINING_TAXPAYER).
//
// Activity codes and descriptions follow the 6-digit CAEB style of synchronized answers
// (e.g. 474110, 620100 in peers); they are illustrative, not a real taxpayer's padrón.
// Legend texts are the real SIN wording, as synchronized by peers for retail (474110) and
// service (351000, 461021) activities.
import type { ActividadDocumentoSectorItem, ActividadItem, LeyendaItem } from './types';

export const ACTIVIDAD = {
  MINIMERCADO: '471110',
  ARTICULOS_HOGAR: '477300',
  PAPELERIA: '476100',
  SERVICIOS_APOYO: '829900',
} as const;

export const ACTIVIDADES: readonly ActividadItem[] = [
  {
    codigoCaeb: ACTIVIDAD.MINIMERCADO,
    descripcion: 'VENTA AL POR MENOR EN COMERCIOS NO ESPECIALIZADOS CON PREDOMINIO DE LA VENTA DE ALIMENTOS, BEBIDAS O TABACO',
    tipoActividad: 'P',
  },
  {
    codigoCaeb: ACTIVIDAD.ARTICULOS_HOGAR,
    descripcion: 'VENTA AL POR MENOR DE OTROS PRODUCTOS NUEVOS EN COMERCIOS ESPECIALIZADOS',
    tipoActividad: 'S',
  },
  {
    codigoCaeb: ACTIVIDAD.PAPELERIA,
    descripcion: 'VENTA AL POR MENOR DE LIBROS, PERIODICOS Y ARTICULOS DE PAPELERIA EN COMERCIOS ESPECIALIZADOS',
    tipoActividad: 'S',
  },
  {
    codigoCaeb: ACTIVIDAD.SERVICIOS_APOYO,
    descripcion: 'OTRAS ACTIVIDADES DE SERVICIOS DE APOYO A LAS EMPRESAS N.C.P.',
    tipoActividad: 'S',
  },
];

// tipoDocumentoSector short codes as SIAT returns them (DUMP: 1 FCV, 24 NCD, 35 FAC_CVB).
export const ACTIVIDADES_DOCUMENTO_SECTOR: readonly ActividadDocumentoSectorItem[] = [
  { codigoActividad: ACTIVIDAD.MINIMERCADO, codigoDocumentoSector: 1, tipoDocumentoSector: 'FCV' },
  { codigoActividad: ACTIVIDAD.MINIMERCADO, codigoDocumentoSector: 24, tipoDocumentoSector: 'NCD' },
  { codigoActividad: ACTIVIDAD.MINIMERCADO, codigoDocumentoSector: 35, tipoDocumentoSector: 'FAC_CVB' },
  { codigoActividad: ACTIVIDAD.ARTICULOS_HOGAR, codigoDocumentoSector: 1, tipoDocumentoSector: 'FCV' },
  { codigoActividad: ACTIVIDAD.PAPELERIA, codigoDocumentoSector: 1, tipoDocumentoSector: 'FCV' },
  { codigoActividad: ACTIVIDAD.SERVICIOS_APOYO, codigoDocumentoSector: 1, tipoDocumentoSector: 'FCV' },
];

// Ley N° 453 (consumer protection) legends. The invoice prints one per document, chosen at
// random among its activity's legends (CONTRACT §7).
const L = {
  productosExpirados: 'Ley N° 453: Está prohibido importar, distribuir o comercializar productos expirados o prontos a expirar.',
  primeraNecesidad:
    'Ley N° 453: Los alimentos declarados de primera necesidad deben ser suministrados de manera adecuada, oportuna, continua y a precio justo.',
  informacionProductos:
    'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los productos que consumes.',
  tratoProductos: 'Ley N° 453: Tienes derecho a un trato equitativo sin discriminación en la oferta de productos.',
  productosProhibidos:
    'Ley N° 453: Está prohibido importar, distribuir o comercializar productos prohibidos o retirados en el país de origen por atentar a la integridad física y a la salud.',
  entregarProducto: 'Ley N° 453: El proveedor deberá entregar el producto en las modalidades y términos ofertados o convenidos.',
  repararProducto: 'Ley N° 453: En caso de incumplimiento a lo ofertado o convenido, el proveedor debe reparar o sustituir el producto.',
  productosInocuidad: 'Ley N° 453: Los productos deben suministrarse en condiciones de inocuidad, calidad y seguridad.',
  reclamosProductos: 'Ley N° 453: El proveedor de productos debe habilitar medios e instrumentos para efectuar consultas y reclamaciones.',
  reclamacion: 'Ley N° 453: Puedes acceder a la reclamación cuando tus derechos han sido vulnerados.',
  practicasAbusivas: 'Ley N° 453: Están prohibidas las prácticas comerciales abusivas, tienes derecho a denunciarlas.',
  atencion:
    'Ley N° 453: El proveedor debe brindar atención sin discriminación, con respeto, calidez y cordialidad a los usuarios y consumidores.',
  tratoServicios: 'Ley N° 453: Tienes derecho a un trato equitativo sin discriminación en la oferta de servicios.',
  repararServicio: 'Ley N° 453: En caso de incumplimiento a lo ofertado o convenido, el proveedor debe reparar o sustituir el servicio.',
  informacionServicios:
    'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.',
  reclamosServicios: 'Ley N° 453: El proveedor de servicios debe habilitar medios e instrumentos para efectuar consultas y reclamaciones.',
  suministrarServicio: 'Ley N° 453: El proveedor deberá suministrar el servicio en las modalidades y términos ofertados o convenidos.',
  serviciosInocuidad: 'Ley N° 453: Los servicios deben suministrarse en condiciones de inocuidad, calidad y seguridad.',
} as const;

const LEGENDS_BY_ACTIVITY: Readonly<Record<string, readonly string[]>> = {
  [ACTIVIDAD.MINIMERCADO]: [
    L.productosExpirados,
    L.primeraNecesidad,
    L.informacionProductos,
    L.tratoProductos,
    L.productosProhibidos,
    L.entregarProducto,
    L.repararProducto,
    L.productosInocuidad,
  ],
  [ACTIVIDAD.ARTICULOS_HOGAR]: [
    L.informacionProductos,
    L.tratoProductos,
    L.productosProhibidos,
    L.entregarProducto,
    L.repararProducto,
    L.reclamosProductos,
  ],
  [ACTIVIDAD.PAPELERIA]: [
    L.informacionProductos,
    L.tratoProductos,
    L.entregarProducto,
    L.repararProducto,
    L.reclamacion,
    L.practicasAbusivas,
    L.atencion,
  ],
  [ACTIVIDAD.SERVICIOS_APOYO]: [
    L.tratoServicios,
    L.repararServicio,
    L.informacionServicios,
    L.reclamosServicios,
    L.suministrarServicio,
    L.serviciosInocuidad,
  ],
};

export const LEYENDAS_FACTURA: readonly LeyendaItem[] = Object.entries(LEGENDS_BY_ACTIVITY).flatMap(
  ([codigoActividad, legends]) => legends.map((descripcionLeyenda) => ({ codigoActividad, descripcionLeyenda })),
);
