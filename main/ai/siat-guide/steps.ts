// The wording the SIAT error guide (../siat-error-guide.ts) is written with: the steps many codes
// share, so the same action reads the same everywhere, and the builders for whole families of
// codes (a parameter Kipu fills in, a field of a sector Kipu does not issue, a taxpayer mark…).
// Spanish (es-BO), what the cashier and the manager read. Pure.
// Runs in: engine.
import { SECTOR_SPECS } from '../../../shared/sectors';

export interface Guidance {
  explicacion: string;
  pasos: string[];
}

// Steps shared by many codes: one wording, so the same action reads the same everywhere.
export const P = {
  verMensajes: 'En Facturas abra la factura y lea todos los códigos y mensajes de SIAT que trae: el motivo concreto suele estar en otro código de la misma respuesta.',
  nuevaFactura: 'Corrija el dato y emita una factura nueva. La factura rechazada no tiene validez fiscal y no hace falta anularla.',
  renovarCufd: 'En Sincronización pulse «Renovar CUFD» y vuelva a intentar.',
  sincronizar: 'En Sincronización pulse «Sincronizar todo»: trae los catálogos vigentes de SIAT y ajusta el reloj con el de SIAT.',
  sincronizarReloj: 'Revise la fecha y hora del equipo, y en Sincronización pulse «Sincronizar todo»: Kipu mide la diferencia con el reloj de SIAT y la corrige al emitir.',
  reintentar: 'Vuelva a intentar en unos minutos; no hace falta cambiar ningún dato.',
  seguirVendiendo: 'Siga vendiendo: si SIAT no responde, Kipu emite fuera de línea (contingencia) y envía las facturas cuando SIAT vuelve. Vea el avance en Estado de conexión.',
  avisarEncargado: 'Avise al encargado o administrador de Kipu: es un problema de configuración, no de la venta.',
  configSiat: 'En Configuración › SIAT revise el ambiente, el código de sistema, la modalidad y el token delegado.',
  portalSin: 'Revise la situación del contribuyente en el portal del SIN (Oficina Virtual) o en su dependencia del SIN; Kipu no puede resolverlo desde la caja.',
  soporte: 'Si se repite, repórtelo a soporte de Kipu con el código, el mensaje, la factura y la hora: el registro del motor guarda el detalle.',
  verificarNit: 'Confirme el número con el cliente y verifíquelo con SIAT (F7 en Venta).',
  excepcion: 'Si el cliente confirma que su NIT es correcto, puede emitir igual con la excepción de SIAT: la caja la ofrece al verificar el NIT.',
  usarCi: 'Si el cliente no tiene NIT, emita con su cédula de identidad (tipo de documento 1).',
  certificado: 'En Configuración cargue un certificado de firma vigente, a nombre del contribuyente, con su clave privada.',
  estadoConexion: 'Revise en Estado de conexión el evento de contingencia y las facturas en espera; Kipu reintenta el envío por sí solo.',
  estadoFactura: 'En Facturas abra la factura y pulse «Consultar estado»: Kipu confirma con SIAT su estado actual.',
  cuisAuto: 'Kipu pide un CUIS nuevo por sí solo en los últimos 5 días de vigencia; si la renovación falla, el encargado recibe un aviso.',
  puntosVenta: 'En Sucursales y puntos de venta compare la sucursal y el punto de venta con los del padrón del SIN: los códigos deben coincidir.',
  productos: 'En Productos corrija la actividad económica y el código de producto SIN del artículo con valores del catálogo sincronizado de SIAT.',
  noAccion: 'No requiere ninguna acción.',
  valida: 'No anule ni vuelva a emitir: la factura es válida.',
  contador: 'Consulte con su contador o con el SIN cómo regularizarlo; no vuelva a emitir esas ventas sin esa consulta.',
  notaCredito: 'La corrección de una factura que ya no se puede anular se hace con una nota de crédito-débito: en Facturas abra la factura y elija «Devolución…». Si no se devuelve un producto, consulte con su contador.',
  nota: 'Revise en Facturas la factura original de la nota y lo devuelto (cantidades y montos): la nota se emite desde la factura con «Devolución…».',
  datoSector: 'Revise ese dato del sector en la venta (los campos del sector en Venta, o en el sistema que envió la venta) y emita de nuevo.',
  cafc: 'En Estado de conexión → «Facturas manuales (CAFC)» compare el código CAFC, el número y la fecha con los del talonario, y corrija la factura transcrita.',
  masiva: 'Revise el lote en Lotes: cada factura trae los códigos de SIAT.',
} as const;

/** The sectors Kipu issues, by their files (shared/sectors/): never a list that can go stale. */
export const ISSUED = SECTOR_SPECS.map((s) => s.label.toLocaleLowerCase('es-BO')).join(', ');

/** A request parameter Kipu fills in by itself: the cashier did nothing wrong. */
export function kipuParameter(what: string, extra: string[] = []): Guidance {
  return {
    explicacion: `SIAT no aceptó ${what} que Kipu envió en la solicitud. Es un dato que Kipu completa solo, no un dato de la venta: suele deberse a la configuración del contribuyente o a un fallo de Kipu.`,
    pasos: [...extra, P.avisarEncargado, P.soporte],
  };
}

/** Fields of sectors Kipu does not issue. */
export function otherSector(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what}. Ese dato corresponde a documentos de sectores que Kipu no emite (Kipu emite: ${ISSUED}); un documento de Kipu no debería recibir este código.`,
    pasos: [P.verMensajes, P.soporte],
  };
}

/** A field of a sector Kipu issues, which came with the sale. */
export function sectorField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what}, un dato propio de ese documento sector que vino con la venta.`,
    pasos: [P.verMensajes, P.datoSector, P.soporte],
  };
}

/** A fact of a credit-debit note (sector 24), which Kipu issues from the original invoice. */
export function noteField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what} en una nota de crédito-débito. Kipu la arma a partir de la factura original y de lo devuelto.`,
    pasos: [P.verMensajes, P.nota, P.soporte],
  };
}

/** A manual (CAFC) invoice transcribed after a contingency event 5–7. */
export function cafcField(what: string): Guidance {
  return {
    explicacion: `SIAT objetó ${what} de una factura manual (CAFC) transcrita después del evento de contingencia.`,
    pasos: [P.cafc, P.soporte],
  };
}

/** Totals Kipu computes with SIAT's formulas (CONTRACT §3.7). */
export function kipuComputed(what: string, hint: string): Guidance {
  return {
    explicacion: `SIAT recalculó ${what} y no coincide con el de la factura. Kipu calcula los montos con las fórmulas de SIAT, así que lo más probable es un dato fuera de lo normal en la venta o un fallo de Kipu.`,
    pasos: [hint, P.nuevaFactura, P.soporte],
  };
}

export function taxpayerMark(what: string): Guidance {
  return {
    explicacion: `El SIN registró sobre el NIT del contribuyente: ${what}. Mientras siga así, SIAT puede rechazar la facturación; no es un error de la caja.`,
    pasos: [P.avisarEncargado, P.portalSin],
  };
}

export const CUIS_INVALID: Guidance = {
  explicacion:
    'El CUIS (código único de inicio de sistema) del punto de venta no sirve para SIAT: venció, no es el vigente o no corresponde al sistema, la sucursal o el punto de venta.',
  pasos: [P.avisarEncargado, P.cuisAuto, 'Verifique en el portal del SIN que el sistema y el punto de venta sigan autorizados.', P.soporte],
};

export const CUIS_ALREADY: Guidance = {
  explicacion: 'Ya hay un CUIS vigente para la sucursal o punto de venta, así que SIAT no entrega otro. Kipu conserva el CUIS vigente que SIAT le devuelve.',
  pasos: [P.noAccion, P.soporte],
};

export const EVENT_DATES: Guidance = {
  explicacion:
    'Las fechas del evento de contingencia no son aceptables para SIAT: el fin es anterior al inicio, las fechas no corresponden al CUFD del evento, o el registro llega fuera de plazo.',
  pasos: [
    P.estadoConexion,
    P.sincronizarReloj,
    'SIAT fija un plazo para registrar los eventos; Kipu todavía no controla ese plazo, así que registre el fin del evento apenas vuelva la conexión.',
    P.soporte,
  ],
};

export const NIT_REJECTED: Guidance = {
  explicacion: 'El número de documento de tipo NIT del cliente no es un NIT válido para SIAT (mal escrito, inexistente o inactivo).',
  pasos: [P.verificarNit, P.usarCi, P.excepcion],
};

export const RETRY: Guidance = {
  explicacion: 'Falla pasajera del lado de SIAT: la misma solicitud puede funcionar más tarde. Kipu la trata como caída de SIAT y no pierde la venta.',
  pasos: [P.seguirVendiendo, P.reintentar, P.soporte],
};

/** "El NIT…" → "el NIT…" inside a sentence; an acronym stays whole ("SIAT recalculó", not "sIAT"). */
export function lowerFirst(s: string): string {
  if (/^\p{Lu}\p{Lu}/u.test(s)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}
