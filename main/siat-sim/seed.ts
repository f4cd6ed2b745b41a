// What the simulator knows out of the box: the training taxpayer and the rehearsal's (both
// modalities, a system each, their branches with point of sale 0) and a small NIT register for verificarNit.
// Idempotent: a simulator with a data directory keeps what was registered since.
// Runs in: SIAT simulator only.

import { SIMULATED_TAXPAYERS, type TrainingBranch, type TrainingTaxpayer } from './training-taxpayer';
import type { SimDatabase } from './db';

/**
 * NITs with a fixed verificarNit answer (README, "verificarNit"): NITs of the official SIN
 * samples (CONTRACT §4, §9.1) are active, and the training demo store's client with a NIT
 * (main/training/demo-store.ts, the telecom and air-ticket samples' NIT too); a short list is
 * inactive for tests and training.
 */
export const KNOWN_ACTIVE_NITS = ['1003579028', '123456789', '142591020', '374803027', '1020304019'];
export const KNOWN_INACTIVE_NITS = ['1000000011', '2000000012', '9999999990'];

export function seedSimulator(db: SimDatabase): void {
  db.transaction(() => {
    // The training taxpayer and the one the screen's rehearsal runs on (training-taxpayer.ts).
    for (const tp of SIMULATED_TAXPAYERS) seedTaxpayer(db, tp);
    for (const n of KNOWN_ACTIVE_NITS) db.prepare(`INSERT OR IGNORE INTO nit_status (nit, status) VALUES (?, 'ACTIVO')`).run(n);
    for (const n of KNOWN_INACTIVE_NITS) db.prepare(`INSERT OR IGNORE INTO nit_status (nit, status) VALUES (?, 'INACTIVO')`).run(n);
  })();
}

function seedTaxpayer(db: SimDatabase, tp: TrainingTaxpayer): void {
  const nit = String(tp.nit);
  db.prepare('INSERT OR IGNORE INTO taxpayers (nit, razon_social, municipio, telefono, modalidades, masiva) VALUES (?, ?, ?, ?, ?, 1)').run(
    nit,
    tp.razonSocial,
    tp.municipio,
    tp.telefono,
    JSON.stringify(tp.modalidades),
  );
  db.prepare('INSERT OR IGNORE INTO systems (codigo_sistema, nit) VALUES (?, ?)').run(tp.codigoSistema, nit);
  for (const b of tp.branches) insertBranch(db, nit, b, { keepAddress: true });
  // Seeded once: a list restricted through /admin/sectors survives a restart on a data directory.
  if (!db.prepare('SELECT 1 FROM taxpayer_sectors WHERE nit = ?').get(nit)) {
    for (const s of tp.sectors) db.prepare('INSERT INTO taxpayer_sectors (nit, sector) VALUES (?, ?)').run(nit, s);
  }
}

/**
 * A sucursal in the padrón with its point of sale 0 (the branch itself, no point of sale),
 * which exists from the start. `keepAddress`: an existing branch keeps its address (the seed
 * on a persistent data directory); otherwise the address is replaced (/admin/branch, like an
 * update in the SIN's portal).
 */
export function insertBranch(db: SimDatabase, nit: string, b: TrainingBranch, opts: { keepAddress?: boolean } = {}): void {
  db.prepare(
    `INSERT INTO branches (nit, codigo_sucursal, direccion, municipio) VALUES (?, ?, ?, ?)
     ON CONFLICT(nit, codigo_sucursal) DO ${opts.keepAddress ? 'NOTHING' : 'UPDATE SET direccion = excluded.direccion, municipio = excluded.municipio'}`,
  ).run(nit, b.codigoSucursal, b.direccion, b.municipio);
  db.prepare(
    'INSERT OR IGNORE INTO points_of_sale (nit, codigo_sucursal, codigo_punto_venta, nombre, descripcion, tipo) VALUES (?, ?, 0, ?, ?, 2)',
  ).run(nit, b.codigoSucursal, b.codigoSucursal === 0 ? 'CASA MATRIZ' : `SUCURSAL ${b.codigoSucursal}`, 'PUNTO DE VENTA PRINCIPAL');
}
