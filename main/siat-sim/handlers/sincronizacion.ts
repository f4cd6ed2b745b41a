// FacturacionSincronizacion (CONTRACT §2.2): catalogs from CATALOG_DATA, the clock.
// Runs in: SIAT simulator only.

import { formatSiatDateTime } from '../../siat/datetime';
import { SIAT_SERVICES, type OperationSpec } from '../../siat/operations';
import { CATALOG_DATA, type CatalogOperation } from '../catalog-data';
import { checkPointOfSaleRequest } from '../checks';
import type { Handlers } from './types';

const handlers: Handlers = {
  sincronizarFechaHora(state, req) {
    checkPointOfSaleRequest(state, req);
    // §2.2: `yyyy-MM-ddTHH:mm:ss.SSS`, Bolivia time.
    return { mensajesList: [], transaccion: true, fechaHora: formatSiatDateTime(state.clock.now()) };
  },
};

// Every list operation answers its CATALOG_DATA list under the list element of the table.
// Per-taxpayer lists (actividades, leyendas, productos, documento sector) are the training
// taxpayer's: it is the only taxpayer the simulator knows.
for (const [operation, spec] of Object.entries(SIAT_SERVICES.sincronizacion.operations as Record<string, OperationSpec>)) {
  if (!(operation in CATALOG_DATA)) continue;
  const listField = spec.responseFields.find((f) => f.list && f.name !== 'mensajesList');
  if (!listField) continue;
  handlers[operation] = (state, req) => {
    checkPointOfSaleRequest(state, req);
    return { mensajesList: [], transaccion: true, [listField.name]: CATALOG_DATA[operation as CatalogOperation] };
  };
}

export const sincronizacionHandlers: Handlers = handlers;
