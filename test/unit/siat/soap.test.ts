// Envelopes exactly as CONTRACT §1.5; answers parsed prefix-agnostically and typed by schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SIAT_SERVICES, type OperationSpec } from '../../../main/siat/operations';
import { buildRequestEnvelope, buildResponseEnvelope, coerceFields, parseEnvelope, wrapperChild } from '../../../main/siat/soap';
import { formatSiatDateTime, parseSiatDateTime } from '../../../main/siat/datetime';

const op = (service: keyof typeof SIAT_SERVICES, name: string) => (SIAT_SERVICES[service].operations as Record<string, OperationSpec>)[name]!;

test('cuis request envelope is the one of CONTRACT §1.5 (order, qualification)', () => {
  const xml = buildRequestEnvelope('cuis', op('codigos', 'cuis'), {
    nit: 1003579028, codigoSucursal: 0, codigoSistema: '720DE699A22AF7D81FD356E', codigoPuntoVenta: 0, codigoModalidad: 1, codigoAmbiente: 2,
  });
  assert.equal(
    xml,
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns="https://siat.impuestos.gob.bo/">' +
      '<soapenv:Header/><soapenv:Body><ns:cuis><SolicitudCuis>' +
      '<codigoAmbiente>2</codigoAmbiente><codigoModalidad>1</codigoModalidad><codigoPuntoVenta>0</codigoPuntoVenta>' +
      '<codigoSistema>720DE699A22AF7D81FD356E</codigoSistema><codigoSucursal>0</codigoSucursal><nit>1003579028</nit>' +
      '</SolicitudCuis></ns:cuis></soapenv:Body></soapenv:Envelope>',
  );
});

test('optional fields are omitted when undefined; text is escaped; empty wrapper for verificarComunicacion', () => {
  const xml = buildRequestEnvelope('cuis', op('codigos', 'cuis'), { codigoAmbiente: 2, codigoModalidad: 2, codigoSistema: 'A&B<', codigoSucursal: 0, nit: 1 });
  assert.ok(!xml.includes('codigoPuntoVenta'));
  assert.ok(xml.includes('<codigoSistema>A&amp;B&lt;</codigoSistema>'));
  assert.ok(buildRequestEnvelope('verificarComunicacion', op('codigos', 'verificarComunicacion'), {}).includes('<ns:verificarComunicacion/>'));
  assert.throws(() => buildRequestEnvelope('cuis', op('codigos', 'cuis'), { codigoAmbiente: 2 }), TypeError);
});

test('recepcionPaqueteFactura fields follow the base type, then archivo…codigoEvento (§2.4)', () => {
  const names = op('compraVenta', 'recepcionPaqueteFactura').requestFields.map((f) => f.name);
  assert.deepEqual(names, [
    'codigoAmbiente', 'codigoDocumentoSector', 'codigoEmision', 'codigoModalidad', 'codigoPuntoVenta', 'codigoSistema', 'codigoSucursal',
    'cufd', 'cuis', 'nit', 'tipoFacturaDocumento', 'archivo', 'fechaEnvio', 'hashArchivo', 'cafc', 'cantidadFacturas', 'codigoEvento',
  ]);
});

test('answers parse with any prefix; CUIS stays a string; lists are arrays; numbers and booleans typed', () => {
  const xml =
    '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><x:cuisResponse xmlns:x="https://siat.impuestos.gob.bo/">' +
    '<RespuestaCuis><codigo>12345678</codigo><fechaVigencia>2026-01-27T12:15:22.082-04:00</fechaVigencia>' +
    '<mensajesList><codigo>980</codigo><descripcion>EXISTE UN CUIS VIGENTE PARA LA SUCURSAL O PUNTO DE VENTA</descripcion></mensajesList>' +
    '<transaccion>false</transaccion></RespuestaCuis></x:cuisResponse></S:Body></S:Envelope>';
  const env = parseEnvelope(xml);
  assert.equal(env.kind, 'body');
  if (env.kind !== 'body') return;
  assert.equal(env.wrapperName, 'cuisResponse');
  const r = coerceFields(op('codigos', 'cuis').responseFields, wrapperChild(env.wrapper, 'RespuestaCuis'));
  assert.deepEqual(r, {
    codigo: '12345678',
    fechaVigencia: '2026-01-27T12:15:22.082-04:00',
    mensajesList: [{ codigo: 980, descripcion: 'EXISTE UN CUIS VIGENTE PARA LA SUCURSAL O PUNTO DE VENTA' }],
    transaccion: false,
  });
});

test('the simulator answer envelope round-trips through the parser', () => {
  const spec = op('compraVenta', 'recepcionFactura');
  const xml = buildResponseEnvelope('recepcionFactura', spec, {
    codigoDescripcion: 'VALIDADA', codigoEstado: 908, codigoRecepcion: 'abc', mensajesList: [{ codigo: 2005, descripcion: 'X', advertencia: true }], transaccion: true,
  });
  assert.ok(xml.includes('<ns2:recepcionFacturaResponse xmlns:ns2="https://siat.impuestos.gob.bo/"><RespuestaServicioFacturacion><codigoDescripcion>'));
  const env = parseEnvelope(xml);
  assert.ok(env.kind === 'body');
  const r = coerceFields(spec.responseFields, wrapperChild(env.wrapper, spec.response));
  assert.deepEqual(r['mensajesList'], [{ codigo: 2005, descripcion: 'X', advertencia: true }]);
  assert.equal(r['codigoEstado'], 908);
});

test('soap:Fault is recognised', () => {
  const env = parseEnvelope('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring></soap:Fault></soap:Body></soap:Envelope>');
  assert.deepEqual(env, { kind: 'fault', faultcode: 'soap:Server', faultstring: 'boom' });
});

test('SIAT date-times are Bolivia time (UTC-4)', () => {
  assert.equal(formatSiatDateTime(new Date('2021-10-06T20:03:48.675Z')), '2021-10-06T16:03:48.675');
  assert.equal(parseSiatDateTime('2021-10-06T16:03:48.675')?.toISOString(), '2021-10-06T20:03:48.675Z');
  assert.equal(parseSiatDateTime('2026-01-27T12:15:22.082-04:00')?.toISOString(), '2026-01-27T16:15:22.082Z');
  assert.equal(parseSiatDateTime('2021-02-31T10:00:00.000'), null);
  assert.equal(parseSiatDateTime('06/10/2021'), null);
});
