// The simulator's own SQLite database: what SIAT itself would know (taxpayers, systems,
// branches and points of sale, CUIS, CUFD, received documents, events, packages).
// Runs in: SIAT simulator only. Times are epoch milliseconds of the simulator clock.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile } from '../config/paths';

export type SimDatabase = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS taxpayers (
  nit TEXT PRIMARY KEY,
  razon_social TEXT NOT NULL,
  municipio TEXT NOT NULL,
  telefono TEXT,
  modalidades TEXT NOT NULL,          -- JSON array of codigoModalidad
  masiva INTEGER NOT NULL DEFAULT 1   -- registered for massive issuance (955 otherwise)
);
-- The document sectors each NIT may issue (SIAT 940 otherwise). Seeded for the training taxpayer;
-- /admin/sectors replaces a NIT's list.
CREATE TABLE IF NOT EXISTS taxpayer_sectors (
  nit TEXT NOT NULL,
  sector INTEGER NOT NULL,
  PRIMARY KEY (nit, sector)
);
CREATE TABLE IF NOT EXISTS systems (
  codigo_sistema TEXT PRIMARY KEY,
  nit TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS branches (
  nit TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  direccion TEXT NOT NULL,
  municipio TEXT NOT NULL,
  PRIMARY KEY (nit, codigo_sucursal)
);
CREATE TABLE IF NOT EXISTS points_of_sale (
  nit TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  nombre TEXT NOT NULL,
  descripcion TEXT NOT NULL,
  tipo INTEGER NOT NULL,
  closed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (nit, codigo_sucursal, codigo_punto_venta)
);
CREATE TABLE IF NOT EXISTS cuis (
  codigo TEXT PRIMARY KEY,
  nit TEXT NOT NULL,
  codigo_sistema TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  modalidad INTEGER NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS cufds (
  codigo TEXT PRIMARY KEY,
  codigo_control TEXT NOT NULL,
  nit TEXT NOT NULL,
  codigo_sistema TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  modalidad INTEGER NOT NULL,
  cuis TEXT NOT NULL,
  direccion TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS invoices (
  cuf TEXT PRIMARY KEY,
  nit TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  sector INTEGER NOT NULL,
  numero INTEGER NOT NULL,
  modalidad INTEGER NOT NULL,
  emision INTEGER NOT NULL,
  fecha_emision TEXT NOT NULL,
  cufd TEXT NOT NULL,
  codigo_recepcion TEXT NOT NULL,
  package_id TEXT,
  estado TEXT NOT NULL,               -- VALIDA | ANULADA
  motivo_anulacion INTEGER,
  reverted INTEGER NOT NULL DEFAULT 0,
  registered_at INTEGER NOT NULL,
  xml TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS receptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cuf TEXT,
  nit TEXT,
  operation TEXT NOT NULL,
  sector INTEGER,                     -- codigoDocumentoSector of the request
  package_id TEXT,
  numero_archivo INTEGER,
  received_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,              -- VALIDADA | RECHAZADA | DUPLICADA
  messages TEXT NOT NULL              -- JSON mensajesList
);
CREATE INDEX IF NOT EXISTS receptions_cuf ON receptions (cuf);
CREATE TABLE IF NOT EXISTS events (
  codigo_recepcion INTEGER PRIMARY KEY,
  nit TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  codigo_motivo INTEGER NOT NULL,
  descripcion TEXT NOT NULL,
  cufd TEXT NOT NULL,
  cufd_evento TEXT NOT NULL,
  inicio INTEGER NOT NULL,
  fin INTEGER NOT NULL,
  inicio_text TEXT NOT NULL,
  fin_text TEXT NOT NULL,
  registered_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS packages (
  codigo_recepcion TEXT PRIMARY KEY,
  kind TEXT NOT NULL,                 -- paquete | masiva | compras
  service TEXT NOT NULL,
  nit TEXT NOT NULL,
  codigo_sucursal INTEGER NOT NULL,
  codigo_punto_venta INTEGER NOT NULL,
  sector INTEGER NOT NULL,
  modalidad INTEGER NOT NULL,
  emision INTEGER NOT NULL,
  tipo_factura INTEGER NOT NULL,
  cufd TEXT NOT NULL,
  codigo_evento INTEGER,
  cafc TEXT,
  cantidad INTEGER NOT NULL,
  archivo BLOB NOT NULL,
  received_at INTEGER NOT NULL,
  ready_at INTEGER NOT NULL,          -- wall-clock ms: validation runs after the delay
  estado INTEGER NOT NULL,            -- 901 pending, then 908 | 904 | 902
  result TEXT,                        -- JSON mensajesList of the validation
  forced_rejections TEXT              -- JSON: files rejected through /admin/reject-files
);
CREATE TABLE IF NOT EXISTS pinned_certificates (
  nit TEXT PRIMARY KEY,
  cert_pem TEXT NOT NULL
);
-- The portal's "seguimiento" of the authorization tests (seguimiento.ts): one row per counted answer.
CREATE TABLE IF NOT EXISTS seguimiento (
  nit TEXT NOT NULL,
  pv INTEGER NOT NULL,
  etapa TEXT NOT NULL,
  sector INTEGER,                     -- codigoDocumentoSector; NULL for I–III (and an event no package named yet)
  ref TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (nit, pv, etapa, ref)
);
CREATE TABLE IF NOT EXISTS nit_status (
  nit TEXT PRIMARY KEY,
  status TEXT NOT NULL                -- ACTIVO | INACTIVO | INEXISTENTE
);
`;

/** Opens `<dataDir>/siat-sim.sqlite`, or an in-memory database when dataDir is undefined. */
export function openSimDatabase(dataDir?: string): SimDatabase {
  let db: SimDatabase;
  if (dataDir) {
    // Inside Kipu's data directory when embedded: owner-only like it (issue #19, finding 10).
    // The file's mode is set before SQLite opens it; its -wal and -shm take the same.
    ensurePrivateDir(dataDir);
    ensurePrivateFile(join(dataDir, 'siat-sim.sqlite'));
    db = new Database(join(dataDir, 'siat-sim.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
  } else {
    db = new Database(':memory:');
  }
  db.exec(SCHEMA);
  // A data directory created before receptions had their sector (CREATE … IF NOT EXISTS keeps
  // the old table): the column is added, older rows stay without a sector.
  const columns = db.prepare('PRAGMA table_info(receptions)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'sector')) db.exec('ALTER TABLE receptions ADD COLUMN sector INTEGER');
  // Likewise the seguimiento before it counted per sector: older counts stay without one.
  const tally = db.prepare('PRAGMA table_info(seguimiento)').all() as { name: string }[];
  if (!tally.some((c) => c.name === 'sector')) db.exec('ALTER TABLE seguimiento ADD COLUMN sector INTEGER');
  return db;
}
