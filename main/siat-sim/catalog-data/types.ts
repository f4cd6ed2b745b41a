// Item shapes of the FacturacionSincronizacion list responses (CONTRACT §2.2).
// Runs in: SIAT simulator (and tests / training seeds).

/** `listaCodigos` of every sincronizarParametrica* and of sincronizarListaMensajesServicios. */
export interface ParametricaItem {
  readonly codigoClasificador: number;
  readonly descripcion: string;
}

/** `listaActividades` of sincronizarActividades. tipoActividad: P principal, S secundaria. */
export interface ActividadItem {
  readonly codigoCaeb: string;
  readonly descripcion: string;
  readonly tipoActividad: 'P' | 'S';
}

/** `listaActividadesDocumentoSector` of sincronizarListaActividadesDocumentoSector. */
export interface ActividadDocumentoSectorItem {
  readonly codigoActividad: string;
  readonly codigoDocumentoSector: number;
  /** SIAT's short code of the document sector, e.g. 'FCV', 'NCD', 'FAC_CVB'. */
  readonly tipoDocumentoSector: string;
}

/** `listaLeyendas` of sincronizarListaLeyendasFactura. */
export interface LeyendaItem {
  readonly codigoActividad: string;
  readonly descripcionLeyenda: string;
}

/** `listaCodigos` of sincronizarListaProductosServicios. */
export interface ProductoServicioItem {
  readonly codigoActividad: string;
  readonly codigoProducto: number;
  readonly descripcionProducto: string;
  readonly nandina: readonly string[];
}
