// One call of a document operation chosen at run time (siat/code-catalog.ts documentOperations): the
// sector decides the service and the operation's name (recepcionFactura or
// recepcionDocumentoAjuste …), which the client's static types cannot follow. The request's
// fields are the same for both families (CONTRACT §2.4, §2.5).
import type { SiatClient } from './client';
import type { ReceptionAnswer, ServiceKey } from './operations';

export function callDocumentOperation(client: SiatClient, service: ServiceKey, operation: string, request: Record<string, unknown>): Promise<ReceptionAnswer> {
  // Every document operation answers RespuestaServicioFacturacion (operations.ts ReceptionAnswer).
  const call = client.call as unknown as (s: ServiceKey, o: string, r: Record<string, unknown>) => Promise<ReceptionAnswer>;
  return call.call(client, service, operation, request);
}
