// The simulator's "seguimiento" (issue 29): which answers count for which SIN stage, per NIT and
// point of sale (a CUIS answered 980 with the one in force included), and a package counted once
// however often its validation is polled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSimDatabase } from '../../../main/siat-sim/db';
import { SimClock } from '../../../main/siat-sim/state/clock';
import { Seguimiento } from '../../../main/siat-sim/state/seguimiento';
import { talliesOf } from '../../../main/siat-sim/seguimiento';

test('each stage counts its own successful answers; failures, other NITs and repeated package polls do not add', () => {
  const db = openSimDatabase();
  const seg = new Seguimiento(db, new SimClock(() => new Date()));
  const req = (pv: number, extra: Record<string, unknown> = {}) => ({ nit: '7000123019', codigoPuntoVenta: pv, ...extra });
  const add = (service: string, op: string, r: Record<string, unknown>, answer: Record<string, unknown>) => seg.add(talliesOf(service, op, r, answer));
  add('codigos', 'cuis', req(0), { transaccion: true, codigo: 'X' });
  add('codigos', 'cuis', req(0), { transaccion: false });
  // 980: one is in force, and SIAT answers it.
  add('codigos', 'cuis', req(0), { transaccion: false, codigo: 'X', mensajesList: [{ codigo: 980 }] });
  add('sincronizacion', 'sincronizarFechaHora', req(1), { transaccion: true });
  add('sincronizacion', 'sincronizarParametricaUnidadMedida', req(1), { transaccion: true });
  add('computarizada', 'recepcionFactura', req(0, { codigoModalidad: 2 }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'recepcionFactura', req(0, { codigoModalidad: 2 }), { codigoEstado: 902, transaccion: false });
  add('electronica', 'recepcionFactura', req(1, { codigoModalidad: 1 }), { codigoEstado: 908, transaccion: true });
  for (let i = 0; i < 3; i++) add('computarizada', 'validacionRecepcionPaqueteFactura', req(0, { codigoRecepcion: 'P1' }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'validacionRecepcionPaqueteFactura', req(0, { codigoRecepcion: 'P2' }), { codigoEstado: 901, transaccion: true });
  add('computarizada', 'anulacionFactura', req(0), { codigoEstado: 905, transaccion: true });
  add('computarizada', 'reversionAnulacionFactura', req(0), { codigoEstado: 907, transaccion: true });
  add('operaciones', 'registroEventoSignificativo', req(1), { transaccion: true, codigoRecepcionEventoSignificativo: 5 });
  add('codigos', 'cufd', { nit: '9999', codigoPuntoVenta: 0 }, { transaccion: true });

  const count = (etapa: string, pv: number) => seg.of('7000123019').find((r) => r.etapa === etapa && r.puntoVenta === pv)!.cantidad;
  assert.deepEqual(
    [count('I', 0), count('II', 1), count('IV', 0), count('IV', 1), count('VIII', 0), count('VIII', 1), count('VI', 0), count('VII', 0), count('XI', 0), count('V', 1), count('III', 0)],
    [2, 2, 1, 1, 0, 1, 1, 1, 1, 1, 0],
  );
  assert.equal(seg.of('9999').find((r) => r.etapa === 'III')!.cantidad, 1, 'another NIT has its own tally');
});
