// The simulator's "seguimiento" (issue 29): which answers count for which SIN stage, per NIT,
// point of sale and document sector (a CUIS answered 980 with the one in force included), a
// package counted once however often its validation is polled, and an event — whose registration
// names no sector — counted under the sector of the first package SIAT accepted for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openSimDatabase } from '../../../main/siat-sim/db';
import { SimClock } from '../../../main/siat-sim/state/clock';
import { Seguimiento } from '../../../main/siat-sim/state/seguimiento';
import { talliesOf } from '../../../main/siat-sim/seguimiento';
import { tempDir } from '../../fixtures/tmp';

test('each stage counts its own successful answers per sector; failures, other NITs and repeated package polls do not add; an event is its first package\'s sector', () => {
  const db = openSimDatabase();
  const seg = new Seguimiento(db, new SimClock(() => new Date()));
  const req = (pv: number, extra: Record<string, unknown> = {}) => ({ nit: '7000123019', codigoPuntoVenta: pv, ...extra });
  const s1 = (pv: number, extra: Record<string, unknown> = {}) => req(pv, { codigoDocumentoSector: 1, ...extra });
  const s11 = (pv: number, extra: Record<string, unknown> = {}) => req(pv, { codigoDocumentoSector: 11, ...extra });
  const add = (service: string, op: string, r: Record<string, unknown>, answer: Record<string, unknown>) => seg.add(talliesOf(service, op, r, answer));
  add('codigos', 'cuis', req(0), { transaccion: true, codigo: 'X' });
  add('codigos', 'cuis', req(0), { transaccion: false });
  // 980: one is in force, and SIAT answers it.
  add('codigos', 'cuis', req(0), { transaccion: false, codigo: 'X', mensajesList: [{ codigo: 980 }] });
  add('sincronizacion', 'sincronizarFechaHora', req(1), { transaccion: true });
  add('sincronizacion', 'sincronizarParametricaUnidadMedida', req(1), { transaccion: true });
  add('computarizada', 'recepcionFactura', s1(0, { codigoModalidad: 2 }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'recepcionFactura', s11(0, { codigoModalidad: 2 }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'recepcionFactura', s11(0, { codigoModalidad: 2 }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'recepcionFactura', s1(0, { codigoModalidad: 2 }), { codigoEstado: 902, transaccion: false });
  add('electronica', 'recepcionFactura', s1(1, { codigoModalidad: 1 }), { codigoEstado: 908, transaccion: true });
  for (let i = 0; i < 3; i++) add('computarizada', 'validacionRecepcionPaqueteFactura', s11(0, { codigoRecepcion: 'P1' }), { codigoEstado: 908, transaccion: true });
  add('computarizada', 'validacionRecepcionPaqueteFactura', s11(0, { codigoRecepcion: 'P2' }), { codigoEstado: 901, transaccion: true });
  add('computarizada', 'anulacionFactura', s1(0), { codigoEstado: 905, transaccion: true });
  add('computarizada', 'reversionAnulacionFactura', s1(0), { codigoEstado: 907, transaccion: true });
  // Two events at PV 1: the first gets a package of sector 11 (then one of sector 1, which does
  // not move it); the second none yet.
  add('operaciones', 'registroEventoSignificativo', req(1), { transaccion: true, codigoRecepcionEventoSignificativo: 5 });
  add('operaciones', 'registroEventoSignificativo', req(1), { transaccion: true, codigoRecepcionEventoSignificativo: 6 });
  add('computarizada', 'recepcionPaqueteFactura', s11(1, { codigoEvento: 5 }), { codigoEstado: 901, transaccion: true });
  add('computarizada', 'recepcionPaqueteFactura', s1(1, { codigoEvento: 5 }), { codigoEstado: 901, transaccion: true });
  // A refused package names nothing.
  add('computarizada', 'recepcionPaqueteFactura', s1(1, { codigoEvento: 6 }), { codigoEstado: 902, transaccion: false });
  add('codigos', 'cufd', { nit: '9999', codigoPuntoVenta: 0 }, { transaccion: true });

  const rows = seg.of('7000123019');
  const count = (etapa: string, pv: number, sector: number | null) => rows.find((r) => r.etapa === etapa && r.puntoVenta === pv && r.sector === sector)?.cantidad;
  assert.deepEqual(
    [count('I', 0, null), count('II', 1, null), count('III', 0, null), count('IV', 0, 1), count('IV', 0, 11), count('IV', 1, 1), count('VIII', 0, 1), count('VIII', 1, 1), count('VI', 0, 11), count('VI', 0, 1), count('VII', 0, 1), count('XI', 0, 1), count('XI', 0, 11)],
    [2, 2, 0, 1, 2, 1, 0, 1, 1, 0, 1, 1, 0],
  );
  assert.deepEqual([count('V', 1, 11), count('V', 1, 1), count('V', 1, null), count('V', 0, null)], [1, 0, 1, undefined], 'one event of sector 11, one no package named yet');
  // The system's stages have no sector; every per-sector stage lists each sector seen (0 where none).
  assert.ok(rows.filter((r) => ['I', 'II', 'III'].includes(r.etapa)).every((r) => r.sector === null));
  assert.deepEqual(rows.filter((r) => r.puntoVenta === 0 && r.etapa === 'IX').map((r) => [r.sector, r.cantidad]), [[1, 0], [11, 0]]);
  assert.equal(seg.of('9999').find((r) => r.etapa === 'III')!.cantidad, 1, 'another NIT has its own tally');
});

test('a data directory from before the per-sector tally gains the column; its counts stay, without a sector', () => {
  const tmp = tempDir();
  try {
    const old = openSimDatabase(tmp.dir);
    old.exec('DROP TABLE seguimiento; CREATE TABLE seguimiento (nit TEXT NOT NULL, pv INTEGER NOT NULL, etapa TEXT NOT NULL, ref TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (nit, pv, etapa, ref))');
    old.prepare(`INSERT INTO seguimiento VALUES ('7000123019', 0, 'IV', 'old', 0)`).run();
    old.close();
    const db = openSimDatabase(tmp.dir);
    try {
      const seg = new Seguimiento(db, new SimClock(() => new Date()));
      seg.add(talliesOf('computarizada', 'recepcionFactura', { nit: '7000123019', codigoPuntoVenta: 0, codigoDocumentoSector: 1, codigoModalidad: 2 }, { codigoEstado: 908 }));
      const iv = seg.of('7000123019').filter((r) => r.etapa === 'IV').map((r) => [r.sector, r.cantidad]);
      assert.deepEqual(iv, [[null, 1], [1, 1]]);
    } finally {
      db.close();
    }
  } finally {
    tmp.cleanup();
  }
});
